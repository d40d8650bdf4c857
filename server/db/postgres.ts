import os from "node:os";
import type { Query, SQL } from "drizzle-orm";
import postgres from "postgres";
import { config } from "../config";
import { migratePostgres } from "./migrate";
import { rows } from "./rows";
import { namedByDefault, connectionLifetimeSeconds, plainClient } from "./statements";
import * as schema from "./schema";
import type { Database, Db } from "./types";

/** A Database over a postgres.js client: a PostgreSQL server, or the PGlite socket a running server serves. */
export function postgresJs(client: postgres.Sql, kind: Database["kind"]): Promise<Database> {
  return import("drizzle-orm/postgres-js").then(({ drizzle }) => {
    const db = drizzle(client, { schema }) as unknown as Db;
    const database: Database = {
      db,
      kind,
      rows: <T>(query: SQL) => rows<T>(db, query),
      // drizzle's postgres-js driver set the client's value parsers, so these rows parse as db.execute's.
      runCompiled: async <T>(query: Query, named: boolean) =>
        (await plainClient(database).unsafe(query.sql, query.params as postgres.ParameterOrJSON<never>[], {
          prepare: named,
        })) as unknown as T[],
      listen: async (channel, onPayload) => {
        if (kind === "postgres") await client.listen(channel, onPayload);
      },
      close: () => client.end({ timeout: 5 }),
    };
    return database;
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
  const client = namedByDefault(
    postgres(url, {
      max: config().databasePoolSize,
      onnotice: () => {},
      connection: { application_name: applicationName() },
      max_lifetime: connectionLifetimeSeconds(),
    }),
  );
  return postgresJs(client, "postgres");
}
