import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";
import { normaliseAddress } from "./suppress";

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

function key(): string {
  const secret = config().authSecret ?? config().encryptionKey;
  if (!secret) throw new Error("AUTH_SECRET (or ENCRYPTION_KEY) is needed to sign unsubscribe links");
  return `posthaste-unsubscribe:${secret}`;
}

function mac(payload: string): string {
  return createHmac("sha256", key()).update(payload).digest("base64url");
}

export function unsubscribeToken(token: UnsubscribeToken): string {
  const payload = Buffer.from(JSON.stringify({ a: token.accountId, e: token.emailId, r: token.address })).toString("base64url");
  return `${payload}.${mac(payload)}`;
}

/**
 * The token's contents, or null when it is malformed or its signature does not match.
 * Tokens signed before one-per-recipient named a list: one naming a single address still
 * works; one naming several is refused (any of those recipients could have followed it).
 */
export function readUnsubscribeToken(token: string): UnsubscribeToken | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { a?: unknown; e?: unknown; r?: unknown };
    const address = Array.isArray(parsed.r) && parsed.r.length === 1 ? parsed.r[0] : parsed.r;
    if (typeof parsed.a !== "string" || typeof parsed.e !== "string" || typeof address !== "string" || !address) return null;
    return { accountId: parsed.a, emailId: parsed.e, address };
  } catch {
    return null;
  }
}

export function unsubscribeUrl(email: { id: string; accountId: string }, recipient: string): string {
  const token = unsubscribeToken({ accountId: email.accountId, emailId: email.id, address: normaliseAddress(recipient) });
  return `${config().appUrl}/unsubscribe/${token}`;
}

/** The two headers one recipient's copy of a bulk message carries. */
export function unsubscribeHeaders(email: { id: string; accountId: string }, recipient: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(email, recipient)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
