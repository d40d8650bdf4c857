import { sql, type SQL } from "drizzle-orm";
import { database } from "../db/client";
import { cte, type Cte } from "../db/cte";
import { TASKS } from "../jobs/names";
import type { Task } from "../jobs/tasks";
import { deliverySettings } from "./settings";

/** What the hourly counts count: a message handed over, delivered, bounced or complained about. */
export const COUNTED_KINDS = ["sent", "delivered", "bounced", "complained"] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];

export type DailyCount = { day: string } & Record<CountedKind, number>;

/** The count columns, each written by `each` (one name, in COUNTED_KINDS order), as SQL. */
const eachKind = (each: (kind: CountedKind) => string): SQL => sql.raw(COUNTED_KINDS.map(each).join(", "));
const KIND_COLUMNS = eachKind((k) => k);
/** `on conflict … do update set`: the row's counts plus the new ones. */
const ADD_TO_ROW = eachKind((k) => `${k} = c.${k} + excluded.${k}`);

/** Rows per account, hour and mode: concurrent outcome writers pick one at random, so they rarely wait on one lock. */
const SHARDS = 8;

/** The start of the UTC hour or day a timestamptz falls in, whatever the session's time zone. */
export const utcTrunc = (unit: "hour" | "day", at: SQL) =>
  sql`(date_trunc(${sql.raw(`'${unit}'`)}, (${at}) at time zone 'UTC') at time zone 'UTC')`;

/**
 * CTE `counted_hours` for the statement that moves statuses (server/delivery/status.ts#applyHappenings):
 * adds each stored timeline row of a counted kind to its account's UTC hour, test mode apart,
 * once per message and kind within the statement (a bulk message's per-recipient deliveries
 * count once). `timeline` must return (email_id, type, at) and `moved` (id, account_id, test_mode).
 */
export function countHourlyCte(timeline: Cte, moved: Cte): Cte {
  const shard = Math.floor(Math.random() * SHARDS);
  const per = (kind: CountedKind) => sql`count(distinct t.email_id) filter (where t.type = ${kind})::int`;
  return cte(
    "counted_hours",
    sql`insert into email_hourly_counts as c (account_id, hour, test_mode, shard, ${KIND_COLUMNS})
      select m.account_id, ${utcTrunc("hour", sql`t.at`)}, m.test_mode, ${shard}::smallint, ${sql.join(COUNTED_KINDS.map(per), sql`, `)}
      from ${timeline.name} t join ${moved.name} m on m.id = t.email_id
      where t.type in (${eachKind((k) => `'${k}'`)})
      group by 1, 2, 3
      on conflict (account_id, hour, test_mode, shard) do update set ${ADD_TO_ROW}`,
  );
}

/** A UTC day as YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The UTC days from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000) out.push(utcDay(new Date(t)));
  return out;
}

/**
 * The account's counts for each UTC day from `first` to `last` (YYYY-MM-DD, both included),
 * test mode included, zeros for quiet days: one read of the account's hours on the primary key.
 */
export async function readDailyCounts(accountId: string, first: string, last: string): Promise<DailyCount[]> {
  const { rows } = await database();
  const found = await rows<{ day: string } & Record<CountedKind, number>>(sql`
    select to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day, ${eachKind((k) => `sum(${k})::int as ${k}`)}
    from email_hourly_counts
    where account_id = ${accountId}
      and hour >= ${first}::timestamp at time zone 'UTC' and hour < (${last}::date + 1)::timestamp at time zone 'UTC'
    group by 1`);
  const byDay = new Map(found.map((r) => [r.day, r]));
  return daysBetween(first, last).map((day) => {
    const r = byDay.get(day);
    return { day, ...(Object.fromEntries(COUNTED_KINDS.map((k) => [k, Number(r?.[k] ?? 0)])) as Record<CountedKind, number>) };
  });
}

/** Hour rows one fold takes at most. */
const FOLD_BATCH = 10_000;

/**
 * Folds the hour rows of days the breaker's window no longer reaches into one row per
 * account, day and mode (the day's first hour, shard 0): the charts read days, so a past
 * day costs them 2 rows instead of up to 24 × SHARDS × 2. A row is deleted and added to its
 * day's row in one statement, so a count is never lost or taken twice, by concurrent folds
 * either. Writers only touch the current hour. Returns the hour rows folded.
 */
export async function foldPastHours(): Promise<number> {
  const { rows } = await database();
  const windowMs = deliverySettings().breakerWindowMs;
  const [row] = await rows<{ folded: number }>(sql`
    with taken as (
      select account_id, hour, test_mode, shard from email_hourly_counts
      where hour < ${utcTrunc("day", sql`now() - ${windowMs} * interval '1 millisecond' - interval '1 hour'`)}
        and not (shard = 0 and hour = ${utcTrunc("day", sql`hour`)})
      limit ${FOLD_BATCH}
    ), gone as (
      delete from email_hourly_counts c using taken t
      where (c.account_id, c.hour, c.test_mode, c.shard) = (t.account_id, t.hour, t.test_mode, t.shard)
      returning c.*
    ), kept as (
      insert into email_hourly_counts as c (account_id, hour, test_mode, shard, ${KIND_COLUMNS})
      select account_id, ${utcTrunc("day", sql`hour`)}, test_mode, 0, ${eachKind((k) => `sum(${k})`)}
      from gone group by 1, 2, 3
      on conflict (account_id, hour, test_mode, shard) do update set ${ADD_TO_ROW}
      returning 1
    )
    select (select count(*) from gone)::int as folded, (select count(*) from kept)::int as days`);
  return Number(row?.folded ?? 0);
}

export const countsFoldTask: Task = {
  name: TASKS.countsFold,
  runOnce: foldPastHours,
  idleIntervalMs: 3600_000,
  batchSize: FOLD_BATCH,
  concurrency: 1,
  cron: "41 * * * *",
};
