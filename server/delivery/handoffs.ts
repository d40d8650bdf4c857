import { unsubscribeHeaders } from "../suppressions/unsubscribe";
import type { MessageAddresses } from "./message-addresses";
import type { EmailRow } from "./email-row";
import type { Accepted } from "./providers";
import { BouncedSendError, PermanentSendError, type RefusedRecipient } from "./refusal";

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
export function handoffsOf(email: EmailRow, addresses: MessageAddresses): Handoff[] {
  if (!email.bulk) return [{ recipients: addresses.recipients }];
  return addresses.recipients.map((recipient) => ({ recipients: [recipient], extraHeaders: unsubscribeHeaders(email, recipient) }));
}

/**
 * Hands off every copy in turn. The first accepted copy's provider id stands for the
 * message. A copy refused for good while another was accepted is that recipient's
 * refusal (a hard bounce suppresses it). When every copy is refused for good, the message
 * bounces if any refusal was a hard bounce, else fails; a temporary failure of any copy
 * throws, and the whole message is retried (copies already accepted may then go out
 * again, as after a crash: at least once, under the same Message-ID).
 */
export async function handOffAll(handoffs: Handoff[], send: (handoff: Handoff) => Promise<Accepted>): Promise<Accepted> {
  let providerId: string | null = null;
  let firstRefusal: PermanentSendError | null = null;
  const refused: RefusedRecipient[] = [];
  for (const handoff of handoffs) {
    try {
      const accepted = await send(handoff);
      providerId ??= accepted.providerId;
      refused.push(...accepted.refused);
    } catch (err) {
      if (!(err instanceof PermanentSendError)) throw err;
      firstRefusal ??= err;
      if (err instanceof BouncedSendError) refused.push(...err.recipients);
      else refused.push(...handoff.recipients.map((address) => ({ address, reply: err.message, hard: false })));
    }
  }
  if (providerId !== null) return { providerId, refused };
  if (!firstRefusal) throw new PermanentSendError("The message has no recipients.");
  if (handoffs.length > 1 && refused.some((r) => r.hard)) throw new BouncedSendError(firstRefusal.message, refused);
  throw firstRefusal;
}
