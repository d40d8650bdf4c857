import { is, SQL, type Query } from "drizzle-orm";
import type { Db, Executor } from "./types";

/** What db.execute returns: postgres.js gives the rows array, PGlite an object holding `rows`. */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Runs a raw statement on the database or a transaction and gives its rows, the same shape on both drivers. */
export async function rows<T = Record<string, unknown>>(executor: Executor, query: SQL): Promise<T[]> {
  return resultRows<T>(await executor.execute(query));
}

/**
 * Rows of a raw statement, or of one already compiled (server/db/shaped.ts), on the
 * database or a transaction: the same driver path as `db.execute` (its parsers, the
 * auto-prepare wrapper), without compiling.
 */
export async function databaseRows<T>(db: Pick<Db, "execute" | "_">, query: SQL | Query): Promise<T[]> {
  // `is`, not instanceof: Next's bundle has its own copy of drizzle and shares this process's database.
  const result: unknown = await (is(query, SQL)
    ? db.execute(query)
    : db._.session.prepareQuery(query, undefined, undefined, false).execute());
  return resultRows<T>(result);
}
