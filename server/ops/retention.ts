import { sql, type SQL } from "drizzle-orm";
import { config } from "../config";
import { database } from "../db/client";
import { TASKS } from "../jobs/names";
import type { Task } from "../jobs/tasks";
import { pruneSnsMessages } from "../ses/sns-replay";

/** Rows per statement: each batch is one short transaction on any table size. */
const BATCH = 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The smallest UUIDv7 of a millisecond: every id made before `ms` sorts below it. Ids are
 * made at the row's creation time, so "older than" walks the primary key (no extra index
 * on the send path); the rows' own timestamps are checked as well.
 */
export function idFloor(ms: number): string {
  const hex = ms.toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/**
 * Ids of up to 2 × BATCH rows of `table` whose time column is before the cutoff. The time
 * column decides; the id only finds them cheaply: a UUIDv7's time is its row's creation time,
 * so those rows are walked by primary key below the cutoff's floor; rows with any other id
 * (UUIDv4, made by the database before uuidv7Sql) through the partial index on the time
 * column that only they enter (`notUuidv7` in server/db/schema.ts: same expression).
 */
function older(table: SQL, at: SQL, cutoff: string, floor: string, also: SQL = sql`true`): SQL {
  return sql`
    (select id from ${table} where id < ${floor} and ${at} < ${cutoff}::timestamptz and ${also} order by id limit ${BATCH})
    union all
    (select id from ${table} where substr(id, 15, 1) <> '7' and ${at} < ${cutoff}::timestamptz and ${also} order by ${at} limit ${BATCH})`;
}

/**
 * RETENTION_DAYS: past it, a message keeps its status row (status, addresses, subject,
 * tags, times) and loses its content (html, text, a template's values, attachments: its
 * email_contents row, deleted rather than the status row rewritten; the sink's rendered copy);
 * its timeline events, webhook events, deliveries and attempts are deleted. Mail still
 * waiting to leave and webhook deliveries still owed are kept whole. Received mail is
 * deleted whole, attachments with it: all of it is content.
 */
export async function pruneOnce(): Promise<number> {
  // SNS MessageIds outlive nothing but their freshness window, whatever RETENTION_DAYS says.
  const sns = await pruneSnsMessages();
  const days = config().retentionDays;
  if (days === null) return sns;
  const cutoffMs = Date.now() - days * DAY_MS;
  const cutoff = new Date(cutoffMs).toISOString();
  const floor = idFloor(cutoffMs);
  const { rows } = await database();
  // Messages are walked once, in id order, from a cursor kept in the database (shared by every
  // instance and run). One still waiting to leave when walked keeps its content: it was accepted
  // RETENTION_DAYS ago and is not sent yet (scheduled further ahead, or its account is paused).
  const [bodies] = await rows<{ walked: number }>(sql`
    with cursor as (
      select coalesce((select after from retention_cursors where name = 'emails'), '') as after
    ), batch as (
      select e.id from emails e, cursor c where e.id > c.after and e.id < ${floor} order by e.id limit ${BATCH}
    ), pruned as (
      delete from email_contents c using batch b, emails e
      where c.email_id = b.id and e.id = b.id and e.created_at < ${cutoff}::timestamptz and e.status not in ('queued', 'scheduled', 'sending')
      returning c.email_id
    ), sunk as (
      delete from sink_messages s using batch b where s.email_id = b.id and s.created_at < ${cutoff}::timestamptz
      returning s.email_id
    ), moved as (
      insert into retention_cursors (name, after) select 'emails', max(id) from batch having count(*) > 0
      on conflict (name) do update set after = greatest(retention_cursors.after, excluded.after)
      returning 1
    )
    select (select count(*)::int from batch) as walked, (select count(*) from pruned) + (select count(*) from sunk) + (select count(*) from moved) as changed`);
  const deleted = await rows<{ n: number }>(sql`
    with events as (
      delete from email_events where id in (${older(sql`email_events`, sql`at`, cutoff, floor)})
      returning 1
    ), attempts as (
      delete from webhook_attempts where id in (${older(sql`webhook_attempts`, sql`at`, cutoff, floor)})
      returning 1
    ), deliveries as (
      delete from webhook_deliveries where id in (${older(sql`webhook_deliveries`, sql`created_at`, cutoff, floor, sql`status <> 'pending'`)})
      returning 1
    ), inbound as (
      delete from inbound_emails where id in (${older(sql`inbound_emails`, sql`created_at`, cutoff, floor)})
      returning 1
    )
    select ((select count(*) from events) + (select count(*) from attempts) + (select count(*) from deliveries)
      + (select count(*) from inbound))::int as n`);
  // Events go once no delivery of theirs is left (a delivery still owed keeps its event).
  const noDelivery = sql`not exists (select 1 from webhook_deliveries d where d.event_id = webhook_events.id)`;
  const [webhookEvents] = await rows<{ n: number }>(sql`
    with gone as (
      delete from webhook_events where id in (${older(sql`webhook_events`, sql`created_at`, cutoff, floor, noDelivery)})
      returning 1
    )
    select count(*)::int as n from gone`);
  return bodies.walked + deleted[0].n + webhookEvents.n + sns;
}

export const retentionTask: Task = {
  name: TASKS.retention,
  runOnce: pruneOnce,
  idleIntervalMs: 3600_000,
  concurrency: 1,
  cron: "17 * * * *",
};
