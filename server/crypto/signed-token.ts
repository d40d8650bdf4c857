import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";

/**
 * Tokens that travel in links (unsubscribe, email verification): base64url(JSON payload)
 * "." base64url(HMAC-SHA256), keyed with "posthaste-<purpose>:<AUTH_SECRET>", so a token made
 * for one use is never accepted for another. (ENCRYPTION_KEY stands in for an unset
 * AUTH_SECRET, as unsubscribe links always allowed.)
 */
function mac(purpose: string, body: string): Buffer {
  const secret = config().authSecret ?? config().encryptionKey;
  if (!secret) throw new Error("AUTH_SECRET is needed to sign links");
  return createHmac("sha256", `posthaste-${purpose}:${secret}`).update(body).digest();
}

export function signPayload(purpose: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${mac(purpose, body).toString("base64url")}`;
}

/** The payload, or null when the token is malformed or its signature does not match. */
export function readSignedPayload(purpose: string, token: string): Record<string, unknown> | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  // Compared as text: decoding would accept other spellings of the same bytes (base64url's
  // last character carries spare bits), and a token should have exactly one form.
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(purpose, body).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    return payload && typeof payload === "object" && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A link's token: the payload and `x`, its expiry in Unix seconds, `ttlSeconds` from now. */
export function signExpiringPayload(purpose: string, payload: object, ttlSeconds: number, now = Date.now()): string {
  return signPayload(purpose, { ...payload, x: Math.floor(now / 1000) + ttlSeconds });
}

/** The payload of a link's token while it is valid: signed for this purpose and not expired. */
export function readExpiringPayload(purpose: string, token: string, now = Date.now()): Record<string, unknown> | null {
  const payload = readSignedPayload(purpose, token);
  if (!payload || typeof payload.x !== "number" || payload.x * 1000 <= now) return null;
  return payload;
}
