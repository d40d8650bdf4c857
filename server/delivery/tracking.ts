import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";

/**
 * Open and click tracking. A token is base64url(JSON payload) "." base64url(HMAC-SHA256),
 * keyed from AUTH_SECRET: the click target travels inside the signed token, so the
 * redirect can only ever go to a URL we wrote into the message (no open redirect).
 */
export type TrackingPayload = { k: "o"; e: string } | { k: "c"; e: string; u: string };

function key(): Buffer {
  const secret = config().authSecret ?? process.env.AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is needed to sign tracking links");
  return createHash("sha256").update(`posthaste-tracking:${secret}`).digest();
}

const mac = (body: string) => createHmac("sha256", key()).update(body).digest("base64url");

export function signToken(payload: TrackingPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
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
    if (payload.k === "o" && typeof payload.e === "string") return payload;
    if (payload.k === "c" && typeof payload.e === "string" && typeof payload.u === "string" && /^https?:\/\//i.test(payload.u)) return payload;
  } catch {
    // not JSON: a forged token that happened to match nothing
  }
  return null;
}

export const openPath = (emailId: string) => `/t/o/${signToken({ k: "o", e: emailId })}`;
export const clickPath = (emailId: string, url: string) => `/t/c/${signToken({ k: "c", e: emailId, u: url })}`;

const decodeEntities = (s: string) =>
  s.replace(/&amp;/gi, "&").replace(/&#0*38;/g, "&").replace(/&#x0*26;/gi, "&").replace(/&quot;/gi, '"').replace(/&#0*39;/g, "'");

// href="http(s)://…" on <a> (and <area>) tags only; mailto:, tel: and #anchors stay as they are.
const LINK = /(<(?:a|area)\b[^>]*?\bhref\s*=\s*)(["'])(\s*https?:\/\/[^"']*)\2/gi;

/** Rewrites http(s) links through the click endpoint and adds the open pixel. */
export function addTracking(html: string, emailId: string): string {
  const base = config().appUrl;
  const rewritten = html.replace(LINK, (_m, before: string, quote: string, href: string) => {
    const target = decodeEntities(href.trim());
    return `${before}${quote}${base}${clickPath(emailId, target).replace(/&/g, "&amp;")}${quote}`;
  });
  const pixel = `<img src="${base}${openPath(emailId)}" width="1" height="1" alt="" style="display:none;border:0;width:1px;height:1px" />`;
  const close = rewritten.search(/<\/body\s*>/i);
  return close >= 0 ? `${rewritten.slice(0, close)}${pixel}${rewritten.slice(close)}` : `${rewritten}${pixel}`;
}
