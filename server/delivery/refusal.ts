/**
 * What a provider's synchronous refusal means, by the reply's enhanced status code
 * (RFC 3463) where it has one, else by its basic code:
 * - `bounce`: 5.1.x (bad mailbox or domain) and 5.2.1 (mailbox disabled): a hard bounce,
 *   the recipient is suppressed, as Resend, Postmark and SES treat it.
 * - `permanent`: any other 5xx: the message fails, nobody is suppressed.
 * - `temporary`: 4xx, or no reply at all (refused, reset, timed out, TLS failure): retried.
 */
export type RefusalClass = "bounce" | "permanent" | "temporary";

/** "550 5.1.1 <x@y>: user unknown": the enhanced code right after the basic one, on any line. */
const AFTER_BASIC = /(?:^|\n)[245]\d\d[ -]([245])\.(\d{1,3})\.(\d{1,3})\b/;
/** A free-text message (SES's) may quote a reply anywhere. */
const ANYWHERE = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;

export function classifyRefusal(reply: string, basicCode?: number): RefusalClass {
  const enhanced = (basicCode ? AFTER_BASIC : ANYWHERE).exec(reply);
  const klass = basicCode ? Math.floor(basicCode / 100) : enhanced ? Number(enhanced[1]) : 0;
  if (klass !== 5) return "temporary";
  if (enhanced && enhanced[1] === "5" && (enhanced[2] === "1" || (enhanced[2] === "2" && enhanced[3] === "1"))) return "bounce";
  return "permanent";
}

/** A recipient the provider refused, with the reply it gave. */
export interface RefusedRecipient {
  address: string;
  reply: string;
  /** A hard bounce (suppress the address), or another refusal of this one recipient. */
  hard: boolean;
}

/** A hand-off the provider refused for good (a 5xx, a rejected sender): retrying cannot help. */
export class PermanentSendError extends Error {}

/** The provider refused every recipient for good, and at least one was a hard bounce. */
export class BouncedSendError extends PermanentSendError {
  constructor(
    message: string,
    readonly recipients: RefusedRecipient[],
  ) {
    super(message);
  }
}
