import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Query, SQL } from "drizzle-orm";
import postgres from "postgres";
import { config } from "../config";
import { migratePglite } from "./migrate";
import { exclusiveOfTransactions } from "./pglite-socket-proxy";
import { postgresJs } from "./postgres";
import { rows } from "./rows";
import * as schema from "./schema";
import { pgliteSocketPath, prepareSocketFolder, withOwnerOnlyUmask } from "./socket-path";
import type { Database, Db } from "./types";

/**
 * How drizzle's PGlite driver reads a raw statement's rows (db.execute), so a compiled
 * statement run on PGlite itself gives the same values: timestamps, intervals and dates
 * (and their arrays, and numeric[]) stay text.
 */
const asText = (value: string) => value;
const COMPILED_ROWS = {
  rowMode: "object" as const,
  parsers: Object.fromEntries(
    // timestamp, timestamptz, interval, date, numeric[], timestamp[], timestamptz[], interval[], date[]
    [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText]),
  ),
};

/** Rows of a statement compiled by shapedQuery, run on PGlite itself: the values db.execute would give. */
export async function compiledRows<T>(client: PGlite, query: Query): Promise<T[]> {
  return (await client.query<T>(query.sql, query.params, COMPILED_ROWS)).rows;
}

/**
 * Connections of each child of a multi-process server to the primary's socket: enough that
 * the engine always has the next exchange queued, few enough that one child cannot crowd
 * the others out.
 */
const CHILD_CONNECTIONS = 4;

function canConnect(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(socketPath);
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

/**
 * The embedded database in `dir`. When a server already serves it on its socket, talk
 * through that; with `serveSocket`, this process owns it and serves the socket itself.
 * `childOfPrimary`: this process is a child of a multi-process server whose primary owns
 * the database; it must already be served.
 */
export async function openPglite(dir: string, opts: { serveSocket: boolean; childOfPrimary?: boolean }): Promise<Database> {
  const socketPath = pgliteSocketPath(dir);
  if (fs.existsSync(socketPath) && (await canConnect(socketPath))) {
    if (opts.serveSocket) {
      throw new Error(`another Posthaste process is serving the embedded database in ${dir}`);
    }
    // A server owns the data directory: talk to it through its socket.
    const max = opts.childOfPrimary ? CHILD_CONNECTIONS : 1;
    return postgresJs(postgres({ path: socketPath, max, onnotice: () => {} }), "pglite-socket");
  }
  if (opts.childOfPrimary) throw new Error(`no Posthaste process is serving the embedded database in ${dir}`);
  fs.mkdirSync(dir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const client: PGlite = await PGlite.create(dir);
  await migratePglite(client);
  const { drizzle } = await import("drizzle-orm/pglite");
  const db = drizzle(client, { schema });
  let socketServer: { stop(): Promise<void> } | null = null;
  if (opts.serveSocket) {
    prepareSocketFolder(socketPath);
    fs.rmSync(socketPath, { force: true });
    const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
    const exclusive = exclusiveOfTransactions(client);
    // Every child of a multi-process server keeps a few connections; the CLI and tools one each.
    const maxConnections = config().processes * CHILD_CONNECTIONS + 16;
    const server = new PGLiteSocketServer({ db: exclusive.db, path: socketPath, maxConnections });
    exclusive.watch(server);
    await withOwnerOnlyUmask(() => server.start());
    socketServer = server;
  }
  return {
    db: db as unknown as Db,
    kind: "pglite",
    rows: <T>(query: SQL) => rows<T>(db as unknown as Db, query),
    runCompiled: <T>(query: Query) => compiledRows<T>(client, query),
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload);
    },
    close: async () => {
      await socketServer?.stop();
      if (socketServer) {
        fs.rmSync(socketPath, { force: true });
        // Leave no empty folder behind in the temp directory; one still in use stays.
        try {
          fs.rmdirSync(path.dirname(socketPath));
        } catch {
          /* not empty or already gone */
        }
      }
      await client.close();
    },
  };
}
