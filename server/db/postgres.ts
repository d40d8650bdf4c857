import os from "node:os";
import type { Query, SQL } from "drizzle-orm";
import postgres from "postgres";
import { config } from "../config";
import { autoPrepared } from "./auto-prepare";
import { migratePostgres } from "./migrate";
import { databaseRows } from "./rows";
import * as schema from "./schema";
import type { Database, Db } from "./types";

/** A Database over a postgres.js client: a PostgreSQL server, or the PGlite socket a running server serves. */
export function postgresJs(client: postgres.Sql, kind: Database["kind"]): Promise<Database> {
  return import("drizzle-orm/postgres-js").then(({ drizzle }) => {
    const db = drizzle(client, { schema }) as unknown as Db;
    return {
      db,
      kind,
      rows: <T>(query: SQL | Query) => databaseRows<T>(db, query),
      listen: async (channel, onPayload) => {
        if (kind === "postgres") await client.listen(channel, onPayload);
      },
      close: () => client.end({ timeout: 5 }),
    };
  });
}

/** This process's connections carry this name, so a metrics scrape can find them in pg_stat_activity. */
export const applicationName = () => `posthaste ${os.hostname()}:${process.pid}`.slice(0, 63);

export async function openPostgres(url: string): Promise<Database> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migratePostgres(admin);
  } finally {
    await admin.end({ timeout: 5 });
  }
  // 10 (postgres.js's own default): PostgreSQL does its best work with a few busy
  // connections per core; on two cores, 20 cost a third more of its CPU per send than 8–10
  // in context switches (docs/benchmarks.md), and queueing in the pool is cheaper.
  const client = autoPrepared(
    postgres(url, {
      max: config().databasePoolSize,
      onnotice: () => {},
      connection: { application_name: applicationName() },
      // PostgreSQL keeps a prepared statement's generic plan for the connection's life until
      // the table is analyzed (never, with autovacuum off): one made while webhook_deliveries
      // held 1,700 rows seq-scanned all 12,000 of it later, 26 ms a statement. A connection
      // that lives a minute or two re-plans as the tables grow; staggered, so the pool does
      // not reconnect at once. Planning every run instead cost 200-400 µs of the database's
      // CPU per message (docs/decisions/).
      max_lifetime: 60 + Math.random() * 60,
    }),
  );
  return postgresJs(client, "postgres");
}
