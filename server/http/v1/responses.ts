import { ApiError, envelope, type ApiErrorShape, type ErrorEnvelope } from "../../errors";
import { servedEndpoints } from "./endpoints";
import type { V1Response } from "./types";

export const json = (status: number, payload: unknown, headers: Record<string, string> = {}): V1Response => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", ...headers },
  body: JSON.stringify(payload),
});

export function errorResponse(error: ApiError): V1Response {
  return shapeResponse(error.toShape());
}

export function shapeResponse(e: ApiErrorShape): V1Response {
  const headers: Record<string, string> = {};
  if (e.retryAfter !== null) headers["retry-after"] = String(e.retryAfter);
  const body: ErrorEnvelope = {
    error: { type: e.type, message: e.message, docs_url: e.docs_url },
    statusCode: e.status,
    name: e.type,
    message: e.message,
  };
  return json(e.status, body, headers);
}

export function notFoundResponse(method: string, path: string): V1Response {
  return json(404, envelope("not_found", `No endpoint ${method} ${path}. Served endpoints: ${servedEndpoints().join(", ")}.`, 404));
}

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found · Posthaste</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111">
<h1 style="font-size:1.25rem">This page does not exist</h1>
<p><a href="/">Go to the dashboard</a> or read the <a href="/docs">API reference</a>.</p></body></html>`;

/**
 * A path no page and no endpoint serves: the error envelope (the reference: "every error,
 * including a request to an unknown route"), or a short page when a browser asks for HTML.
 */
export function unknownRouteResponse(method: string, url: string, accept: string | undefined): V1Response {
  if (method.toUpperCase() === "GET" && accept?.includes("text/html")) {
    return { status: 404, headers: { "content-type": "text/html; charset=utf-8" }, body: NOT_FOUND_PAGE };
  }
  return notFoundResponse(method.toUpperCase(), url.split("?")[0]);
}
