import { config } from "../config";
import { readSignedPayload, signPayload } from "../crypto/signed-token";

/**
 * One-click unsubscribe (RFC 8058) for bulk mail. Each recipient's copy of a bulk message
 * carries its own link, whose signed token names the account, the message and that one
 * recipient; following it adds an `unsubscribe` suppression (which blocks bulk mail only)
 * for that address alone, so no recipient can unsubscribe another.
 */

export interface UnsubscribeToken {
  accountId: string;
  emailId: string;
  address: string;
}

const PURPOSE = "unsubscribe";

export function unsubscribeToken(token: UnsubscribeToken): string {
  return signPayload(PURPOSE, { a: token.accountId, e: token.emailId, r: token.address });
}

/**
 * The token's contents, or null when it is malformed, its signature does not match, or
 * it names several addresses (links sent before one token per recipient: honouring them
 * would let one recipient unsubscribe the others). A one-address list of those days is read.
 */
export function readUnsubscribeToken(token: string): UnsubscribeToken | null {
  const parsed = readSignedPayload(PURPOSE, token);
  if (!parsed) return null;
  const address = Array.isArray(parsed.r) && parsed.r.length === 1 ? parsed.r[0] : parsed.r;
  if (typeof parsed.a !== "string" || typeof parsed.e !== "string" || typeof address !== "string" || !address) return null;
  return { accountId: parsed.a, emailId: parsed.e, address };
}

/** `recipient`: a bare, normalised address of the message (its envelope recipient). */
export function unsubscribeUrl(email: { id: string; accountId: string }, recipient: string): string {
  return `${config().trackingUrl}/unsubscribe/${unsubscribeToken({ accountId: email.accountId, emailId: email.id, address: recipient })}`;
}

/** The two headers a recipient's copy of a bulk message carries (the sending pipeline adds them). */
export function unsubscribeHeaders(email: { id: string; accountId: string }, recipient: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(email, recipient)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
