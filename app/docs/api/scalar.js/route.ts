import { readFile } from "node:fs/promises";
import path from "node:path";

/** Scalar's standalone bundle, from the installed package (next.config.ts traces it for serverless builds). */
const BUNDLE = "node_modules/@scalar/api-reference/dist/browser/standalone.js";

let bundle: Promise<Buffer> | null = null;

export async function GET(): Promise<Response> {
  bundle ??= readFile(path.join(process.cwd(), BUNDLE));
  return new Response(new Uint8Array(await bundle), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
