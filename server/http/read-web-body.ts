export type WebBodyResult = { ok: true; body: Buffer | null } | { ok: false; tooLarge: true };

/** Reads a fetch Request's body up to `limit` bytes (the App Router carrier of /v1). */
export async function readWebBody(req: Request, limit: number): Promise<WebBodyResult> {
  if (Number(req.headers.get("content-length") ?? NaN) > limit) return { ok: false, tooLarge: true };
  if (!req.body) return { ok: true, body: null };
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { ok: false, tooLarge: true };
    }
    chunks.push(Buffer.from(value));
  }
  return { ok: true, body: size ? Buffer.concat(chunks, size) : null };
}
