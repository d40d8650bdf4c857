import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { stampClientIp } from "../auth/client-ip";
import { config } from "../config";
import { toApiError, validationError } from "../errors";
import { healthCheck } from "../health";
import { countOpenRequest } from "../lib/api-load";
import { log } from "../ops/log";
import { logRequest, requestIdOf } from "./request-log";
import { matchPublicRoute } from "./routes";
import { readBody } from "./read-body";
import { SECURITY_HEADERS } from "./security-headers";
import { errorResponse, handleV1, unknownRouteResponse, type V1Response } from "./v1";

export type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function send(res: ServerResponse, response: V1Response, close = false): void {
  const headers = { ...SECURITY_HEADERS, ...response.headers };
  res.writeHead(response.status, close ? { ...headers, connection: "close" } : headers);
  res.end(response.body);
}

async function serveV1(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req, config().maxBodyBytes);
  if (!body.ok) {
    send(res, errorResponse(validationError(`The request body is larger than ${config().maxBodyBytes} bytes.`, 413)), true);
    return;
  }
  const response = await handleV1({ method: req.method ?? "GET", url: req.url ?? "/", body: body.body, header: headerOf(req) });
  send(res, response);
}

function headerOf(req: IncomingMessage) {
  return (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
}

async function servePublicRoute(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const method = req.method ?? "GET";
  const found = matchPublicRoute(method, (req.url ?? "/").split("?")[0]);
  if (!found) return false;
  stampClientIp(req); // engagement events record the peer, which the route sees only through this header
  const body = await readBody(req, config().maxBodyBytes);
  if (!body.ok) {
    send(res, errorResponse(validationError("The request body is too large.", 413)), true);
    return true;
  }
  send(res, await found.route.handle({ method, url: req.url ?? "/", header: headerOf(req), body: body.body }, found.match));
  return true;
}

/**
 * The HTTP face `npm start` runs: /v1 and the health check straight on node:http (the
 * send path's speed depends on it), everything else to Next.
 */
export function createHttpServer(nextHandler: NextHandler | null): http.Server {
  return http.createServer(async (req, res) => {
    countOpenRequest(res);
    const url = req.url ?? "/";
    const startedAt = performance.now();
    // Honoured or made here, echoed, and handed on (the /v1 core and Next read it from the headers).
    const reqId = requestIdOf(headerOf(req)("x-request-id"));
    req.headers["x-request-id"] = reqId;
    res.setHeader("x-request-id", reqId);
    res.once("close", () => logRequest(reqId, req.method ?? "GET", url, res.statusCode, startedAt));
    try {
      if (url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?")) {
        await serveV1(req, res);
      } else if ((url === "/api/health" || url.startsWith("/api/health?")) && (req.method === "GET" || req.method === "HEAD")) {
        const health = await healthCheck();
        send(res, { status: health.status, headers: { "content-type": "application/json" }, body: JSON.stringify(health.body) });
      } else if (await servePublicRoute(req, res)) {
        // handled
      } else if (nextHandler) {
        stampClientIp(req); // the dashboard's rate limits need the peer, which Next never sees
        await nextHandler(req, res);
      } else {
        send(res, unknownRouteResponse(req.method ?? "GET", url, req.headers.accept));
      }
    } catch (cause) {
      log().error({ err: cause, reqId }, "http: unhandled error");
      if (!res.headersSent) send(res, errorResponse(toApiError(cause)));
      else res.destroy();
    }
  });
}
