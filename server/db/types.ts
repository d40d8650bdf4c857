import type { Query, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Anything that runs a raw statement: the database or a transaction. */
export type Executor = Pick<Db, "execute">;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite" | "pglite-socket";
  /** Rows of a raw statement, the same shape on both drivers. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * Rows of a statement compiled by shapedQuery, run on the driver itself (no compiling):
   * named or unnamed as its plan declares (server/db/statements.ts; PGlite plans each run).
   */
  runCompiled<T = Record<string, unknown>>(query: Query, named: boolean): Promise<T[]>;
  /** LISTEN on a channel (NOTIFY payloads); a no-op for a CLI talking through the socket. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}
