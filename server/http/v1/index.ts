import { createOpenApiNodeHttpHandler, generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { openApiMetas } from "../api/metas";
import { appRouter } from "../api/root";
import { assertMaySend, resolveCaller, type ApiContext, type Meta, type SendEndpoint } from "../api/trpc";
import { config } from "../config";
import { ApiError, envelope, formatZodError, toApiError, validationError, type ApiErrorShape } from "../errors";
import { buildOpenApiDocument } from "./openapi";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "../lib/json-depth";
import { isStorableText, trimEnd, unstorableAt, unstorableMessage } from "../lib/text";

/** What /v1 answers, independent of the server that carries it (node:http or Next). */
export interface V1Response {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface V1Request {
  method: string;
  /** Path and query, e.g. `/v1/emails?limit=10`. */
  url: string;
  header(name: string): string | undefined;
  /** The raw body, already read within the size limit; null when there was none. */
  body: Buffer | null;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  meta: Meta;
}

const routes: Route[] = openApiMetas().map((meta) => ({
    method: meta.openapi.method,
    template: meta.openapi.path,
    pattern: new RegExp(`^${meta.openapi.path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
    meta,
  }));

/** "GET /v1/api-keys, POST /v1/api-keys, …": the served endpoints, for 404 messages. */
export function servedEndpoints(): string[] {
  return [...routes.map((r) => `${r.method} ${r.template}`), "GET /v1/openapi.json"];
}

const json = (status: number, payload: unknown, headers: Record<string, string> = {}): V1Response => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", ...headers },
  body: JSON.stringify(payload),
});

export function errorResponse(error: ApiError): V1Response {
  return shapeResponse(error.toShape());
}

function shapeResponse(e: ApiErrorShape): V1Response {
  const headers: Record<string, string> = {};
  if (e.retryAfter !== null) headers["retry-after"] = String(e.retryAfter);
  return json(e.status, { error: { type: e.type, message: e.message, docs_url: e.docs_url } }, headers);
}

function notFoundResponse(method: string, path: string): V1Response {
  return json(404, envelope("not_found", `No endpoint ${method} ${path}. Served endpoints: ${servedEndpoints().join(", ")}.`));
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

let openApiDocument: OpenAPIObject | null = null;

const handler = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: ({ req }) => (req as unknown as { ctx: ApiContext }).ctx,
  onError: ({ error, path }) => {
    if (toApiError(error).type === "internal_error") console.error(`v1 ${path ?? ""}: unhandled error`, error.cause ?? error);
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
    headers: { value: { get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : ctx.header(name.toLowerCase()) ?? null) } },
    ctx: { value: ctx },
  });
  return req;
}

/** Collects what the adapter writes instead of sending it. */
function capture() {
  const out = { status: 200, headers: {} as Record<string, string>, body: "" };
  const res = {
    statusCode: 200,
    setHeader(name: string, value: string) { out.headers[name.toLowerCase()] = value; },
    end(chunk?: string) { out.status = res.statusCode; out.body = chunk ?? ""; },
  };
  return { res, out };
}

/**
 * The send endpoints without tRPC's caller: its middleware chain and trpc-to-openapi's
 * input handling were 145 of a send's 510 µs of server CPU (bench/send.mjs). The same steps
 * in the same order: the caller, the send gate, the body (spread into an object, as the
 * adapter does), the input schema and the procedure's own handler.
 */
async function direct(route: Route, endpoint: SendEndpoint<unknown, unknown>, body: unknown, ctx: ApiContext): Promise<V1Response> {
  const { account } = await resolveCaller(ctx.credentials);
  const sendCtx = { ...ctx, account };
  assertMaySend(sendCtx);
  const input = endpoint.input.safeParse({ ...(body as object) });
  if (!input.success) return errorResponse(validationError(formatZodError(input.error)));
  return json(route.meta.successStatus ?? 200, await endpoint.run(sendCtx, input.data));
}

/**
 * A path parameter no resource can be named by (NUL, an unpaired surrogate, broken
 * percent-encoding) is 404; such a query value is 400. Either would reach PostgreSQL as
 * an error of its own otherwise.
 */
function unstorableInUrl(url: string): ApiError | null {
  const [path, query] = url.split("?", 2);
  for (const segment of path.split("/")) {
    let decoded: string;
    try { decoded = decodeURIComponent(segment); } catch { decoded = "\0"; }
    if (!isStorableText(decoded)) return new ApiError("not_found", 404, "No such resource: the path names none.");
  }
  for (const [name, value] of new URLSearchParams(query ?? "")) {
    if (!isStorableText(value)) return validationError(unstorableMessage(name));
  }
  return null;
}

export async function handleV1(request: V1Request): Promise<V1Response> {
  const method = request.method.toUpperCase();
  const path = trimEnd(request.url.split("?")[0], "/") || "/";
  try {
    if (method === "GET" && path === "/v1/openapi.json") {
      openApiDocument ??= buildOpenApiDocument(generateOpenApiDocument(appRouter, {
        title: "Posthaste API",
        version: "1.0.0",
        baseUrl: config().appUrl,
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      }));
      return json(200, openApiDocument);
    }
    const route = routes.find((r) => r.method === method && r.pattern.test(path));
    if (!route) return notFoundResponse(method, path);
    const textError = unstorableInUrl(request.url);
    if (textError) return errorResponse(textError);

    // A bad body is reported after authentication and scope (a keyless request is 401 whatever it sends).
    let body: unknown = undefined;
    let bodyError: ApiError | undefined;
    if (request.body && request.body.length > 0 && method !== "GET" && method !== "DELETE") {
      try {
        const text = request.body.toString("utf8");
        if (jsonNestsDeeperThan(text)) throw validationError(`The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
        body = JSON.parse(text);
        if (route.meta.arrayBody) {
          if (!Array.isArray(body)) bodyError = validationError("The request body must be a JSON array.");
          else body = { [route.meta.arrayBody]: body };
        } else if (body === null || typeof body !== "object" || Array.isArray(body)) {
          bodyError = validationError("The request body must be a JSON object.");
        }
        // Batch entries are checked one by one (sendBatch): one bad entry is that entry's error.
        const unstorable = bodyError || route.meta.arrayBody ? null : unstorableAt(body);
        if (unstorable !== null) bodyError = validationError(unstorableMessage(unstorable));
      } catch (err) {
        bodyError = err instanceof ApiError ? err : validationError("The request body is not valid JSON.");
      }
      if (bodyError) body = undefined;
    }

    const ctx: ApiContext = {
      credentials: { kind: "bearer", authorization: request.header("authorization") },
      header: request.header,
      bodyError,
    };
    if (route.meta.direct) return await direct(route, route.meta.direct, body, ctx);
    const { res, out } = capture();
    await handler(adapterRequest(method, request.url, body, ctx) as never, res as never);
    if (out.status >= 400) return errorFromAdapter(out.body);
    return { status: route.meta.successStatus ?? 200, headers: { "content-type": "application/json; charset=utf-8" }, body: out.body };
  } catch (cause) {
    const error = toApiError(cause);
    if (error.type === "internal_error") console.error("v1: unhandled error", cause);
    return errorResponse(error);
  }
}
