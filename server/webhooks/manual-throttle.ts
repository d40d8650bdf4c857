import { countAttempt } from "../auth/rate-limit";
import { ApiError } from "../errors";
import { MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS, MAX_MANUAL_WEBHOOK_DELIVERIES } from "../limits/constants";

/**
 * Counts one test event or resend to `endpointId` and refuses it past
 * MAX_MANUAL_WEBHOOK_DELIVERIES a window: 429 rate_limited with Retry-After. Per endpoint (an
 * account has as many windows as its plan has endpoints), in the database's rate-limit counters
 * (server/auth/rate-limit.ts), so every process and instance shares the count. Called once the
 * request is otherwise good, so a refused request costs nothing from the allowance.
 */
export async function assertManualDeliveryAllowed(endpointId: string): Promise<void> {
  const verdict = await countAttempt(`webhook-manual:${endpointId}`, {
    limit: MAX_MANUAL_WEBHOOK_DELIVERIES,
    seconds: MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS,
  });
  if (verdict.allowed) return;
  throw new ApiError(
    "rate_limited",
    429,
    `This endpoint has had ${MAX_MANUAL_WEBHOOK_DELIVERIES} test events and resends in the last ${MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS} seconds; try again in ${verdict.retryAfterSeconds} seconds.`,
    verdict.retryAfterSeconds,
  );
}
