import { sql } from "drizzle-orm";
import { database } from "../db/client";
import type { Task } from "../jobs/tasks";

export const PLANNER_STATISTICS_TASK = "planner-statistics";

/**
 * Where autovacuum does not run (switched off, as on CI machines, or PGlite), ANALYZEs each
 * of our tables whose rows changed by more than autovacuum's own analyze threshold (50 + 10 %
 * of its rows) since it was last analyzed; with autovacuum on, autovacuum does exactly this.
 *
 * The row counts matter less than what ANALYZE also does: it invalidates the generic plans
 * that prepared statements cached while a table was small. A fresh database's queues start
 * empty, so every hot statement's generic plan is made for an empty table; the webhook
 * settle then seq-scanned all deliveries to update ten of them, 5 ms a statement at 50,000
 * (docs/benchmarks.md, 2026-11-27 Intel). Each ANALYZE reads a sample (at most 30,000 rows);
 * at 10 % growth a table of a million rows is analyzed about once a minute under full load.
 * SKIP_LOCKED: a table someone else is vacuuming or analyzing waits for the next run.
 */
async function analyzeChangedTables(): Promise<number> {
  const d = await database();
  const stale = await d.rows<{ name: string }>(sql`
    select s.relname as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
      and (current_setting('autovacuum') = 'off' or ${d.kind !== "postgres"})
      and s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
    order by s.n_mod_since_analyze desc`);
  for (const { name } of stale) await d.db.execute(sql`analyze (skip_locked) ${sql.identifier(name)}`);
  return stale.length;
}

export const plannerStatisticsTask: Task = {
  name: PLANNER_STATISTICS_TASK,
  runOnce: analyzeChangedTables,
  idleIntervalMs: 5_000,
  cron: "* * * * *",
};
