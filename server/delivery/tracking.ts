import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";
import { deliverySettings } from "./settings";

/**
 * Open and click tracking tokens. A token is base64url(JSON payload) "." base64url(HMAC-SHA256),
 * keyed from AUTH_SECRET: the click target travels inside the signed token, so the
 * redirect can only ever go to a URL we wrote into the message (no open redirect).
 * `t` is the issue time (Unix seconds): past TRACKING_TOKEN_TTL_DAYS a token records nothing
 * and a click is refused. Every tenant's HTML is a stranger's, so a click link is a redirect a
 * tenant chose: it expires, never leads to our own hosts, and, with TRACKING_URL on a host of
 * its own, is not served on the dashboard's host (see `ownHost`, `servedOnDashboardHost`).
 */
export type TrackingPayload = { k: "o"; e: string; t?: number } | { k: "c"; e: string; u: string; t?: number };

// Derived once per secret: a message with many links signs one token per link.
let derived: { secret: string; key: Buffer } | null = null;

function key(): Buffer {
  const secret = config().authSecret;
  if (!secret) throw new Error("AUTH_SECRET is needed to sign tracking links");
  if (derived?.secret !== secret) derived = { secret, key: createHash("sha256").update(`posthaste-tracking:${secret}`).digest() };
  return derived.key;
}

const mac = (body: string) => createHmac("sha256", key()).update(body).digest("base64url");

export function signToken(payload: TrackingPayload, issuedAt = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...payload, t: Math.floor(issuedAt / 1000) })).toString("base64url");
  return `${body}.${mac(body)}`;
}

export function verifyToken(token: string): TrackingPayload | null {
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = Buffer.from(mac(body), "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TrackingPayload;
    if (payload.t !== undefined && !Number.isSafeInteger(payload.t)) return null;
    if (payload.k === "o" && typeof payload.e === "string") return payload;
    if (payload.k === "c" && typeof payload.e === "string" && typeof payload.u === "string" && /^https?:\/\//i.test(payload.u))
      return payload;
  } catch {
    // not JSON: a forged token that happened to match nothing
  }
  return null;
}

/** The UUIDv7 time of an email id in ms, or null: tokens signed before `t` existed are dated by their message. */
function idTime(emailId: string): number | null {
  const hex = emailId.replace(/-/g, "").slice(0, 12);
  return /^[0-9a-f]{12}$/i.test(hex) ? parseInt(hex, 16) : null;
}

/** Whether a token is past TRACKING_TOKEN_TTL_DAYS: it records nothing, and a click is refused. */
export function tokenExpired(payload: TrackingPayload, now = Date.now()): boolean {
  const issued = payload.t !== undefined ? payload.t * 1000 : idTime(payload.e);
  if (issued === null) return true;
  return now - issued > deliverySettings().trackingTokenTtlDays * 86_400_000;
}

const hostnameOf = (url: string) => new URL(url).hostname.toLowerCase();

/**
 * Whether `url` (absolute http(s)) names the dashboard's host or the tracking host. Links
 * there are left as written and a token naming one never redirects: a click link is no way
 * to dress a link to our own pages (sign-in, links that act) in a stranger's message.
 */
export function ownHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true; // nothing we could redirect to
  }
  const cfg = config();
  return host === hostnameOf(cfg.appUrl) || host === hostnameOf(cfg.trackingUrl);
}

/**
 * With TRACKING_URL on a host apart from APP_URL's, a click that arrives for the dashboard's
 * host (Host, or a proxy's X-Forwarded-Host) is refused: a token is the same whatever host is
 * typed before it, and the dashboard's origin must not redirect to a tenant's target.
 */
export function servedOnDashboardHost(header: (name: string) => string | undefined): boolean {
  const cfg = config();
  const dashboard = hostnameOf(cfg.appUrl);
  if (dashboard === hostnameOf(cfg.trackingUrl)) return false;
  const named = [header("host"), header("x-forwarded-host")?.split(",")[0]];
  return named.some((value) => {
    if (!value) return false;
    try {
      return new URL(`http://${value.trim()}`).hostname.toLowerCase() === dashboard;
    } catch {
      return false;
    }
  });
}

export const openPath = (emailId: string) => `/t/o/${signToken({ k: "o", e: emailId })}`;
export const clickPath = (emailId: string, url: string) => `/t/c/${signToken({ k: "c", e: emailId, u: url })}`;
