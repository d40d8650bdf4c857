import { randomUUID } from "node:crypto";
import { log } from "../ops/log";
import { trimEnd } from "../lib/text";
import { matchPublicRoute } from "./routes";
import { findRoute } from "./v1/endpoints";

/** An x-request-id a client or proxy may set: kept when it is short and plain, else replaced. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const MAX_LABEL = 200;

export function requestIdOf(given: string | null | undefined): string {
  return given && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}

/** A path segment that may carry an id or a token: logged as `{id}`. */
const OPAQUE_SEGMENT = /\d|^[^.]{24,}$/;

/**
 * The route a request went to, as the log names it: the /v1 endpoint's template, a public
 * route's label, or the path with id-like segments masked. Never the query string, an id
 * or a token (API keys travel in headers, tracking and unsubscribe tokens in paths).
 */
export function routeLabel(method: string, url: string): string {
  const path = trimEnd(url.split("?")[0], "/") || "/";
  if (path === "/v1" || path.startsWith("/v1/")) {
    if (path === "/v1/openapi.json") return path;
    return findRoute(method.toUpperCase(), path)?.template ?? "/v1 (no such endpoint)";
  }
  const publicRoute = matchPublicRoute(method, path);
  if (publicRoute) return publicRoute.route.label;
  // Capped (after masking, so no token is cut short of it): a hostile path is no reason for a long line.
  return path
    .split("/")
    .map((segment) => (OPAQUE_SEGMENT.test(segment) ? "{id}" : segment))
    .join("/")
    .slice(0, MAX_LABEL);
}

/** The one info line per request: `{ reqId, method, route, status, ms }`. */
export function logRequest(reqId: string, method: string, url: string, status: number, startedAt: number): void {
  const logger = log();
  if (!logger.isLevelEnabled("info")) return;
  const ms = Math.round((performance.now() - startedAt) * 10) / 10;
  logger.info({ reqId, method, route: routeLabel(method, url), status, ms }, "request");
}
