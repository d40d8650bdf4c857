import type { OpenAPIObject } from "trpc-to-openapi";
import type { ApiContext } from "../../api/trpc";
import { toApiError } from "../../errors";
import { trimEnd } from "../../lib/text";
import { readJsonBody, unstorableInUrl } from "./body";
import { direct } from "./direct";
import { errorResponse, json, notFoundResponse } from "./responses";
import { findRoute } from "./endpoints";
import type { V1Request, V1Response } from "./types";
import { log } from "../../ops/log";

export { errorResponse, unknownRouteResponse } from "./responses";
export { servedEndpoints } from "./endpoints";
export type { V1Request, V1Response } from "./types";

let openApiDocument: OpenAPIObject | null = null;

// trpc-to-openapi (the adapter and the document's generator) is loaded on the first request
// that needs it: with what it imports, about 0.13 s of every process's start-up, and the send
// endpoints (the direct path) never use it (docs/decisions/0044-start-up-loads-what-it-uses.md).
const adapter = () => import("./adapter");
const openApi = () => import("../openapi");

/**
 * /v1 over either carrier: route lookup (unknown → 404 listing endpoints), the URL's and
 * body's checks, then the send endpoints' direct path or trpc-to-openapi's adapter; every
 * error as the envelope.
 */
export async function handleV1(request: V1Request): Promise<V1Response> {
  const method = request.method.toUpperCase();
  const path = trimEnd(request.url.split("?")[0], "/") || "/";
  try {
    if (method === "GET" && path === "/v1/openapi.json") {
      openApiDocument ??= (await openApi()).buildOpenApiDocument();
      return json(200, openApiDocument);
    }
    const route = findRoute(method, path);
    if (!route) return notFoundResponse(method, path);
    const textError = unstorableInUrl(request.url);
    if (textError) return errorResponse(textError);

    const { body, bodyError } = readJsonBody(request, method, route.meta);
    const ctx: ApiContext = {
      credentials: { kind: "bearer", authorization: request.header("authorization") },
      header: request.header,
      bodyError,
    };
    if (route.meta.direct) return await direct(route, route.meta.direct, body, ctx);
    return await (await adapter()).throughAdapter(method, request.url, body, ctx, route.meta.successStatus ?? 200);
  } catch (cause) {
    const error = toApiError(cause);
    if (error.type === "internal_error") log().error({ err: cause, reqId: request.header("x-request-id") }, "v1: unhandled error");
    return errorResponse(error);
  }
}
