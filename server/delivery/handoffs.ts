import { unsubscribeHeaders } from "../suppressions/unsubscribe";
import { envelopeRecipients, type EmailRow } from "./mime";
import { PermanentSendError } from "./providers";

/** One rendering of a message handed to the provider: its envelope recipients and the headers only this copy carries. */
export interface Handoff {
  recipients: string[];
  extraHeaders?: Record<string, string>;
}

/**
 * The copies a message leaves as. Transactional mail is one copy to every recipient. Bulk
 * mail is one copy per distinct recipient (to, cc and bcc alike), each with a
 * List-Unsubscribe link naming only that recipient and an envelope naming only them.
 */
export function handoffsOf(email: EmailRow): Handoff[] {
  const recipients = envelopeRecipients(email);
  if (!email.bulk) return [{ recipients }];
  return recipients.map((recipient) => ({ recipients: [recipient], extraHeaders: unsubscribeHeaders(email, recipient) }));
}

export type HandoffResult = { providerId: string; refused: { recipient: string; reason: string }[] };

/**
 * Hands off every copy in turn. The first accepted copy's provider id stands for the
 * message. A copy refused for good while another was accepted is that recipient's bounce;
 * when every copy is refused, or any copy fails temporarily, the error is thrown and the
 * whole message is retried or failed as one (copies already accepted may then go out again,
 * as after a crash: at least once, under the same Message-ID).
 */
export async function handOffAll(handoffs: Handoff[], send: (handoff: Handoff) => Promise<string>): Promise<HandoffResult> {
  let providerId: string | null = null;
  let firstRefusal: PermanentSendError | null = null;
  const refused: HandoffResult["refused"] = [];
  for (const handoff of handoffs) {
    try {
      const id = await send(handoff);
      providerId ??= id;
    } catch (err) {
      if (!(err instanceof PermanentSendError)) throw err;
      firstRefusal ??= err;
      for (const recipient of handoff.recipients) refused.push({ recipient, reason: err.message });
    }
  }
  if (providerId === null) throw firstRefusal ?? new PermanentSendError("The message has no recipients.");
  return { providerId, refused };
}
