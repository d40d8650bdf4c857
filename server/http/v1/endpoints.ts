import { openApiMetas } from "../../api/metas";
import type { Meta } from "../../api/trpc";

/** A /v1 endpoint, from a procedure's OpenAPI meta. */
export interface Route {
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

/** The endpoint serving `method` on `path` (no query, no trailing slash), if any. */
export function findRoute(method: string, path: string): Route | undefined {
  return routes.find((r) => r.method === method && r.pattern.test(path));
}
