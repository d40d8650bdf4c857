import { installInngestSignal } from "../../inngest/client";
import { config } from "../config";
import { registerSnsRoute } from "../ses/sns";
import { registerBreaker } from "./breaker";
import { registerDispatch } from "./dispatch";
import { registerTrackingRoutes } from "./engagement";

/** The delivery pipeline's tasks (dispatch, breaker review) and public routes (tracking, SNS ingest). */
export function registerDelivery(): void {
  registerDispatch();
  registerBreaker();
  registerTrackingRoutes();
  registerSnsRoute();
  if (config().jobsDriver === "inngest") installInngestSignal();
}
