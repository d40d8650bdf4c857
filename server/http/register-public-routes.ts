import { registerTrackingRoutes } from "../delivery/engagement";
import { registerSnsRoute } from "../ses/sns";
import "../suppressions/unsubscribe-route";

/**
 * Every public (non-/v1) route, registered once per process: the open pixel and click
 * redirects, SES event ingest, and one-click unsubscribe. Both carriers (node:http and
 * the App Router routes) call this before matching, so neither can miss one.
 */
export function registerPublicRoutes(): void {
  registerTrackingRoutes();
  registerSnsRoute();
}
