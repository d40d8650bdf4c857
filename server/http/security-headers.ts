/**
 * Headers on every response either carrier sends: no page of ours may be framed by another
 * site (clickjacking), no body sniffed into another type (a JSON error echoing input must
 * never run as HTML), and no full URL (ids, tokens) leaked in Referer to other origins.
 * The node:http server adds them to what it answers itself; next.config.ts adds them to
 * everything Next serves (dashboard, /docs, App Router routes).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};
