import { processShared } from "../lib/process-shared";
import type { V1Request, V1Response } from "./v1";

/**
 * Routes outside /v1 that recipients' mail clients, providers and the public reach
 * (tracking pixel and clicks, one-click unsubscribe, provider event ingest). Each is
 * written once here; the node:http server and thin App Router routes both call it.
 */
export interface PublicRoute {
  method: "GET" | "POST" | "ANY";
  /** Matched against the path without the query string. */
  pattern: RegExp;
  handle(request: V1Request, match: RegExpExecArray): Promise<V1Response>;
}

const routes = processShared<PublicRoute[]>("publicRoutes", () => []);

export function definePublicRoute(route: PublicRoute): void {
  routes.push(route);
}

export function matchPublicRoute(method: string, path: string): { route: PublicRoute; match: RegExpExecArray } | null {
  for (const route of routes) {
    if (route.method !== "ANY" && route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return { route, match };
  }
  return null;
}
