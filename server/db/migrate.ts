import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type postgres from "postgres";
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
 * together don't race; then makes the coming days' partitions (decision 0048).
 */
export async function migratePostgres(admin: postgres.Sql): Promise<void> {
  await admin`select pg_advisory_lock(7220419)`;
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  await migrate(drizzle(admin), { migrationsFolder: migrationsFolder() });
  await ensurePartitions((work) => admin.begin((tx) => work(async (text) => (await tx.unsafe(text)) as never)) as Promise<never>);
  await admin`select pg_advisory_unlock(7220419)`;
}

/** Applies pending migrations to an embedded database (one process owns it), then makes the coming days' partitions. */
export async function migratePglite(client: PGlite): Promise<void> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  await ensurePartitions((work) => client.transaction((tx) => work(async (text) => (await tx.query(text)).rows as never)));
}
