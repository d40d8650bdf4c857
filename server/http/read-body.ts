import type { IncomingMessage } from "node:http";

export type BodyResult = { ok: true; body: Buffer | null } | { ok: false; tooLarge: true };

/**
 * Reads a request body up to `limit` bytes. Past the limit it stops keeping bytes but
 * drains the rest (up to 4× the limit) so the client can read the 413 we answer.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (declared > limit * 4) {
    req.resume();
    return Promise.resolve({ ok: false, tooLarge: true });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > limit;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (tooLarge) {
        if (size > limit * 4) {
          req.pause();
          resolve({ ok: false, tooLarge: true });
        }
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (tooLarge) resolve({ ok: false, tooLarge: true });
      else resolve({ ok: true, body: size ? Buffer.concat(chunks, size) : null });
    });
    req.on("error", reject);
  });
}
