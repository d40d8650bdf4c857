import { config } from "../config";
import { storedMailbox } from "../lib/email-address";
import { readSignedPayload, signPayload } from "../lib/signed-token";

/**
 * One-click unsubscribe (RFC 8058) for bulk mail. The link carries a signed token naming
 * the account, the message and its `to` addresses; following it adds an `unsubscribe`
 * suppression (which blocks bulk mail only) for those addresses.
 */

export interface UnsubscribeToken {
  accountId: string;
  emailId: string;
  addresses: string[];
}

const PURPOSE = "unsubscribe";

export function unsubscribeToken(token: UnsubscribeToken): string {
  return signPayload(PURPOSE, { a: token.accountId, e: token.emailId, r: token.addresses });
}

/** The token's contents, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(token: string): UnsubscribeToken | null {
  const parsed = readSignedPayload(PURPOSE, token);
  if (!parsed || typeof parsed.a !== "string" || typeof parsed.e !== "string" || !Array.isArray(parsed.r)) return null;
  return { accountId: parsed.a, emailId: parsed.e, addresses: parsed.r.filter((x): x is string => typeof x === "string") };
}

export function unsubscribeUrl(email: { id: string; accountId: string; to: string[] }): string {
  const token = unsubscribeToken({ accountId: email.accountId, emailId: email.id, addresses: email.to.map((to) => storedMailbox(to).address) });
  return `${config().appUrl}/unsubscribe/${token}`;
}

/** The two headers a bulk message carries (the sending pipeline adds them). */
export function unsubscribeHeaders(email: { id: string; accountId: string; to: string[] }): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(email)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
