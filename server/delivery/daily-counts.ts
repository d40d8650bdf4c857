import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { cte, type Cte } from "../db/cte";

/** What the daily counts count: a message handed over, delivered, bounced or complained about. */
export const DAILY_KINDS = ["sent", "delivered", "bounced", "complained"] as const;
export type DailyKind = (typeof DAILY_KINDS)[number];

export type DailyCount = { day: string } & Record<DailyKind, number>;

/** Rows per account and day: concurrent outcome writers pick one at random, so they rarely wait on one lock. */
const SHARDS = 8;

/**
 * CTE `counted_days` for the statement that moves statuses (server/delivery/status.ts#applyHappenings):
 * adds each stored timeline row of a counted kind to its account's UTC day, once per message
 * and kind within the statement (a bulk message's per-recipient deliveries count once).
 * `timeline` must return (email_id, type, at) and `moved` (id, account_id).
 */
export function countDailyCte(timeline: Cte, moved: Cte): Cte {
  const shard = Math.floor(Math.random() * SHARDS);
  const per = (kind: DailyKind) => sql`count(distinct t.email_id) filter (where t.type = ${kind})::int`;
  return cte(
    "counted_days",
    sql`insert into email_daily_counts as c (account_id, day, shard, sent, delivered, bounced, complained)
      select m.account_id, (t.at at time zone 'UTC')::date, ${shard}::smallint,
             ${per("sent")}, ${per("delivered")}, ${per("bounced")}, ${per("complained")}
      from ${timeline.name} t join ${moved.name} m on m.id = t.email_id
      where t.type in ('sent', 'delivered', 'bounced', 'complained')
      group by 1, 2
      on conflict (account_id, day, shard) do update set
        sent = c.sent + excluded.sent, delivered = c.delivered + excluded.delivered,
        bounced = c.bounced + excluded.bounced, complained = c.complained + excluded.complained`,
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
 * zeros for quiet days: one read of at most SHARDS rows per day on the primary key.
 */
export async function readDailyCounts(accountId: string, first: string, last: string): Promise<DailyCount[]> {
  const { rows } = await database();
  const found = await rows<{ day: string | Date } & Record<DailyKind, number>>(sql`
    select day::text as day, sum(sent)::int as sent, sum(delivered)::int as delivered,
           sum(bounced)::int as bounced, sum(complained)::int as complained
    from email_daily_counts
    where account_id = ${accountId} and day between ${first}::date and ${last}::date
    group by day`);
  const byDay = new Map(found.map((r) => [String(r.day).slice(0, 10), r]));
  return daysBetween(first, last).map((day) => {
    const r = byDay.get(day);
    return {
      day,
      sent: Number(r?.sent ?? 0),
      delivered: Number(r?.delivered ?? 0),
      bounced: Number(r?.bounced ?? 0),
      complained: Number(r?.complained ?? 0),
    };
  });
}
