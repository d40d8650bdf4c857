import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { appRouter } from "../../api/root";
import type { ApiContext } from "../../api/trpc";
import { toApiError, type ApiErrorShape } from "../../errors";
import { errorResponse, shapeResponse } from "./responses";
import type { V1Response } from "./types";
import { log } from "../../ops/log";

const handler = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: ({ req }) => (req as unknown as { ctx: ApiContext }).ctx,
  onError: ({ error, path }) => {
    if (toApiError(error).type === "internal_error") log().error({ err: error.cause ?? error, path }, "v1: unhandled error");
  },
});

/** The adapter's error body carries our error (see errorFormatter): send it as the envelope. */
function errorFromAdapter(body: string): V1Response {
  const parsed = JSON.parse(body || "{}") as { data?: { apiError?: ApiErrorShape } };
  const e = parsed.data?.apiError;
  return e ? shapeResponse(e) : errorResponse(toApiError(null));
}

/**
 * A stand-in for the request that trpc-to-openapi reads: an instance of Request (so it
 * takes its cheap branch) carrying the body we already parsed.
 */
function adapterRequest(method: string, url: string, body: unknown, ctx: ApiContext) {
  const req = Object.create(Request.prototype) as Record<string, unknown>;
  Object.defineProperties(req, {
    method: { value: method },
    url: { value: url },
    body: { value: body },
    signal: { value: new AbortController().signal },
    headers: {
      value: {
        get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : (ctx.header(name.toLowerCase()) ?? null)),
      },
    },
    ctx: { value: ctx },
  });
  return req;
}

/** Collects what the adapter writes instead of sending it. */
function capture() {
  const out = { status: 200, headers: {} as Record<string, string>, body: "" };
  const res = {
    statusCode: 200,
    setHeader(name: string, value: string) {
      out.headers[name.toLowerCase()] = value;
    },
    end(chunk?: string) {
      out.status = res.statusCode;
      out.body = chunk ?? "";
    },
  };
  return { res, out };
}

/** Runs a parsed request through trpc-to-openapi's handler and the procedure it routes to. */
export async function throughAdapter(
  method: string,
  url: string,
  body: unknown,
  ctx: ApiContext,
  successStatus: number,
): Promise<V1Response> {
  const { res, out } = capture();
  await handler(adapterRequest(method, url, body, ctx) as never, res as never);
  if (out.status >= 400) return errorFromAdapter(out.body);
  return { status: successStatus, headers: { "content-type": "application/json; charset=utf-8" }, body: out.body };
}
