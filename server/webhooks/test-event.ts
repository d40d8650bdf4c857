import type { Account } from "../accounts/account-cache";
import { config } from "../config";
import { database } from "../db/client";
import { webhookDeliveries, webhookEvents } from "../db/schema";
import { validationError } from "../errors";
import { eventRows } from "../events/record";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import { newId } from "../lib/ids";
import { getEndpointOrThrow } from "./endpoints";
import { assertManualDeliveryAllowed } from "./manual-throttle";

/**
 * Queues a test event to one endpoint (the dashboard's "Send test event"): an `email.sent`
 * body about no stored message, marked `"test": true` in `data`, stored as a test event and
 * owed to this endpoint alone. The delivery task sends it like any other (signed, logged as
 * an attempt), but once, without retries, and its outcome never touches the endpoint's
 * failure count or last-attempt fields: a test must not disable an endpoint, nor hide its
 * real failures by succeeding. Test events and resends to one endpoint share a per-minute
 * allowance (server/webhooks/manual-throttle.ts).
 */
export async function sendTestEvent(account: Pick<Account, "id" | "email">, endpointId: string) {
  const endpoint = await getEndpointOrThrow(account.id, endpointId);
  if (!endpoint.enabled || endpoint.suspendedByPlan) {
    throw validationError("This endpoint is disabled; enable it before sending it a test event.");
  }
  await assertManualDeliveryAllowed(endpointId);
  const at = new Date();
  const {
    payloads: [payload],
  } = eventRows([
    {
      accountId: account.id,
      type: "email.sent",
      emailId: null,
      data: {
        email_id: newId(at.getTime()),
        from: config().sandboxSender,
        to: [account.email],
        subject: "Test event from Posthaste",
        tags: [],
        test: true,
      },
      at,
    },
  ]);
  const deliveryId = newId(at.getTime());
  const { db } = await database();
  await db.transaction(async (tx) => {
    await tx.insert(webhookEvents).values({
      id: payload.id,
      accountId: account.id,
      type: payload.type,
      emailId: null,
      payload: payload as unknown as Record<string, unknown>,
      test: true,
      createdAt: at,
    });
    await tx
      .insert(webhookDeliveries)
      .values({ id: deliveryId, eventId: payload.id, endpointId, accountId: account.id, status: "pending", nextAttemptAt: at });
  });
  wake(TASKS.webhookDelivery);
  return { eventId: payload.id, deliveryId, endpointId };
}
