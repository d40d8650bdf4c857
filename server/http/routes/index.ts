import { inboundDownloadRoute } from "./inbound-download";
import { metricsRoute } from "./metrics";
import { sesEventsRoute } from "./ses-events";
import { clickRoute, openPixelRoute } from "./tracking";
import type { PublicRoute } from "./types";
import { unsubscribeRoute } from "./unsubscribe";

/**
 * Every public (non-/v1) route: the open pixel and click redirects, one-click
 * unsubscribe, inbound downloads, SES event ingest and the Prometheus metrics. Both carriers match against this one list.
 */
const PUBLIC_ROUTES: readonly PublicRoute[] = [
  openPixelRoute,
  clickRoute,
  unsubscribeRoute,
  inboundDownloadRoute,
  sesEventsRoute,
  metricsRoute,
];

export function matchPublicRoute(method: string, path: string): { route: PublicRoute; match: RegExpExecArray } | null {
  for (const route of PUBLIC_ROUTES) {
    if (route.method !== "ANY" && route.method !== method) continue;
    if (route.enabled && !route.enabled()) continue;
    const match = route.pattern.exec(path);
    if (match) return { route, match };
  }
  return null;
}
