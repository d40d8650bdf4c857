import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reconfigure } from "./support/config";
import type { PlanPolicy } from "../server/db/statements";
import { db } from "./support/db";

// The plan policy (server/db/statements.ts): each statement runs as PLANS declares it, on
// both databases. Mistakes these catch: a policy's `run` not reaching postgres.js (an
// unnamed statement named, or the default wrapper lost inside transactions), a planner
// setting dropped or applied after the statement it governs, a compiled statement read
// with other value parsers than db.execute's.

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)("the plan policy on PostgreSQL", () => {
  it("runs each kind of statement named or unnamed as declared, with its settings", async () => {
    reconfigure({ DATABASE_POOL_SIZE: "1" });
    const { openPostgres } = await import("../server/db/postgres");
    const { shapedQuery } = await import("../server/db/shaped");
    const { PLANS: declared, applyPlanSettings, inPlan, runAs, runCompiled } = await import("../server/db/statements");
    const PLANS: Record<keyof typeof declared, PlanPolicy> = declared;
    // One connection: pg_prepared_statements shows what this pool named.
    const d = await openPostgres(process.env.DATABASE_URL!);
    try {
      const marker = `plan_${Date.now()}`;
      for (let i = 0; i < 3; i++) await d.rows(sql`select ${i}::int as by_default, ${marker}::text as m`);
      await d.db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as in_tx, ${marker}::text as m`);
      });
      for (let i = 0; i < 3; i++) {
        const [row] = await runCompiled<{ accepted: number }>(
          d,
          PLANS.accept,
          shapedQuery(sql`select ${i}::int as accepted, ${marker}::text as m`),
        );
        expect(row.accepted).toBe(i);
      }
      await runCompiled(d, PLANS.outcome, shapedQuery(sql`select ${1}::int as outcome, ${marker}::text as m`));
      await runAs(d, PLANS.webhookSettle, sql`select ${3}::int as settled, ${marker}::text as m`);
      const inSearch = await inPlan(d, PLANS.search, (run) =>
        run<{ mode: string; jit: string; prefetch: string }>(
          sql`select current_setting(${"plan_cache_mode"}) as mode, current_setting('jit') as jit,
            current_setting('effective_io_concurrency') as prefetch, ${marker}::text as m`,
        ),
      );
      expect(inSearch).toMatchObject([{ mode: "force_generic_plan", jit: "off", prefetch: "64" }]);
      // Prefetching is raised, never lowered, and never turned on where the server has it off
      // (a platform without posix_fadvise refuses any value but 0).
      for (const [server, expected] of [
        ["0", "0"],
        ["200", "200"],
      ]) {
        const prefetch = await d.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`set local effective_io_concurrency = ${server}`));
          await applyPlanSettings(tx, PLANS.search);
          return (await tx.execute(sql`select current_setting('effective_io_concurrency') as prefetch`)) as unknown as {
            prefetch: string;
          }[];
        });
        expect(prefetch[0].prefetch).toBe(expected);
      }
      for (const plan of [PLANS.emailClaim, PLANS.webhookClaim]) {
        const inClaim = await d.db.transaction(async (tx) => {
          await applyPlanSettings(tx, plan);
          return (await tx.execute(
            sql`select current_setting('enable_bitmapscan') as bitmap, ${marker}::text as m, ${2}::int as claim`,
          )) as unknown as {
            bitmap: string;
          }[];
        });
        expect(inClaim[0].bitmap).toBe("off");
      }
      // The setting is local to the claim's transaction.
      const [after] = await d.rows<{ bitmap: string }>(sql`select current_setting('enable_bitmapscan') as bitmap`);
      expect(after.bitmap).toBe("on");
      // Migration 0025: the database's sessions run every statement without JIT (decision 0046).
      const [session] = await d.rows<{ jit: string }>(sql`select current_setting('jit') as jit`);
      expect(session.jit).toBe("off");

      const named = (
        await d.rows<{ statement: string }>(sql`select statement from pg_prepared_statements where statement like ${"%::text as m%"}`)
      ).map((p) => p.statement);
      const count = (column: string) => named.filter((t) => t.includes(`as ${column}`)).length;
      expect(PLANS.default.run).toBe("named");
      expect(count("by_default")).toBe(1); // once, reused by its three runs
      expect(count("in_tx")).toBe(1);
      expect(count("claim")).toBe(1);
      expect(count("accepted")).toBe(PLANS.accept.run === "named" ? 1 : 0);
      expect(count("outcome")).toBe(PLANS.outcome.run === "named" ? 1 : 0);
      expect(count("settled")).toBe(PLANS.webhookSettle.run === "named" ? 1 : 0);
      expect(count("mode")).toBe(PLANS.search.run === "named" ? 1 : 0);
    } finally {
      await d.close();
    }
  });
});

describe.skipIf(onPostgres)("the plan policy on PGlite", () => {
  it("applies the planner settings and reads compiled statements as db.execute does", async () => {
    const { shapedQuery } = await import("../server/db/shaped");
    const { PLANS, applyPlanSettings, inPlan, runAs, runCompiled } = await import("../server/db/statements");
    const d = await db();
    const inSearch = await inPlan(d, PLANS.search, (run) =>
      run<{ mode: string; prefetch: string }>(
        sql`select current_setting(${"plan_cache_mode"}) as mode, current_setting('effective_io_concurrency') as prefetch`,
      ),
    );
    expect(inSearch).toMatchObject([{ mode: "force_generic_plan", prefetch: "64" }]);
    const inClaim = await d.db.transaction(async (tx) => {
      await applyPlanSettings(tx, PLANS.emailClaim);
      return (await tx.execute(sql`select current_setting('enable_bitmapscan') as bitmap`)) as unknown as { rows: { bitmap: string }[] };
    });
    expect(inClaim.rows[0].bitmap).toBe("off");
    const statement = sql`select ${"x"}::text as id, ${"2026-01-02T03:04:05Z"}::timestamptz as at, ${sql.param([1, 2])}::int[] as list`;
    expect(await runCompiled(d, PLANS.accept, shapedQuery(statement))).toEqual(await d.rows(statement));
    expect(await runAs(d, PLANS.webhookSettle, statement)).toEqual(await d.rows(statement));
  });
});
