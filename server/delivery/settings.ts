import { config } from "../config";

/** Knobs of the delivery pipeline (DISPATCH_*, BREAKER_*, TRACKING_*, SMTP_POOL_SIZE; server/env.ts). */
export const deliverySettings = () => config().delivery;
