import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedHook {
  /** The request path without its query. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body's bytes, as signed. */
  raw: Buffer;
  /** The body read as JSON (null when it is not JSON). */
  body: any;
}

/** How a path answers: status, an optional delay, an optional Location. Default: 200 at once. */
export interface HookAnswer {
  status: number;
  delayMs?: number;
  location?: string;
}

/**
 * A webhook endpoint on loopback that keeps every request it gets. Point the service at
 * it with WEBHOOK_ALLOWED_ORIGINS=<origin>; `answer` makes a path fail, redirect or lag.
 * On `port` when given (the one a separately started service allows), else on a free one.
 */
export async function startWebhookReceiver(opts: { port?: number } = {}) {
  const received: ReceivedHook[] = [];
  const answers = new Map<string, HookAnswer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0];
      const raw = Buffer.concat(chunks);
      let body: unknown = null;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        /* not JSON: kept as raw only */
      }
      received.push({ path, headers: req.headers, raw, body });
      const a = answers.get(path) ?? { status: 200 };
      setTimeout(() => {
        res.writeHead(a.status, a.location ? { location: a.location } : {});
        res.end(a.status >= 400 ? "receiver says no" : "ok");
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    /** What arrived at `path`, in order. */
    at: (path: string) => received.filter((r) => r.path === path),
    answer: (path: string, a: HookAnswer) => void answers.set(path, a),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
