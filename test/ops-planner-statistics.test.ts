import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { db, sql } from "./support/db";

// server/ops/planner-statistics.ts: where autovacuum does not run, a table whose rows
// changed past autovacuum's analyze threshold is analyzed (which also invalidates the
// generic plans cached while it was small); a table that barely changed is left alone.
let server: TestServer;
const busy = `planner_probe_busy_${process.pid}`;
const quiet = `planner_probe_quiet_${process.pid}`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await sql(`drop table if exists ${busy}, ${quiet}`);
  await server?.stop();
});

const analyzeCount = async (table: string) =>
  Number((await sql(`select analyze_count from pg_stat_user_tables where relname = ?`, table))[0]?.analyze_count ?? 0);

describe("planner statistics where autovacuum does not run", () => {
  it("analyzes a table past the threshold (50 + 10 % of its rows), not one below it", async () => {
    const d = await db();
    await sql(`create table ${busy} (n int)`);
    await sql(`create table ${quiet} (n int)`);
    // One transaction, then a forced flush: the change counters reach the statistics now,
    // not at the backend's next periodic flush.
    await d.db.transaction(async (tx) => {
      const { sql: tag } = await import("drizzle-orm");
      await tx.execute(tag.raw(`insert into ${busy} select generate_series(1, 500)`));
      await tx.execute(tag.raw(`insert into ${quiet} select generate_series(1, 20)`));
      await tx.execute(tag.raw(`select pg_stat_force_next_flush()`));
    });
    const [setting] = await sql(`select current_setting('autovacuum') as on`);
    const autovacuumDoesIt = d.kind === "postgres" && setting.on === "on";

    const { plannerStatisticsTask } = await import("../server/ops/planner-statistics");
    await plannerStatisticsTask.runOnce();
    // The server's own loop may have run it first; either way the busy table is analyzed once.
    expect(await analyzeCount(busy)).toBe(autovacuumDoesIt ? 0 : 1);
    expect(await analyzeCount(quiet)).toBe(0);

    // Analyzed, it is below the threshold again: a second run leaves it alone.
    await plannerStatisticsTask.runOnce();
    expect(await analyzeCount(busy)).toBe(autovacuumDoesIt ? 0 : 1);
  });
});
