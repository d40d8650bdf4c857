import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { migrationsBefore } from "./support/migrations";

/**
 * Upgrading an installation from the daily counts (migration 0011) to the hourly counts
 * (0023): older days keep their totals, yesterday and today are recounted by the hour from
 * the timeline with test mode apart (the breaker's window reads them), the daily table goes.
 */

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const hourOf = (ms: number) => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString();

describe("migration 0023: daily counts become hourly counts", () => {
  it("keeps older days, recounts yesterday and today by the hour and mode, drops the daily table", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore("0023_hourly_counts") });

    const now = Date.now();
    const tenDaysAgo = now - 10 * DAY_MS;
    // Two hours back stays today or yesterday (UTC), inside what the migration recounts.
    const earlier = now - 2 * HOUR_MS;
    await client.exec(
      `insert into accounts (id, email, plan) values ('acc-a', 'a@example.com', 'free'), ('acc-b', 'b@example.com', 'free')`,
    );
    const email = (id: string, account: string, testMode: boolean) =>
      client.query(
        `insert into emails (id, account_id, status, "from", "to", recipient_count, message_id, search_text, test_mode)
         values ($1, $2, 'delivered', 'n@example.com', '["r@example.org"]', 1, $1, '', $3)`,
        [id, account, testMode],
      );
    const event = (id: string, emailId: string, type: string, at: number) =>
      client.query(`insert into email_events (id, email_id, type, at) values ($1, $2, $3, $4)`, [
        id,
        emailId,
        type,
        new Date(at).toISOString(),
      ]);
    await email("m1", "acc-a", false);
    await email("m2", "acc-a", false);
    await email("m3", "acc-a", true);
    await email("m4", "acc-b", false);
    await event("e1", "m1", "sent", earlier);
    await event("e2", "m1", "delivered", earlier + 1000);
    await event("e3", "m2", "sent", now - 1000);
    await event("e4", "m2", "bounced", now - 500);
    await event("e5", "m3", "sent", earlier);
    await event("e6", "m3", "bounced", earlier + 1);
    await event("e7", "m4", "sent", now - 1000);
    await event("e8", "m4", "queued", now - 2000); // not a counted kind
    // What the daily table held: an old day (kept as it is), and recent days it counted
    // (replaced by the recount, so they are not counted twice).
    await client.query(
      `insert into email_daily_counts (account_id, day, shard, sent, delivered, bounced, complained) values
       ('acc-a', $1, 3, 40, 30, 2, 1), ('acc-a', $2, 0, 99, 99, 99, 99), ('acc-a', $3, 5, 77, 0, 0, 0)`,
      [dayOf(tenDaysAgo), dayOf(now), dayOf(now - DAY_MS)],
    );

    await migrate(db, { migrationsFolder: path.resolve("drizzle") });

    const { rows } = await client.query<{
      account_id: string;
      hour: Date;
      test_mode: boolean;
      sent: number;
      delivered: number;
      bounced: number;
      complained: number;
    }>(
      `select account_id, hour, test_mode, sum(sent)::int as sent, sum(delivered)::int as delivered, sum(bounced)::int as bounced, sum(complained)::int as complained
       from email_hourly_counts group by 1, 2, 3 order by 1, 2, 3`,
    );
    const got = rows.map((r) => ({ ...r, hour: new Date(r.hour).toISOString() }));
    const expected = [
      {
        account_id: "acc-a",
        hour: `${dayOf(tenDaysAgo)}T00:00:00.000Z`,
        test_mode: false,
        sent: 40,
        delivered: 30,
        bounced: 2,
        complained: 1,
      },
      { account_id: "acc-a", hour: hourOf(earlier), test_mode: false, sent: 1, delivered: 1, bounced: 0, complained: 0 },
      { account_id: "acc-a", hour: hourOf(earlier), test_mode: true, sent: 1, delivered: 0, bounced: 1, complained: 0 },
      { account_id: "acc-a", hour: hourOf(now - 1000), test_mode: false, sent: 1, delivered: 0, bounced: 1, complained: 0 },
      { account_id: "acc-b", hour: hourOf(now - 1000), test_mode: false, sent: 1, delivered: 0, bounced: 0, complained: 0 },
    ];
    // Two events in one hour land in one row.
    const merged = new Map<string, (typeof expected)[number]>();
    for (const e of expected) {
      const key = `${e.account_id} ${e.hour} ${e.test_mode}`;
      const had = merged.get(key);
      merged.set(
        key,
        had
          ? {
              ...had,
              sent: had.sent + e.sent,
              delivered: had.delivered + e.delivered,
              bounced: had.bounced + e.bounced,
              complained: had.complained + e.complained,
            }
          : e,
      );
    }
    expect(got).toEqual(
      [...merged.values()].sort((a, b) => `${a.account_id}${a.hour}${a.test_mode}`.localeCompare(`${b.account_id}${b.hour}${b.test_mode}`)),
    );

    const { rows: left } = await client.query(`select to_regclass('email_daily_counts') as t`);
    expect(left).toEqual([{ t: null }]);
    await client.close();
  });
});
