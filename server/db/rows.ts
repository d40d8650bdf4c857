import type { SQL } from "drizzle-orm";
import type { Executor } from "./types";

/** What db.execute returns: postgres.js gives the rows array, PGlite an object holding `rows`. */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Runs a raw statement on the database or a transaction and gives its rows, the same shape on both drivers. */
export async function rows<T = Record<string, unknown>>(executor: Executor, query: SQL): Promise<T[]> {
  return resultRows<T>(await executor.execute(query));
}
