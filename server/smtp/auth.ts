import type { Account } from "../accounts/account-cache";
import { authenticate, type AuthenticatedKey } from "../auth/authenticate";
import { countAttempt, peekAttempts } from "../auth/rate-limit";
import { config } from "../config";
import { ApiError } from "../errors";
import { smtpAuthFailures } from "../ops/metrics";
import { SmtpReply } from "./replies";

/** The AUTH user names: ours, and Resend's (its SMTP settings work unchanged). */
export const SMTP_USERNAMES = ["posthaste", "resend"] as const;

/** What a session holds after AUTH: the key (to check it again per message) and whose it is. */
export interface SmtpUser {
  apiKey: string;
  keyId: string;
  accountId: string;
}

const attemptsKey = (clientIp: string) => `smtp-auth:${clientIp}`;

const failure = (message: string) => new SmtpReply(535, `5.7.8 ${message}`);

/**
 * AUTH PLAIN/LOGIN: the password is an API key, checked now against the same key table
 * and account standing as /v1 (server/auth/authenticate.ts), so a bad, malformed or
 * revoked key never gets as far as DATA. Failures count against the client's address in
 * the database (auth_rate_limits, as the dashboard's sign-in does), so the limit holds
 * across listener processes and instances; past SMTP_AUTH_FAILURES_PER_IP in the window
 * every AUTH from that address is refused, even with a good key, until the window ends.
 */
export async function checkSmtpAuth(username: string, password: string, clientIp: string): Promise<SmtpUser> {
  const window = config().smtpSubmission.authFailuresPerIp;
  const verdict = await peekAttempts(attemptsKey(clientIp), window);
  if (!verdict.allowed) {
    smtpAuthFailures.inc({ reason: "too_many" });
    throw new SmtpReply(454, `4.7.0 Too many failed AUTH attempts from this address. Try again in ${verdict.retryAfterSeconds} seconds.`);
  }
  let found: { key: AuthenticatedKey; account: Account };
  try {
    if (!(SMTP_USERNAMES as readonly string[]).includes(username.toLowerCase())) {
      throw new ApiError("authentication_error", 401, `The username is "posthaste" (or "resend"); the password is an API key.`);
    }
    found = await authenticate(`Bearer ${password}`);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err; // the database: a temporary failure, not the client's
    smtpAuthFailures.inc({
      reason: /username/.test(err.message) ? "username" : /Malformed/.test(err.message) ? "malformed" : "invalid_key",
    });
    await countAttempt(attemptsKey(clientIp), window);
    throw failure(err.message);
  }
  // As POST /v1/emails answers 403 for a paused account: SMTP can only send, so it is refused here.
  if (found.account.pausedAt) {
    smtpAuthFailures.inc({ reason: "paused" });
    throw failure("Sending is paused for this account.");
  }
  return { apiKey: password, keyId: found.key.keyId, accountId: found.account.id };
}
