import { sql } from "drizzle-orm";
import { database } from "./client";
import type { Task } from "../jobs/tasks";

export const STATS_UPKEEP_TASK = "stats-upkeep";

/** The tables the send and delivery paths' prepared statements read by key or queue order. */
const HOT_TABLES = ["emails", "email_events", "webhook_events", "webhook_deliveries", "webhook_attempts", "suppressions"];

/**
 * Analyzes a hot table once it changed by autovacuum's own default threshold (50 rows and
 * 10 %) since its last analysis, whoever did that. A prepared statement keeps a generic plan
 * made from the statistics of its day for the connection's life, until the table is analyzed:
 * one made while `webhook_deliveries` held 1,700 rows seq-scanned all 12,000 of it later (26 ms
 * a statement; planning every run instead cost 200–400 µs of the database's CPU per message).
 * Autovacuum does this when it is on, a minute or more behind a burst; servers with it off
 * never would. Gives up after 100 ms waiting for a lock (the next run tries again). PGlite
 * runs statements unprepared, so it has nothing to do there.
 */
export async function analyzeChangedTables(): Promise<number> {
  const d = await database();
  if (d.kind !== "postgres") return 0;
  const due = await d.rows<{ name: string }>(sql`
    select relname as name from pg_stat_user_tables
    where schemaname = current_schema() and relname = any(${sql.param(HOT_TABLES)}::text[])
      and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)`);
  let analyzed = 0;
  for (const { name } of due) {
    try {
      await d.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '100ms'`);
        await tx.execute(sql`analyze ${sql.identifier(name)}`);
      });
      analyzed++;
    } catch (err) {
      if ((err as { code?: string }).code !== "55P03") throw err; // lock_not_available: next run
    }
  }
  return analyzed;
}

export const statsUpkeepTask: Task = {
  name: STATS_UPKEEP_TASK,
  // Returns 0 so the loop sleeps between looks: one pass analyzes everything due.
  runOnce: async () => {
    await analyzeChangedTables();
    return 0;
  },
  idleIntervalMs: 10_000,
  cron: "* * * * *",
};
