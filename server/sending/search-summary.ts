import { TASKS } from "../jobs/names";
import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { ACCOUNT_SEARCH_INDEX } from "../db/schema";
import type { Task } from "../jobs/tasks";

/**
 * Keeps search's full-text index quick to read (search-window.ts) by merging its pending
 * list. GIN (fastupdate) keeps new entries there, unsorted, and every search that uses the
 * index reads it whole: up to 4 MB (gin_pending_list_limit) until a send that overflows it
 * merges it, on the send path. Merged every few seconds here, it stays a few seconds' worth
 * of sends. Off the send path. Returns how many pending pages it merged.
 */
async function mergeSearchPendingList(): Promise<number> {
  const d = await database();
  const [merged] = await d.rows<{ n: number }>(sql`select gin_clean_pending_list(${ACCOUNT_SEARCH_INDEX}::regclass)::int as n`);
  return Number(merged?.n ?? 0);
}

export const searchSummaryTask: Task = {
  name: TASKS.searchSummary,
  runOnce: mergeSearchPendingList,
  idleIntervalMs: 5_000,
  cron: "* * * * *",
};
