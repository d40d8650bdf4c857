import { ApiError } from "../errors";

/**
 * An SMTP reply that refuses: smtp-server sends `responseCode` and the message, which
 * starts with the enhanced status code (RFC 3463) we chose, e.g. `552 5.3.4 …`.
 */
export class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
    /** What the metrics and the log call it (the /v1 error type when there is one). */
    readonly reason: string = "smtp",
  ) {
    super(message);
  }
}

/** A temporary condition: the client keeps the message and tries again later. */
const TEMPORARY_TYPES = new Set(["rate_limited", "quota_exceeded", "deliverability_blocked"]);

/**
 * The reply for a send that /v1 would refuse, in the same words. Temporary conditions
 * (rate limits, quotas, the breaker that lifts by itself, anything that is not the
 * message's fault: the database unreachable, a bug) are 4xx so the client retries;
 * what is wrong with the message or the account is 5xx.
 */
export function replyFor(err: unknown): SmtpReply {
  if (err instanceof SmtpReply) return err;
  if (!(err instanceof ApiError)) return new SmtpReply(451, "4.3.0 Temporary server error; try again later.", "server_error");
  const words = err.retryAfter ? `${err.message} (retry after ${err.retryAfter} seconds)` : err.message;
  if (TEMPORARY_TYPES.has(err.type)) return new SmtpReply(451, `4.7.1 ${words}`, err.type);
  if (err.status === 413) return new SmtpReply(552, `5.3.4 ${words}`, err.type);
  switch (err.type) {
    case "validation_error":
      return new SmtpReply(550, `5.6.0 ${words}`, err.type);
    case "suppressed_recipient":
      return new SmtpReply(550, `5.1.1 ${words}`, err.type);
    case "authentication_error":
      return new SmtpReply(550, `5.7.8 ${words}`, err.type);
    default:
      // domain_error, sandbox_recipient, account_pending_review: the account may not send this.
      return new SmtpReply(550, `5.7.1 ${words}`, err.type);
  }
}
