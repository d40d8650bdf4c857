import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import { unwrapped } from "./auto-prepare";
import type { Database } from "./types";

const dialect = new PgDialect();

/** The postgres.js client under drizzle, without the auto-prepare wrapper (PostgreSQL only). */
export function plainClient(d: Database): postgres.Sql {
  return unwrapped((d.db as unknown as { $client: postgres.Sql }).$client);
}

/** Runs a statement unnamed on `client`: planned for this run's parameters, never cached. */
export async function unnamedRows<T>(client: Pick<postgres.Sql, "unsafe">, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: false })) as unknown as T[];
}

/**
 * Runs a statement unnamed, so PostgreSQL plans it for the tables' size now, at the cost of
 * a second round trip (postgres.js asks for the parameter types first). For a statement
 * whose best plan changes as a table grows from empty: prepared, it keeps the plan made
 * while the table was small for the connection's life (server/db/postgres.ts). PGlite:
 * as any other statement.
 */
export async function executeUnnamed(d: Database, query: SQL): Promise<void> {
  if (d.kind !== "postgres") await d.db.execute(query);
  else await unnamedRows(plainClient(d), query);
}
