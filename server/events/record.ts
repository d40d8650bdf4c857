import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { cte, withList, type Cte } from "../db/cte";
import { newId, uuidv7Sql } from "../lib/ids";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import { claimedJson, LEASE_SECONDS } from "../webhooks/handed-over";
import type { EventPayload, NewEvent } from "./types";
import { resultRows } from "../db/rows";

export const WEBHOOK_TASK = TASKS.webhookDelivery;

/** Each event's payload (id, type, created_at, data) and its webhook_events columns, one array per column. */
export function eventRows(events: NewEvent[]): { payloads: EventPayload[]; columns: EventColumns } {
  const payloads: EventPayload[] = [];
  const columns: EventColumns = { id: [], accountId: [], type: [], emailId: [], payload: [], createdAt: [] };
  for (const event of events) {
    const at = event.at ?? new Date();
    const payload: EventPayload = { id: newId(at.getTime()), type: event.type, created_at: at.toISOString(), data: event.data };
    payloads.push(payload);
    columns.id.push(payload.id);
    columns.accountId.push(event.accountId);
    columns.type.push(event.type);
    columns.emailId.push(event.emailId ?? null);
    columns.payload.push(JSON.stringify(payload));
    columns.createdAt.push(payload.created_at);
  }
  return { payloads, columns };
}

export interface EventColumns {
  id: string[];
  accountId: string[];
  type: string[];
  emailId: (string | null)[];
  payload: string[];
  createdAt: string[];
}

/** The CTEs of storeEventsCtes: `ev`, the events stored, and `owed`, the deliveries they owe. */
export interface StoredEvents {
  ev: Cte;
  owed: Cte;
}

/**
 * Two CTEs for a statement that stores events: `ev` stores the rows (those where `filter`
 * holds, over their columns as `v.*`) and `owed` owes each to every enabled endpoint of
 * its account that subscribes to its type (or "*"), returning one row per delivery owed.
 * The rows go as one array per column, so the statement's text is the same for any number
 * of events (named once, server/db/statements.ts). `leased`: the deliveries are stored
 * as claimed by this process (first attempt under way), for `handedSql` to return.
 */
export function storeEventsCtes(c: EventColumns, filter: SQL = sql`true`, leased = false): StoredEvents {
  const ev = cte(
    "ev",
    sql`insert into webhook_events (id, account_id, type, email_id, payload, created_at)
      select v.id, v.account_id, v.type, v.email_id, v.payload::jsonb, v.created_at::timestamptz
      from unnest(${sql.param(c.id)}::text[], ${sql.param(c.accountId)}::text[], ${sql.param(c.type)}::text[],
                  ${sql.param(c.emailId)}::text[], ${sql.param(c.payload)}::text[], ${sql.param(c.createdAt)}::text[])
        as v(id, account_id, type, email_id, payload, created_at)
      where ${filter}
      returning id, account_id, type, email_id, payload, test`,
  );
  const owed = cte(
    "owed",
    sql`insert into webhook_deliveries (id, event_id, endpoint_id, account_id, status, attempts, next_attempt_at)
      select ${uuidv7Sql}, ev.id, e.id, e.account_id, 'pending',
             ${leased ? sql`1, now() + make_interval(secs => ${LEASE_SECONDS})` : sql`0, now()`}
      from ${ev.name} ev join webhook_endpoints e
        on e.account_id = ev.account_id and e.enabled and not e.suspended_by_plan
       and (e.events ? '*' or e.events ? ev.type)
      returning id, event_id, endpoint_id, attempts`,
  );
  return { ev, owed };
}

/**
 * The deliveries `owed` stored leased (storeEventsCtes), each as the webhook loop's claim
 * returns it (server/webhooks/handed-over.ts), as one JSON array; null when none. The
 * payload is read back as stored, so its body is the same bytes a claim would send.
 */
export const handedSql = ({ ev, owed }: StoredEvents, content?: SQL): SQL => sql`(
    select json_agg(${claimedJson(content)})
    from ${owed.name} d join ${ev.name} ev on ev.id = d.event_id join webhook_endpoints e on e.id = d.endpoint_id)`;

/**
 * Stores each event once and, in the same statement, owes it to every enabled endpoint
 * of the account that subscribes to its type (or "*"). Delivery happens in the
 * background task; pass a transaction as `db` to make the event part of a state change.
 */
export async function recordEvents(db: Pick<Db, "execute">, events: NewEvent[]): Promise<EventPayload[]> {
  if (events.length === 0) return [];
  const { payloads, columns } = eventRows(events);
  const stored = storeEventsCtes(columns);
  const result = await db.execute(sql`with ${withList([stored.ev, stored.owed])} select count(*)::int as owed from ${stored.owed.name}`);
  const owed = Number(resultRows<{ owed: number }>(result)[0]?.owed ?? 0);
  if (owed > 0) wake(WEBHOOK_TASK);
  return payloads;
}
