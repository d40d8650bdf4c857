import { config } from "../config";
import { readSignedPayload, signExpiringPayload } from "../crypto/signed-token";
import type { DownloadLink } from "./api-schemas";

/** How long a download link works: Resend's hour. */
export const DOWNLOAD_LINK_TTL_SECONDS = 3600;

/** What a link serves: the raw message, or one attachment of it. */
export type DownloadTarget =
  | { kind: "raw"; accountId: string; inboundId: string }
  | { kind: "attachment"; accountId: string; inboundId: string; attachmentId: string };

// Signed with the links' machinery (server/crypto/signed-token.ts) for this purpose only.
const PURPOSE = "inbound-download";

/** The path the public route serves (server/http/routes/inbound-download.ts). */
export const DOWNLOAD_PATH = "/downloads/";

/** A signed link to `target`, valid for `ttlSeconds` from `now`. */
export function downloadLink(target: DownloadTarget, ttlSeconds = DOWNLOAD_LINK_TTL_SECONDS, now = Date.now()): DownloadLink {
  const payload =
    target.kind === "raw"
      ? { k: "r", a: target.accountId, e: target.inboundId }
      : { k: "a", a: target.accountId, e: target.inboundId, t: target.attachmentId };
  const token = signExpiringPayload(PURPOSE, payload, ttlSeconds, now);
  const expiresAt = (Math.floor(now / 1000) + ttlSeconds) * 1000;
  return { download_url: `${config().appUrl}${DOWNLOAD_PATH}${token}`, expires_at: new Date(expiresAt).toISOString() };
}

/** What a token names, `expired` when its time is past, or null when it is not one of ours (malformed, tampered). */
export function readDownloadToken(token: string, now = Date.now()): DownloadTarget | "expired" | null {
  const p = readSignedPayload(PURPOSE, token);
  if (!p || typeof p.x !== "number" || typeof p.a !== "string" || typeof p.e !== "string") return null;
  if (p.x * 1000 <= now) return "expired";
  if (p.k === "r") return { kind: "raw", accountId: p.a, inboundId: p.e };
  if (p.k === "a" && typeof p.t === "string") return { kind: "attachment", accountId: p.a, inboundId: p.e, attachmentId: p.t };
  return null;
}
