import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import postgres from "postgres";
import { config } from "../config";
import { processShared } from "../lib/process-shared";
import * as schema from "./schema";
import { pgliteSocketPath, prepareSocketFolder, withOwnerOnlyUmask } from "./socket-path";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite" | "pglite-socket";
  /** Rows of a raw statement, the same shape on both drivers. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** LISTEN on a channel (NOTIFY payloads); a no-op for a CLI talking through the socket. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

const current = processShared("database", () => ({ opening: null as Promise<Database> | null }));

function migrationsFolder(): string {
  // Works from the source tree (tsx, vitest), the esbuild bundle in dist/ and Next's bundle.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(process.cwd(), "drizzle"), path.resolve(here, "../../drizzle"), path.resolve(here, "../drizzle")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

function canConnect(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(socketPath);
    s.once("connect", () => { s.destroy(); resolve(true); });
    s.once("error", () => resolve(false));
  });
}

function postgresJs(client: postgres.Sql, kind: Database["kind"]): Promise<Database> {
  return import("drizzle-orm/postgres-js").then(({ drizzle }) => {
    const db = drizzle(client, { schema }) as unknown as Db;
    return {
      db,
      kind,
      rows: async <T>(query: SQL) => (await db.execute(query)) as unknown as T[],
      listen: async (channel, onPayload) => {
        if (kind === "postgres") await client.listen(channel, onPayload);
      },
      close: () => client.end({ timeout: 5 }),
    };
  });
}

async function openPostgres(url: string): Promise<Database> {
  // Migrate on a single connection holding an advisory lock, so instances starting together don't race.
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(7220419)`;
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    await migrate(drizzle(admin), { migrationsFolder: migrationsFolder() });
    await admin`select pg_advisory_unlock(7220419)`;
  } finally {
    await admin.end({ timeout: 5 });
  }
  // 10 (postgres.js's own default): PostgreSQL does its best work with a few busy
  // connections per core; on two cores, 20 cost a third more of its CPU per send than 8–10
  // in context switches (docs/benchmarks.md), and queueing in the pool is cheaper.
  const client = postgres(url, { max: config().databasePoolSize, onnotice: () => {} });
  return postgresJs(client, "postgres");
}

async function openPglite(dir: string, opts: { serveSocket: boolean }): Promise<Database> {
  const socketPath = pgliteSocketPath(dir);
  if (fs.existsSync(socketPath) && (await canConnect(socketPath))) {
    if (opts.serveSocket) {
      throw new Error(`another Posthaste process is serving the embedded database in ${dir}`);
    }
    // A server owns the data directory: talk to it through its socket.
    return postgresJs(postgres({ path: socketPath, max: 1, onnotice: () => {} }), "pglite-socket");
  }
  fs.mkdirSync(dir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const client: PGlite = await PGlite.create(dir);
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  let socketServer: { stop(): Promise<void> } | null = null;
  if (opts.serveSocket) {
    prepareSocketFolder(socketPath);
    fs.rmSync(socketPath, { force: true });
    const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
    const server = new PGLiteSocketServer({ db: exclusiveOfTransactions(client), path: socketPath, maxConnections: 16 });
    await withOwnerOnlyUmask(() => server.start());
    socketServer = server;
  }
  return {
    db: db as unknown as Db,
    kind: "pglite",
    rows: async <T>(query: SQL) => (await db.execute(query)).rows as T[],
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload);
    },
    close: async () => {
      await socketServer?.stop();
      if (socketServer) {
        fs.rmSync(socketPath, { force: true });
        // Leave no empty folder behind in the temp directory; one still in use stays.
        try { fs.rmdirSync(path.dirname(socketPath)); } catch { /* not empty or already gone */ }
      }
      await client.close();
    },
  };
}

/**
 * pglite-socket runs each client message under PGlite's query lock only, so the
 * server's own queries could run between a CLI's Parse, Bind and Execute (replacing its
 * unnamed statement) or inside one of the server's transactions. Here a socket client
 * holds the transaction lock from its first message until the message that ends the
 * exchange (Sync, a simple Query, or Terminate), so each of its statements runs whole
 * and apart from the server's work. A client's own multi-statement transaction is still
 * not isolated: the CLI sends single statements through the socket.
 */
function exclusiveOfTransactions(client: PGlite): PGlite {
  type Locks = { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  const ENDS_EXCHANGE = new Set([0x53 /* S */, 0x51 /* Q */, 0x58 /* X */, 0x00 /* startup */]);
  let held: { release: () => void; timer: NodeJS.Timeout } | null = null;
  let lastType = 0;
  const acquire = () =>
    new Promise<() => void>((granted) => {
      void (client as unknown as Locks)._runExclusiveTransaction(() => new Promise<void>((done) => granted(done)));
    });
  const release = () => {
    if (!held) return;
    clearTimeout(held.timer);
    held.release();
    held = null;
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "runExclusive") {
        return async <T>(fn: () => Promise<T>) => {
          if (!held) {
            const done = await acquire();
            // A client that vanishes mid-exchange must not hold the server up.
            held = { release: done, timer: setTimeout(release, 5000) };
          }
          try {
            return await target.runExclusive(fn);
          } finally {
            if (ENDS_EXCHANGE.has(lastType)) release();
          }
        };
      }
      if (prop === "execProtocolRawStream") {
        return (message: Uint8Array, opts: unknown) => {
          lastType = message[0] ?? 0;
          return (target.execProtocolRawStream as (m: Uint8Array, o: unknown) => Promise<unknown>)(message, opts);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The process-wide database, opened (and migrated) on first use.
 * Kept on globalThis so the custom server and Next's bundle share one connection pool
 * and, with PGlite, one owner of the data directory.
 */
export function database(opts: { serveSocket?: boolean } = {}): Promise<Database> {
  if (!current.opening) {
    const cfg = config();
    const opening = cfg.databaseUrl
      ? openPostgres(cfg.databaseUrl)
      : openPglite(cfg.pgliteDir, { serveSocket: opts.serveSocket ?? false });
    opening.catch(() => { if (current.opening === opening) current.opening = null; });
    current.opening = opening;
  }
  return current.opening;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

export async function closeDatabase(): Promise<void> {
  const opening = current.opening;
  current.opening = null;
  if (opening) await (await opening).close();
}
