import { TASKS } from "../jobs/names";
import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { ACCOUNT_SEARCH_INDEX } from "../db/schema";
import type { Task } from "../jobs/tasks";

/**
 * Keeps search's indexes quick to read (search-window.ts):
 *  - merges the full-text index's pending list. GIN (fastupdate) keeps new entries there,
 *    unsorted, and every search that uses the index reads it whole: up to 4 MB
 *    (gin_pending_list_limit) until a send that overflows it merges it, on the send path.
 *    Merged every few seconds here, it stays a few seconds' worth of sends.
 *  - summarizes the page ranges rows were added to since the last run (a range without a
 *    summary is read whole). Autovacuum does it too (the index is `autosummarize`), but
 *    PGlite and servers with autovacuum off never would. Reads only the new pages.
 *  - takes created_at's statistics once when it has none: the planner prices a BRIN scan
 *    by the column's physical correlation and, without it, never ANDs the index in. Only
 *    their existence matters (created_at follows insertion order for good), not freshness.
 * Off the send path; gives up after 100 ms waiting for a lock rather than queue behind (and
 * so cancel) an autovacuum, and the next run tries again. Returns how much it did.
 */
async function keepSearchIndexesCurrent(): Promise<number> {
  const d = await database();
  try {
    // The subqueries set the timeout for their statement's own transaction before the work.
    const [row] = await d.rows<{ n: number }>(sql`
      select brin_summarize_new_values(s.index)::int as n
      from (select 'emails_created_brin_idx'::regclass as index, set_config('lock_timeout', '100ms', true)) s`);
    const [stats] = await d.rows<{ known: boolean }>(sql`
      select exists (select 1 from pg_stats where schemaname = current_schema() and tablename = 'emails'
        and attname = 'created_at' and correlation is not null) as known`);
    if (!stats?.known && Number(row?.n ?? 0) > 0) {
      await d.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '100ms'`);
        await tx.execute(sql`analyze emails (created_at)`);
      });
    }
    const [merged] = await d.rows<{ n: number }>(sql`select gin_clean_pending_list(${ACCOUNT_SEARCH_INDEX}::regclass)::int as n`);
    return Number(row?.n ?? 0) + Number(merged?.n ?? 0);
  } catch (err) {
    if ((err as { code?: string }).code === "55P03") return 0; // lock_not_available
    throw err;
  }
}

export const searchSummaryTask: Task = {
  name: TASKS.searchSummary,
  runOnce: keepSearchIndexesCurrent,
  idleIntervalMs: 5_000,
  cron: "* * * * *",
};
