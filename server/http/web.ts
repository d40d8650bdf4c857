import { config } from "../config";
import { ApiError, validationError } from "../errors";
import { matchPublicRoute } from "./routes";
import { readWebBody } from "./read-web-body";
import { logRequest, requestIdOf } from "./request-log";
import { errorResponse, handleV1, unknownRouteResponse, type V1Request, type V1Response } from "./v1";

/**
 * The App Router's carrier for /v1 and the public routes: the same handlers the node:http
 * server runs, fed from a fetch Request. Used where Next serves everything (Vercel,
 * `next start`).
 */
const tooLarge = () => errorResponse(validationError(`The request body is larger than ${config().maxBodyBytes} bytes.`, 413));

async function toV1Request(req: Request, reqId: string): Promise<V1Request | V1Response> {
  const body = await readWebBody(req, config().maxBodyBytes);
  if (!body.ok) return tooLarge();
  const url = new URL(req.url);
  const header = (name: string) => (name === "x-request-id" ? reqId : (req.headers.get(name) ?? undefined));
  return { method: req.method, url: url.pathname + url.search, header, body: body.body };
}

function toResponse(res: V1Response): Response {
  return new Response(typeof res.body === "string" ? res.body : new Uint8Array(res.body), { status: res.status, headers: res.headers });
}

/** The request id echoed and the request's log line, as the node:http server does for its own. */
async function logged(req: Request, serve: (reqId: string) => Promise<Response>): Promise<Response> {
  const startedAt = performance.now();
  const reqId = requestIdOf(req.headers.get("x-request-id"));
  const response = await serve(reqId);
  response.headers.set("x-request-id", reqId);
  const url = new URL(req.url);
  logRequest(reqId, req.method, url.pathname, response.status, startedAt);
  return response;
}

export function serveV1FromWeb(req: Request): Promise<Response> {
  return logged(req, async (reqId) => {
    const request = await toV1Request(req, reqId);
    return toResponse("status" in request ? request : await handleV1(request));
  });
}

export function servePublicRouteFromWeb(req: Request): Promise<Response> {
  return logged(req, async (reqId) => {
    const request = await toV1Request(req, reqId);
    if ("status" in request) return toResponse(request);
    const found = matchPublicRoute(request.method, request.url.split("?")[0]);
    if (!found) return serveUnknownRouteFromWeb(req);
    return toResponse(await found.route.handle(request, found.match));
  });
}

/**
 * The request with its body read under MAX_BODY_BYTES (413 before reading past it), for
 * App Router routes whose library would otherwise read any size (tRPC's fetch adapter).
 */
export async function withinBodyLimit(req: Request): Promise<Request | Response> {
  const body = await readWebBody(req, config().maxBodyBytes);
  if (!body.ok) return toResponse(tooLarge());
  return new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body: body.body ? new Uint8Array(body.body) : null,
    signal: req.signal,
  });
}

/** A path no page, route or endpoint serves (the App Router's root catch-all). */
export async function serveUnknownRouteFromWeb(req: Request): Promise<Response> {
  const url = new URL(req.url);
  return toResponse(unknownRouteResponse(req.method, url.pathname + url.search, req.headers.get("accept") ?? undefined));
}

/**
 * A write from another site, refused (403, the error envelope) before the session is read:
 * session cookies ride on every request from the browser. The Origin must name this host;
 * `Origin: null` (a sandboxed frame, a redirect across origins, a file: page) and an Origin
 * that is not a URL name no site at all and are refused too. No Origin (a same-origin GET,
 * a client that is not a browser) is not a cross-site write.
 */
export function refuseCrossSite(req: Request): Response | null {
  if (req.method === "GET" || req.method === "HEAD") return null;
  const origin = req.headers.get("origin");
  if (origin === null) return null;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (URL.canParse(origin) && new URL(origin).host === host) return null;
  return toResponse(errorResponse(new ApiError("authentication_error", 403, "Cross-site request refused: the Origin is not this site.")));
}
