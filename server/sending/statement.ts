import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { plainClient, unnamedRows } from "../db/unnamed";

/** Runs a statement and returns its rows. */
export type RowsOf = <T = Record<string, unknown>>(query: SQL) => Promise<T[]>;

/**
 * Runs `work` in one transaction whose statements get generic plans with JIT off. Search
 * must not follow the planner's statistics (they trail a burst of mail by minutes, and a
 * term missing from them is guessed rare): a generic plan is costed with default
 * selectivities whatever the term and bounds, so it keeps one shape for every search
 * (docs/decisions/0004-sending-api.md, "Search"). Statements stay unnamed: a named one would keep a plan
 * made while the table was small. JIT would compile for 20–30 ms for a query that runs in
 * a few. PGlite runs in process and has no planner choices worth pinning.
 */
export async function genericPlans<T>(d: Database, work: (rows: RowsOf) => Promise<T>): Promise<T> {
  if (d.kind !== "postgres") return work((query) => d.rows(query));
  return (await plainClient(d).begin(async (tx) => {
    // Not awaited first: postgres.js pipelines it with the first statement on the connection.
    // Started now (execute), not when Promise.all gets to it: a postgres.js query is sent
    // when first awaited, and the work's first statement would otherwise go ahead of it.
    const settings = tx
      .unsafe("set local jit = off; set local plan_cache_mode = force_generic_plan; set local max_parallel_workers_per_gather = 0")
      .execute();
    const [, result] = await Promise.all([settings, work(<R>(query: SQL) => unnamedRows<R>(tx, query))]);
    return result;
  })) as T;
}
