import { config } from "../../config";
import { sesClient, sesSdk } from "../../ses/client";
import type { EmailRow } from "../email-row";
import type { Rendered } from "../mime";
import { BouncedSendError, classifyRefusal, PermanentSendError } from "../refusal";
import { UNPOOLED_IN_FLIGHT, type Provider } from "./types";

/** SES errors that retrying will not fix; everything else (throttling, 5xx, network) is retried. */
const PERMANENT = new Set([
  "MessageRejected",
  "MailFromDomainNotVerifiedException",
  "AccountSuspendedException",
  "SendingPausedException",
  "BadRequestException",
  "NotFoundException",
]);

/** SES tag names and values allow [A-Za-z0-9_-] only. */
const tagSafe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 256) || "_";

/**
 * SESv2 SendEmail with the raw MIME we built (so attachments, headers and our
 * Message-ID travel as they are); SES adds its Easy DKIM signature. Returns SES's
 * MessageId, which SNS notifications carry as mail.messageId.
 */
async function sendRawWithSes(message: Rendered, email: EmailRow, deadline?: AbortSignal): Promise<string> {
  const cfg = config();
  const { SendEmailCommand, SESv2ServiceException } = await sesSdk();
  try {
    const out = await (
      await sesClient()
    ).send(
      new SendEmailCommand({
        FromEmailAddress: message.envelope.from,
        Destination: { ToAddresses: message.envelope.to },
        Content: { Raw: { Data: message.raw } },
        ...(cfg.sesConfigurationSet ? { ConfigurationSetName: cfg.sesConfigurationSet } : {}),
        EmailTags: [
          { Name: "posthaste_email_id", Value: email.id },
          ...email.tags.slice(0, 10).map((t) => ({ Name: tagSafe(t.name), Value: tagSafe(t.value) })),
        ],
      }),
      { abortSignal: deadline },
    );
    if (!out.MessageId) throw new Error("SES answered without a MessageId");
    return out.MessageId;
  } catch (err) {
    if (!(err instanceof SESv2ServiceException)) throw err;
    // The SMTP rules where SES quotes a reply's enhanced code (5.1.x, 5.2.1: a hard bounce);
    // otherwise by the error's name.
    const text = `SES refused the message: ${err.name}: ${err.message}`;
    const klass = classifyRefusal(err.message);
    if (klass === "bounce")
      throw new BouncedSendError(
        text,
        message.envelope.to.map((address) => ({ address, reply: err.message, hard: true })),
      );
    if (klass === "permanent" || PERMANENT.has(err.name)) throw new PermanentSendError(text);
    throw err;
  }
}

/** Amazon SES (SESv2 API); SES signs with Easy DKIM itself. */
export const sesProvider: Provider = {
  name: "ses",
  signs: false,
  inFlight: UNPOOLED_IN_FLIGHT,
  send: async (message, email, _db, deadline) => ({ providerId: await sendRawWithSes(message, email, deadline), refused: [] }),
  async close() {},
};
