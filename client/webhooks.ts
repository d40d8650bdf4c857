import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Receiver-side helpers for Posthaste webhooks. Each delivery carries
 *   posthaste-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 * keyed with the endpoint's signing secret (the whole `whsec_…` string), plus
 * `posthaste-event-id` and `posthaste-timestamp`. Verify on the raw body bytes, before
 * any JSON parsing, and dedupe on the event id: delivery is at least once.
 *
 *   const event = verifyWebhook({ secret, rawBody, signature: req.headers["posthaste-signature"] });
 */

export const SIGNATURE_HEADER = "posthaste-signature";
export const EVENT_ID_HEADER = "posthaste-event-id";
export const TIMESTAMP_HEADER = "posthaste-timestamp";

/** Hex HMAC-SHA256 of `<timestamp>.<rawBody>`: the `v1` value. */
export function computeSignature(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/** The full header value for a body signed at `timestamp` (Unix seconds). */
export function signatureHeader(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, rawBody)}`;
}

export class WebhookVerificationError extends Error {}

export interface VerifyOptions {
  secret: string;
  /** The body exactly as received (Buffer or the undecoded string). */
  rawBody: string | Buffer;
  /** The `posthaste-signature` header value. */
  signature: string | string[] | null | undefined;
  /** Reject signatures older or newer than this many seconds (default 300): stops replays. */
  toleranceSeconds?: number;
  /** Current time in Unix seconds (for tests). */
  now?: number;
}

/**
 * Checks the signature (constant-time) and the timestamp tolerance, then returns the
 * parsed event. Throws WebhookVerificationError when anything is off. Several `v1`
 * values are accepted, so a sender may sign with two secrets while one is rotated.
 */
export function verifyWebhook<T = { id: string; type: string; created_at: string; data: Record<string, unknown> }>(opts: VerifyOptions): T {
  const header = Array.isArray(opts.signature) ? opts.signature[0] : opts.signature;
  if (!header) throw new WebhookVerificationError("missing signature header");
  let timestamp: string | null = null;
  const candidates: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") timestamp = value;
    else if (key === "v1") candidates.push(value);
  }
  if (!timestamp || !/^\d+$/.test(timestamp) || candidates.length === 0) {
    throw new WebhookVerificationError("malformed signature header");
  }
  const tolerance = opts.toleranceSeconds ?? 300;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError("signature timestamp outside the tolerance");
  }
  const expected = Buffer.from(computeSignature(opts.secret, timestamp, opts.rawBody), "hex");
  const matches = candidates.some((candidate) => {
    const given = Buffer.from(candidate, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError("signature does not match");
  const text = typeof opts.rawBody === "string" ? opts.rawBody : opts.rawBody.toString("utf8");
  return JSON.parse(text) as T;
}
