import { and, eq, sql } from "drizzle-orm";
import { database } from "../db/client";
import { shareEventRemoval } from "../db/locks";
import { resultRows } from "../db/rows";
import { webhookEvents } from "../db/schema";
import { validationError } from "../errors";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import { isUuid, newId } from "../lib/ids";
import { ownedOrThrow } from "../lib/owned";
import { decodeCursor, encodeCursor } from "../lib/pagination";
import { getEndpointOrThrow } from "./endpoints";
import { assertManualDeliveryAllowed } from "./manual-throttle";
import type { EventType } from "../events/types";
import type { AttemptPage, DeliveryStatus, ResendAccepted } from "./schemas";

/** The delivery log of one endpoint, newest attempt first, paged by an opaque cursor. */
export async function listAttempts(
  accountId: string,
  endpointId: string,
  opts: { limit: number; cursor?: string | null },
): Promise<AttemptPage> {
  await getEndpointOrThrow(accountId, endpointId);
  let before: string | null = null;
  if (opts.cursor) {
    before = decodeCursor(opts.cursor);
    if (before === null || !isUuid(before)) throw validationError("cursor is not valid");
  }
  const { rows } = await database();
  const found = await rows<{
    id: string;
    delivery_id: string;
    event_id: string;
    type: EventType;
    attempt: number;
    at: string | Date;
    duration_ms: number;
    response_status: number | null;
    error: string | null;
    response_body_head: string | null;
    status: DeliveryStatus;
  }>(sql`
    select a.id, a.delivery_id, d.event_id, ev.type, a.at, a.duration_ms, a.response_status, a.error,
           a.response_body_head, d.status,
           (select count(*)::int from webhook_attempts p where p.delivery_id = a.delivery_id and p.id <= a.id) as attempt
    from webhook_attempts a
    join webhook_deliveries d on d.id = a.delivery_id
    join webhook_events ev on ev.id = d.event_id
    where a.endpoint_id = ${endpointId} and d.account_id = ${accountId}
      ${before ? sql`and a.id < ${before}` : sql``}
    order by a.id desc
    limit ${opts.limit + 1}`);
  const page = found.slice(0, opts.limit);
  const hasMore = found.length > opts.limit;
  return {
    data: page.map((r) => ({
      id: r.id,
      deliveryId: r.delivery_id,
      eventId: r.event_id,
      eventType: r.type,
      attempt: Number(r.attempt),
      at: new Date(r.at).getTime(),
      durationMs: r.duration_ms,
      responseStatus: r.response_status,
      error: r.error,
      responseBodyHead: r.response_body_head,
      deliveryStatus: r.status,
    })),
    hasMore,
    nextCursor: hasMore ? encodeCursor(page[page.length - 1].id) : null,
  };
}

/**
 * Owes one stored event to an endpoint again (a fresh delivery with its own retries).
 * The endpoint must be able to receive it: enabled and not parked by the plan; and within the
 * per-minute allowance it shares with test events (server/webhooks/manual-throttle.ts).
 */
export async function resendEvent(accountId: string, endpointId: string, eventId: string): Promise<ResendAccepted> {
  const endpoint = await getEndpointOrThrow(accountId, endpointId);
  const { db } = await database();
  await ownedOrThrow("Event", eventId, async () => {
    const [event] = await db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.id, eventId), eq(webhookEvents.accountId, accountId)))
      .limit(1);
    return event;
  });
  if (!endpoint.enabled || endpoint.suspendedByPlan) {
    throw validationError("This endpoint is disabled; enable it before resending events to it.");
  }
  await assertManualDeliveryAllowed(endpointId);
  const deliveryId = newId();
  // Owed only if the event is still there when the delivery is written: retention removing it
  // waits for this transaction, or this for retention (shareEventRemoval).
  await db.transaction(async (tx) => {
    await shareEventRemoval(tx);
    const owed = await tx.execute(sql`
      insert into webhook_deliveries (id, event_id, endpoint_id, account_id, status, next_attempt_at)
      select ${deliveryId}, id, ${endpointId}, account_id, 'pending', now() from webhook_events
      where id = ${eventId} and account_id = ${accountId}
      returning id`);
    await ownedOrThrow("Event", eventId, async () => resultRows(owed)[0]);
  });
  wake(TASKS.webhookDelivery);
  return { deliveryId, endpointId, eventId };
}
