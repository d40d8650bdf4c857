import { timingSafeEqual } from "node:crypto";
import { bearerToken } from "../../auth/api-key-format";
import { config } from "../../config";
import { ApiError } from "../../errors";
import { scrape } from "../../ops/metrics";
import { errorResponse, type V1Response } from "../v1";
import type { PublicRoute } from "./types";

function tokenMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /metrics (Prometheus text format), only with METRICS_TOKEN set and given as the bearer token. */
export const metricsRoute: PublicRoute = {
  method: "GET",
  label: "/metrics",
  pattern: /^\/metrics\/?$/,
  enabled: () => Boolean(config().metricsToken),
  async handle(request): Promise<V1Response> {
    if (!tokenMatches(bearerToken(request.header("authorization")), config().metricsToken ?? "")) {
      const response = errorResponse(
        new ApiError("authentication_error", 401, "Send the metrics token: `Authorization: Bearer <METRICS_TOKEN>`."),
      );
      return { ...response, headers: { ...response.headers, "www-authenticate": "Bearer" } };
    }
    const { contentType, body } = await scrape();
    return { status: 200, headers: { "content-type": contentType, "cache-control": "no-store" }, body };
  },
};
