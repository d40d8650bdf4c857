import http from "node:http";
import { envelope, toApiError } from "../errors";
import { healthCheck } from "../health";
import { log } from "../ops/log";
import { metricsRoute } from "./routes/metrics";
import { SECURITY_HEADERS } from "./security-headers";
import { errorResponse, type V1Response } from "./v1";

/**
 * What a POSTHASTE_ROLE=worker process serves on PORT: /api/health, so the same container
 * health check works for every role, and /metrics under the web processes' rule (dispatch
 * latency, provider errors and webhook attempts are counted where tasks run); anything
 * else is a 404 envelope that says where the API is.
 */
export function createHealthServer(): http.Server {
  return http.createServer((req, res) => {
    const url = req.url ?? "/";
    const path = url.split("?")[0];
    const send = (response: V1Response) => {
      res.writeHead(response.status, { ...SECURITY_HEADERS, ...response.headers });
      res.end(response.body);
    };
    const reply = (status: number, body: unknown) =>
      send({ status, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(body) });
    if (path === "/api/health" && (req.method === "GET" || req.method === "HEAD")) {
      void healthCheck().then((health) => reply(health.status, health.body));
    } else if (req.method === "GET" && metricsRoute.pattern.test(path) && metricsRoute.enabled?.() !== false) {
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      metricsRoute.handle({ method: "GET", url, header, body: null }, metricsRoute.pattern.exec(path)!).then(send, (cause) => {
        log().error({ err: cause }, "metrics: scrape failed");
        send(errorResponse(toApiError(cause)));
      });
    } else {
      reply(
        404,
        envelope("not_found", "This process runs background work only (POSTHASTE_ROLE=worker); the API is served by web processes.", 404),
      );
    }
  });
}
