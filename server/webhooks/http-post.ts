import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { CheckedTarget } from "./url-policy";

export const DEADLINE_MS = 10_000;
const BODY_HEAD_BYTES = 1024;

export interface PostResult {
  status: number | null;
  error: string | null;
  bodyHead: string | null;
  durationMs: number;
}

// Keep-alive pools: deliveries to one receiver reuse connections.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** A lookup that answers with the already checked address, so the socket cannot go elsewhere. */
function pinned(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * One POST with a hard deadline for the whole exchange. Redirects are not followed
 * (node:http never does; a 3xx is just a non-2xx answer). Never throws.
 */
export function post(target: CheckedTarget, headers: Record<string, string>, body: string): Promise<PostResult> {
  const started = performance.now();
  const secure = target.url.protocol === "https:";
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    };
    const options: https.RequestOptions = {
      method: "POST",
      agent: secure ? agents.https : agents.http,
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
    };
    // A pooled socket reused later was itself opened to an address that passed the check.
    if (target.address && target.family) options.lookup = pinned(target.address, target.family);
    const req = (secure ? https : http).request(target.url, options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        if (size < BODY_HEAD_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      res.on("end", () => {
        const head = Buffer.concat(chunks).subarray(0, BODY_HEAD_BYTES).toString("utf8");
        finish({ status: res.statusCode ?? null, error: null, bodyHead: head || null });
      });
      res.on("error", (err) => finish({ status: res.statusCode ?? null, error: err.message, bodyHead: null }));
    });
    const timer = setTimeout(() => {
      finish({ status: null, error: `no response within ${DEADLINE_MS / 1000} s`, bodyHead: null });
      req.destroy();
    }, DEADLINE_MS);
    req.on("error", (err: NodeJS.ErrnoException) =>
      finish({ status: null, error: err.code ? `${err.code}: ${err.message}` : err.message, bodyHead: null }),
    );
    req.end(body);
  });
}
