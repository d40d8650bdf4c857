import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reconfigure } from "./support/config";

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)("statements on PostgreSQL (server/db/auto-prepare.ts)", () => {
  it("prepares parameterised statements once per connection, in and out of transactions; unnamed when asked", async () => {
    reconfigure({ DATABASE_POOL_SIZE: "1" });
    const { openPostgres } = await import("../server/db/postgres");
    const d = await openPostgres(process.env.DATABASE_URL!);
    try {
      const marker = `prep_${Date.now()}`;
      for (let i = 0; i < 3; i++) await d.rows(sql`select ${i}::int as n, ${marker}::text as m`);
      const { shapedQuery } = await import("../server/db/shaped");
      for (let i = 0; i < 3; i++) {
        const [row] = await d.rows<{ shaped: number }>(shapedQuery(sql`select ${i}::int as shaped, ${marker}::text as m`));
        expect(row.shaped).toBe(i);
      }
      await d.db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as in_tx, ${marker}::text as m`);
      });
      const { genericPlans } = await import("../server/sending/statement");
      await genericPlans(d, (run) => run(sql`select ${2}::int as unnamed, ${marker}::text as m`));
      const { executeUnnamed } = await import("../server/db/unnamed");
      await executeUnnamed(d, sql`select ${3}::int as settled, ${marker}::text as m`);
      const prepared = await d.rows<{ statement: string }>(
        sql`select statement from pg_prepared_statements where statement like ${"%::text as m%"}`,
      );
      const texts = prepared.map((p) => p.statement);
      // The first statement once (reused by its three runs), the transaction's, never search's.
      expect(texts.filter((t) => t.includes("as n,"))).toHaveLength(1);
      // A statement compiled by shapedQuery runs through the same wrapper.
      expect(texts.filter((t) => t.includes("as shaped,"))).toHaveLength(1);
      expect(texts.filter((t) => t.includes("as in_tx"))).toHaveLength(1);
      expect(texts.filter((t) => t.includes("as unnamed"))).toHaveLength(0);
      // Nor a statement run with executeUnnamed (the webhook settle).
      expect(texts.filter((t) => t.includes("as settled"))).toHaveLength(0);
      // Search asks for generic plans, inside its own transaction, from its first statement on.
      const inSearch = await genericPlans(d, (run) => run(sql`select current_setting(${"plan_cache_mode"}) as mode`));
      expect(inSearch).toMatchObject([{ mode: "force_generic_plan" }]);
    } finally {
      await d.close();
    }
  });
});
