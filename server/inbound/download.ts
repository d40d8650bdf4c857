import { ApiError, notFound } from "../errors";
import { readDownloadToken } from "./links";
import { readDownload } from "./read";

/** Types a browser would run or render as a page of ours: served as opaque bytes instead. */
const ACTIVE_TYPE = /html|xml|svg|javascript|ecmascript|css|x-shockwave|xsl|multipart|message\//i;
const PLAIN_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The Content-Type a download is served with: the stored type when it is a plain, passive one; else octet-stream. */
export function servedType(stored: string): string {
  const type = stored.split(";")[0].trim().toLowerCase();
  return PLAIN_TYPE.test(type) && !ACTIVE_TYPE.test(type) ? type : "application/octet-stream";
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII fallback with quotes,
 * backslashes, controls and path separators replaced, and the full name percent-encoded.
 */
export function contentDisposition(name: string | null, fallback: string): string {
  const cleaned = (name ?? "")
    .replace(/[\u0000-\u001f\u007f/\\]/g, "_")
    .trim()
    .slice(0, 200);
  const filename = cleaned || fallback;
  const ascii = filename.replace(/[^\x20-\x7e]|["%]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface Download {
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * What a signed download link serves: the raw message (message/rfc822) or an attachment, always
 * as an attachment download, never sniffed, never cached by shared caches, and sandboxed should
 * a browser render it anyway. A tampered or expired link is 403; bytes since deleted are 404.
 */
export async function serveDownload(token: string): Promise<Download> {
  const target = readDownloadToken(token);
  if (target === null) throw new ApiError("authentication_error", 403, "This download link is not valid.");
  if (target === "expired")
    throw new ApiError("authentication_error", 403, "This download link has expired; fetch the message again for a new one.");
  const found = await readDownload(target);
  if (!found) throw notFound(target.kind === "raw" ? "Received email" : "Attachment");
  const fallback = target.kind === "raw" ? `${target.inboundId}.eml` : "attachment";
  return {
    body: found.bytes,
    headers: {
      "content-type": target.kind === "raw" ? "message/rfc822" : servedType(found.contentType),
      "content-disposition": contentDisposition(found.filename, fallback),
      "content-length": String(found.bytes.length),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "content-security-policy": "default-src 'none'; sandbox; frame-ancestors 'none'",
      "referrer-policy": "no-referrer",
    },
  };
}
