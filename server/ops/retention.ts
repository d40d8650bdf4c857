import { sql, type SQL } from "drizzle-orm";
import { waiting } from "../db/schema";
import { config } from "../config";
import { database, type Database } from "../db/client";
import { lockEventRemoval } from "../db/locks";
import {
  beforeEnd,
  dropPartitionsBefore,
  ensurePartitions,
  idFloor,
  queryOf,
  transactionsOf,
  undated,
  undatedPartitions,
} from "../db/partitions";
import { resultRows } from "../db/rows";
import { TASKS } from "../jobs/names";
import type { Task } from "../jobs/tasks";
import { pruneSnsMessages } from "../ses/sns-replay";

/** Rows per statement: each batch is one short transaction on any table size. */
const BATCH = 1000;
const DAY_MS = 24 * 3600 * 1000;

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

/** The tables whose undated partitions are pruned row by row, with each row's time and what keeps it. */
const PRUNED_BY_ROW = [
  { table: "email_events", at: sql`at` },
  { table: "webhook_attempts", at: sql`at` },
  { table: "webhook_deliveries", at: sql`created_at`, also: sql`status <> 'pending'` },
];

/** `delete … returning 1` from each named partition, as CTEs of one statement, with the rows counted. */
function deleteOlder(parts: { name: string; at: SQL; also?: SQL }[], cutoff: string, floor: string): SQL {
  const ctes = parts.map(
    ({ name, at, also }, i) =>
      sql`${sql.raw(`d${i}`)} as (delete from ${sql.identifier(name)} where id in (${older(sql`${sql.identifier(name)}`, at, cutoff, floor, also)}) returning 1)`,
  );
  const counts = parts.map((_, i) => sql.raw(`(select count(*) from d${i})`));
  return sql`with ${sql.join(ctes, sql`, `)} select (${sql.join(counts, sql` + `)})::int as n`;
}

/**
 * RETENTION_DAYS: past it, a message keeps its status row (status, addresses, subject,
 * tags, times) and loses its content (html, text, a template's values, attachments: its
 * email_contents row; the sink's rendered copy); its timeline events, webhook events,
 * deliveries and attempts are removed. Mail still waiting to leave and webhook deliveries
 * still owed are kept whole. Received mail is deleted whole, attachments with it: all of it
 * is content. Those tables' dated partitions go whole once their last day is past the cutoff
 * (decision 0048: within a partition's width after RETENTION_DAYS); their other partitions
 * (rows from before partitioning, rows kept when theirs was dropped) are pruned row by row.
 */
export async function pruneOnce(db?: Database): Promise<number> {
  db ??= await database();
  // SNS MessageIds outlive nothing but their freshness window, whatever RETENTION_DAYS says.
  const sns = await pruneSnsMessages(db);
  const days = config().retentionDays;
  const made = await ensurePartitions(transactionsOf(db));
  if (days === null) return sns + made;
  const cutoffMs = Date.now() - days * DAY_MS;
  const cutoff = new Date(cutoffMs).toISOString();
  const floor = idFloor(cutoffMs);
  const dropped = await dropPartitionsBefore(transactionsOf(db), floor);
  const { rows } = db;
  // Content from before the partitions (`email_contents_before`) is walked once, in id order,
  // from a cursor kept in the database (shared by every instance and run). One still waiting to
  // leave when walked keeps its content: it was accepted RETENTION_DAYS ago and is not sent yet
  // (scheduled further ahead, or its account is paused).
  const contents = undated("email_contents");
  const walkEnd = [floor, await beforeEnd(queryOf(db), "email_contents")].sort()[0];
  const [bodies] = await rows<{ walked: number }>(sql`
    with cursor as (
      select coalesce((select after from retention_cursors where name = 'emails'), '') as after
    ), batch as (
      select e.id from emails e, cursor c where e.id > c.after and e.id < ${walkEnd} order by e.id limit ${BATCH}
    ), pruned as (
      delete from ${sql.identifier(contents.before)} c using batch b, emails e
      where c.email_id = b.id and e.id = b.id and e.created_at < ${cutoff}::timestamptz and e.status not in ${waiting}
      returning c.email_id
    ), moved as (
      insert into retention_cursors (name, after) select 'emails', max(id) from batch having count(*) > 0
      on conflict (name) do update set after = greatest(retention_cursors.after, excluded.after)
      returning 1
    )
    select (select count(*)::int from batch) as walked`);
  // Content a dropped partition kept (its mail was still waiting) is looked at again each run,
  // and goes once its mail has left; the sink's rendered copies go by their own age.
  const leftovers = [contents.default, contents.beyond].map(
    (name, i) => sql`${sql.raw(`left${i}`)} as (
      delete from ${sql.identifier(name)} where email_id in (
        select c.email_id from ${sql.identifier(name)} c join emails e on e.id = c.email_id
        where c.email_id < ${floor} and e.created_at < ${cutoff}::timestamptz and e.status not in ${waiting}
        order by c.email_id limit ${BATCH})
      returning 1
    )`,
  );
  const [others] = await rows<{ n: number }>(sql`
    with ${sql.join(leftovers, sql`, `)}, sunk as (
      delete from sink_messages where (email_id, recipients) in (
        select email_id, recipients from sink_messages where email_id < ${floor} and created_at < ${cutoff}::timestamptz
        order by email_id limit ${BATCH})
      returning 1
    )
    select ((select count(*) from left0) + (select count(*) from left1) + (select count(*) from sunk))::int as n`);
  const byRow = PRUNED_BY_ROW.flatMap(({ table, at, also }) => undatedPartitions(table).map((name) => ({ name, at, also })));
  const [deleted] = await rows<{ n: number }>(deleteOlder([...byRow, { name: "inbound_emails", at: sql`created_at` }], cutoff, floor));
  // Events go once no delivery of theirs is left (a delivery still owed keeps its event); a
  // resend owing one again waits for this, or this for it (lockEventRemoval).
  const noDelivery = (name: string) => sql`not exists (select 1 from webhook_deliveries d where d.event_id = ${sql.identifier(name)}.id)`;
  const events = undatedPartitions("webhook_events").map((name) => ({ name, at: sql`created_at`, also: noDelivery(name) }));
  const webhookEvents = await db.db.transaction(async (tx) => {
    await lockEventRemoval(tx);
    return resultRows<{ n: number }>(await tx.execute(deleteOlder(events, cutoff, floor)))[0].n;
  });
  return bodies.walked + others.n + deleted.n + webhookEvents + dropped + made + sns;
}

export const retentionTask: Task = {
  name: TASKS.retention,
  runOnce: () => pruneOnce(),
  idleIntervalMs: 3600_000,
  concurrency: 1,
  cron: "17 * * * *",
};
