import { config } from "../../config";
import { handleSns } from "../../ses/sns";
import type { PublicRoute } from "./types";

/**
 * POST /api/ses/sns: the HTTPS endpoint to subscribe to the SES events topic. It exists
 * only with MAIL_PROVIDER=ses; with any other provider nothing may report mail events.
 */
export const sesEventsRoute: PublicRoute = {
  method: "POST",
  label: "/api/ses/sns",
  pattern: /^\/api\/ses\/sns\/?$/,
  enabled: () => config().mailProvider === "ses",
  handle: (request) => handleSns(request),
};
