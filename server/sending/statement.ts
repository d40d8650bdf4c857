import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import type { Database } from "../db/client";

const dialect = new PgDialect();

/**
 * Rows of a statement run as a named prepared statement on PostgreSQL. drizzle's execute()
 * sends every parameterised statement unnamed, and postgres.js then asks the server for
 * the parameter types first: two round trips per query. Prepared, the statement is parsed
 * once per connection and each later run is one round trip. The statement text must not
 * embed values (they go as parameters) so the cached statement is reused. PGlite runs in
 * process: its rows() already costs no round trip.
 */
export async function preparedRows<T = Record<string, unknown>>(d: Database, query: SQL): Promise<T[]> {
  if (d.kind !== "postgres") return d.rows<T>(query);
  const client = (d.db as unknown as { $client: postgres.Sql }).$client;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })) as unknown as T[];
}

/**
 * Rows of a statement planned afresh with JIT compilation off. A search plan carries a
 * whole-table branch it seldom runs, whose estimated cost switches JIT on: 20–30 ms of
 * compiling for a query that runs in a few. Unnamed (not prepared) so each run gets a
 * plan for its own terms.
 */
export async function unjittedRows<T = Record<string, unknown>>(d: Database, query: SQL): Promise<T[]> {
  if (d.kind !== "postgres") return d.rows<T>(query);
  const client = (d.db as unknown as { $client: postgres.Sql }).$client;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.begin(async (tx) => {
    await tx.unsafe("set local jit = off");
    return tx.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: false });
  })) as unknown as T[];
}
