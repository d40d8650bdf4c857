import type { V1Request, V1Response } from "../v1/types";

/**
 * A route outside /v1 that recipients' mail clients, providers and the public reach.
 * Written once; the node:http server and thin App Router routes both serve it.
 */
export interface PublicRoute {
  method: "GET" | "POST" | "ANY";
  /** Matched against the path without the query string. */
  pattern: RegExp;
  /** The path as logs name it, without its tokens or ids (e.g. `/t/c/{token}`). */
  label: string;
  /** Whether the route exists in this configuration (absent: always). */
  enabled?: () => boolean;
  handle(request: V1Request, match: RegExpExecArray): Promise<V1Response>;
}
