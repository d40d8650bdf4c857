import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Receiver-side helpers for Posthaste webhooks. Each delivery carries two signatures of
 * the same raw body, so either kind of verifier accepts it:
 *   posthaste-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 *     keyed with the endpoint's signing secret (the whole `whsec_…` string), beside
 *     `posthaste-event-id` and `posthaste-timestamp`;
 *   webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of
 *     "<id>.<timestamp>.<raw body>"> (Standard Webhooks, standardwebhooks.com), keyed with
 *     the base64-decoded part after `whsec_`, as Resend's, Svix's and the
 *     standardwebhooks libraries verify it.
 * Verify on the raw body bytes, before any JSON parsing, and dedupe on the event id:
 * delivery is at least once.
 *
 *   const event = verifyWebhookRequest({ secret, rawBody, headers: req.headers });
 */

export const SIGNATURE_HEADER = "posthaste-signature";
export const EVENT_ID_HEADER = "posthaste-event-id";
export const TIMESTAMP_HEADER = "posthaste-timestamp";
export const STANDARD_ID_HEADER = "webhook-id";
export const STANDARD_TIMESTAMP_HEADER = "webhook-timestamp";
export const STANDARD_SIGNATURE_HEADER = "webhook-signature";

const SECRET_PREFIX = "whsec_";

/** Hex HMAC-SHA256 of `<timestamp>.<rawBody>`: the `v1` value. */
export function computeSignature(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/** The full header value for a body signed at `timestamp` (Unix seconds). */
export function signatureHeader(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, rawBody)}`;
}

/**
 * The Standard Webhooks HMAC key of a secret: the bytes after `whsec_`, base64-decoded
 * (secrets issued before Posthaste used standard base64 are base64url; Node reads both).
 * A secret without the prefix is used as its UTF-8 bytes.
 */
export function standardWebhookKey(secret: string): Buffer {
  return secret.startsWith(SECRET_PREFIX) ? Buffer.from(secret.slice(SECRET_PREFIX.length), "base64") : Buffer.from(secret, "utf8");
}

/** Base64 HMAC-SHA256 of `<id>.<timestamp>.<rawBody>`, the Standard Webhooks `v1` value. */
export function computeStandardSignature(secret: string, id: string, timestamp: number | string, rawBody: string | Buffer): string {
  return createHmac("sha256", standardWebhookKey(secret)).update(`${id}.${timestamp}.`).update(rawBody).digest("base64");
}

/** The Standard Webhooks headers for a body with event id `id`, signed at `timestamp` (Unix seconds). */
export function standardWebhookHeaders(secret: string, id: string, timestamp: number, rawBody: string | Buffer): Record<string, string> {
  return {
    [STANDARD_ID_HEADER]: id,
    [STANDARD_TIMESTAMP_HEADER]: String(timestamp),
    [STANDARD_SIGNATURE_HEADER]: `v1,${computeStandardSignature(secret, id, timestamp, rawBody)}`,
  };
}

export class WebhookVerificationError extends Error {}

type HeaderValue = string | string[] | null | undefined;

export interface VerifyOptions {
  secret: string;
  /** The body exactly as received (Buffer or the undecoded string). */
  rawBody: string | Buffer;
  /** The `posthaste-signature` header value. */
  signature: HeaderValue;
  /** Reject signatures older or newer than this many seconds (default 300): stops replays. */
  toleranceSeconds?: number;
  /** Current time in Unix seconds (for tests). */
  now?: number;
}

export interface VerifyStandardOptions extends Omit<VerifyOptions, "signature"> {
  /** The `webhook-id`, `webhook-timestamp` and `webhook-signature` header values. */
  id: HeaderValue;
  timestamp: HeaderValue;
  signature: HeaderValue;
}

const first = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value) ?? undefined;

function checkTimestamp(timestamp: string | undefined, opts: { toleranceSeconds?: number; now?: number }): string {
  if (!timestamp || !/^\d+$/.test(timestamp)) throw new WebhookVerificationError("malformed signature header");
  const tolerance = opts.toleranceSeconds ?? 300;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError("signature timestamp outside the tolerance");
  }
  return timestamp;
}

/** Constant-time: does any candidate equal the expected bytes? */
function anyMatches(expected: Buffer, candidates: Buffer[]): boolean {
  return candidates.some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

function parsed<T>(rawBody: string | Buffer): T {
  return JSON.parse(typeof rawBody === "string" ? rawBody : rawBody.toString("utf8")) as T;
}

type Event = { id: string; type: string; created_at: string; data: Record<string, unknown> };

/**
 * Checks the posthaste-signature (constant-time) and the timestamp tolerance, then returns
 * the parsed event. Throws WebhookVerificationError when anything is off. Several `v1`
 * values are accepted, so a sender may sign with two secrets while one is rotated.
 */
export function verifyWebhook<T = Event>(opts: VerifyOptions): T {
  const header = first(opts.signature);
  if (!header) throw new WebhookVerificationError("missing signature header");
  let timestamp: string | undefined;
  const candidates: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") timestamp = value;
    else if (key === "v1") candidates.push(value);
  }
  if (candidates.length === 0) throw new WebhookVerificationError("malformed signature header");
  const t = checkTimestamp(timestamp, opts);
  const expected = Buffer.from(computeSignature(opts.secret, t, opts.rawBody), "hex");
  if (
    !anyMatches(
      expected,
      candidates.map((c) => Buffer.from(c, "hex")),
    )
  )
    throw new WebhookVerificationError("signature does not match");
  return parsed<T>(opts.rawBody);
}

/**
 * Checks the Standard Webhooks headers: `webhook-signature` holds space-separated
 * `v1,<base64>` values, any of which may match. Returns the parsed event.
 */
export function verifyStandardWebhook<T = Event>(opts: VerifyStandardOptions): T {
  const id = first(opts.id);
  const header = first(opts.signature);
  if (!id || !header) throw new WebhookVerificationError("missing signature header");
  const t = checkTimestamp(first(opts.timestamp), opts);
  const candidates = header
    .split(" ")
    .filter((part) => part.startsWith("v1,"))
    .map((part) => Buffer.from(part.slice(3), "base64"));
  if (candidates.length === 0) throw new WebhookVerificationError("malformed signature header");
  const expected = Buffer.from(computeStandardSignature(opts.secret, id, t, opts.rawBody), "base64");
  if (!anyMatches(expected, candidates)) throw new WebhookVerificationError("signature does not match");
  return parsed<T>(opts.rawBody);
}

/**
 * Verifies a delivery by its headers (a Node `req.headers` object, a fetch `Headers`, or
 * a plain record): posthaste-signature when present, else the Standard Webhooks headers.
 */
export function verifyWebhookRequest<T = Event>(
  opts: Omit<VerifyOptions, "signature"> & { headers: Headers | Record<string, HeaderValue> },
): T {
  const get = (name: string): HeaderValue =>
    opts.headers instanceof Headers
      ? opts.headers.get(name)
      : (opts.headers[name] ?? Object.entries(opts.headers).find(([k]) => k.toLowerCase() === name)?.[1]);
  const ours = get(SIGNATURE_HEADER);
  if (first(ours)) return verifyWebhook<T>({ ...opts, signature: ours });
  return verifyStandardWebhook<T>({
    ...opts,
    id: get(STANDARD_ID_HEADER),
    timestamp: get(STANDARD_TIMESTAMP_HEADER),
    signature: get(STANDARD_SIGNATURE_HEADER),
  });
}
