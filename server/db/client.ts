import { config } from "../config";
import { processShared } from "../lib/process-shared";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Database } from "./types";

export type { Database, Db, Executor, Tx } from "./types";

const current = processShared("database", () => ({ opening: null as Promise<Database> | null }));

/**
 * The process-wide database, opened (and migrated) on first use.
 * Kept through processShared so the custom server and Next's bundle share one connection pool
 * and, with PGlite, one owner of the data directory.
 */
export function database(opts: { serveSocket?: boolean; childOfPrimary?: boolean } = {}): Promise<Database> {
  if (!current.opening) {
    const cfg = config();
    const opening = cfg.databaseUrl
      ? openPostgres(cfg.databaseUrl)
      : openPglite(cfg.pgliteDir, { serveSocket: opts.serveSocket ?? false, childOfPrimary: opts.childOfPrimary });
    opening.catch(() => {
      if (current.opening === opening) current.opening = null;
    });
    current.opening = opening;
  }
  return current.opening;
}

export async function closeDatabase(): Promise<void> {
  const opening = current.opening;
  current.opening = null;
  if (opening) await (await opening).close();
}
