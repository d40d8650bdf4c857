import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { newId } from "../lib/ids";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import type { EventPayload, NewEvent } from "./types";
import { resultRows } from "../db/rows";

export const WEBHOOK_TASK = TASKS.webhookDelivery;

/** Each event's payload (id, type, created_at, data) and its webhook_events row as SQL values. */
export function eventRows(events: NewEvent[]): { payloads: EventPayload[]; rows: SQL[] } {
  const payloads: EventPayload[] = [];
  const rows: SQL[] = [];
  for (const event of events) {
    const at = event.at ?? new Date();
    const payload: EventPayload = { id: newId(at.getTime()), type: event.type, created_at: at.toISOString(), data: event.data };
    payloads.push(payload);
    rows.push(
      sql`(${payload.id}::text, ${event.accountId}::text, ${event.type}::text, ${event.emailId}::text, ${JSON.stringify(payload)}::jsonb, ${payload.created_at}::timestamptz)`,
    );
  }
  return { payloads, rows };
}

/**
 * Two CTEs for a statement that stores events: `ev` stores the rows (those where `filter`
 * holds, over their columns as `v.*`) and `owed` owes each to every enabled endpoint of
 * its account that subscribes to its type (or "*"), returning one row per delivery owed.
 */
export function storeEventsSql(rows: SQL[], filter: SQL = sql`true`): SQL {
  return sql`ev as (
      insert into webhook_events (id, account_id, type, email_id, payload, created_at)
      select v.id, v.account_id, v.type, v.email_id, v.payload, v.created_at
      from (values ${sql.join(rows, sql`, `)}) as v(id, account_id, type, email_id, payload, created_at)
      where ${filter}
      returning id, account_id, type
    ), owed as (
      insert into webhook_deliveries (id, event_id, endpoint_id, account_id, status, next_attempt_at)
      select gen_random_uuid()::text, ev.id, e.id, e.account_id, 'pending', now()
      from ev join webhook_endpoints e
        on e.account_id = ev.account_id and e.enabled and not e.suspended_by_plan
       and (e.events ? '*' or e.events ? ev.type)
      returning 1
    )`;
}

/**
 * Stores each event once and, in the same statement, owes it to every enabled endpoint
 * of the account that subscribes to its type (or "*"). Delivery happens in the
 * background task; pass a transaction as `db` to make the event part of a state change.
 */
export async function recordEvents(db: Pick<Db, "execute">, events: NewEvent[]): Promise<EventPayload[]> {
  if (events.length === 0) return [];
  const { payloads, rows } = eventRows(events);
  const result = await db.execute(sql`with ${storeEventsSql(rows)} select count(*)::int as owed from owed`);
  const owed = Number(resultRows<{ owed: number }>(result)[0]?.owed ?? 0);
  if (owed > 0) wake(WEBHOOK_TASK);
  return payloads;
}
