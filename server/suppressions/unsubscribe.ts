import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";
import { storedMailbox } from "../lib/email-address";

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

function key(): string {
  const secret = config().authSecret ?? config().encryptionKey;
  if (!secret) throw new Error("AUTH_SECRET (or ENCRYPTION_KEY) is needed to sign unsubscribe links");
  return `posthaste-unsubscribe:${secret}`;
}

function mac(payload: string): string {
  return createHmac("sha256", key()).update(payload).digest("base64url");
}

export function unsubscribeToken(token: UnsubscribeToken): string {
  const payload = Buffer.from(JSON.stringify({ a: token.accountId, e: token.emailId, r: token.addresses })).toString("base64url");
  return `${payload}.${mac(payload)}`;
}

/** The token's contents, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(token: string): UnsubscribeToken | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { a?: unknown; e?: unknown; r?: unknown };
    if (typeof parsed.a !== "string" || typeof parsed.e !== "string" || !Array.isArray(parsed.r)) return null;
    return { accountId: parsed.a, emailId: parsed.e, addresses: parsed.r.filter((x): x is string => typeof x === "string") };
  } catch {
    return null;
  }
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
