import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type postgres from "postgres";
import { buildAccountSearchIndex } from "./account-search-index";
import { ensurePartitions } from "./partitions";

function migrationsFolder(): string {
  // Works from the source tree (tsx, vitest), the esbuild bundle in dist/ and Next's bundle.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(process.cwd(), "drizzle"), path.resolve(here, "../../drizzle"), path.resolve(here, "../drizzle")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

/**
 * Applies pending migrations on one connection holding an advisory lock, so instances starting
 * together don't race; then builds what a migration left to build concurrently (decision 0049)
 * and makes the coming days' partitions (decision 0048).
 */
export async function migratePostgres(admin: postgres.Sql): Promise<void> {
  // Asked again every half second rather than waited for in one statement: a waiting
  // statement holds a snapshot, and a concurrent index build waits for every older snapshot
  // to end, so it would wait for the instance waiting for it.
  while (!(await admin<{ locked: boolean }[]>`select pg_try_advisory_lock(7220419) as locked`)[0]?.locked) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  await migrate(drizzle(admin), { migrationsFolder: migrationsFolder() });
  await buildAccountSearchIndex(async (text) => (await admin.unsafe(text)) as never, { concurrently: true });
  await ensurePartitions((work) => admin.begin((tx) => work(async (text) => (await tx.unsafe(text)) as never)) as Promise<never>);
  await admin`select pg_advisory_unlock(7220419)`;
}

/**
 * Applies pending migrations to an embedded database (one process owns it, so nothing waits on
 * a build), then builds what a migration left to build and makes the coming days' partitions.
 */
export async function migratePglite(client: PGlite): Promise<void> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  await buildAccountSearchIndex(async (text) => (await client.query(text)).rows as never, { concurrently: false });
  await ensurePartitions((work) => client.transaction((tx) => work(async (text) => (await tx.query(text)).rows as never)));
}
