import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import type { InTransaction } from "../server/db/partitions";
import { migrationsBefore } from "./support/migrations";

/**
 * Upgrading an installation whose content, timelines and webhook logs are plain tables
 * (migration 0026) to time partitions (0027, decision 0048): every row is kept unchanged, in
 * the partition its key belongs to (older days in `_before`, today in today's, UUIDv4s from
 * 2100 on in `_beyond`, others between in `_default` until their day's partition is made, which
 * takes them); the keys and indexes are the same; the foreign keys to emails, accounts and
 * events are gone (a partition's detach or drop would lock the table referenced).
 */
describe("migration 0027: time partitions", () => {
  it("keeps every row, each in its key's partition, with the same keys and indexes", async () => {
    const { ensurePartitions, idFloor } = await import("../server/db/partitions");
    const { uuidv7 } = await import("../server/lib/ids");
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore("0027_time_partitions") });

    const DAY = 86_400_000;
    const now = Date.now();
    const lastWeek = uuidv7(now - 7 * DAY);
    const today = uuidv7(now);
    const v4High = "c0ffee00-0000-4000-8000-000000000001";
    const v4Low = "00c0ffee-0000-4000-8000-000000000002";
    // A UUIDv4 that happens to fall on the day after tomorrow.
    const v4Soon = idFloor(now + 2 * DAY + 5000).slice(0, 14) + "4abc-8def-0123456789ab";
    const keys = [lastWeek, today, v4High, v4Low, v4Soon];

    await client.exec(`
      insert into accounts (id, email, plan) values ('acc', 'a@example.com', 'free');
      insert into webhook_endpoints (id, account_id, url, secret, events) values ('hook', 'acc', 'https://h.example/', 's', '["*"]');`);
    for (const key of keys) {
      await client.query(
        `insert into emails (id, account_id, status, "from", "to", recipient_count, message_id, search_text)
         values ($1, 'acc', 'delivered', 'n@example.com', '["r@example.org"]', 1, $1, '')`,
        [key],
      );
      await client.query(`insert into email_contents (email_id, html, attachments) values ($1, $2, '[{"a":1}]')`, [key, `<p>${key}</p>`]);
      await client.query(`insert into email_events (id, email_id, type, detail) values ($1, $1, 'sent', $1)`, [key]);
      await client.query(`insert into webhook_events (id, account_id, type, email_id, payload) values ($1, 'acc', 'email.sent', $1, $2)`, [
        key,
        JSON.stringify({ id: key }),
      ]);
      await client.query(
        `insert into webhook_deliveries (id, event_id, endpoint_id, account_id, status, attempts) values ($1, $1, 'hook', 'acc', 'succeeded', 1)`,
        [key],
      );
      await client.query(
        `insert into webhook_attempts (id, delivery_id, endpoint_id, duration_ms, response_status) values ($1, $1, 'hook', 7, 200)`,
        [key],
      );
    }
    const dump = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of ["email_contents", "email_events", "webhook_events", "webhook_deliveries", "webhook_attempts"]) {
        const key = table === "email_contents" ? "email_id" : "id";
        out[table] = (await client.query(`select * from ${table} order by ${key}`)).rows;
      }
      return out;
    };
    const before = await dump();

    await migrate(db, { migrationsFolder: path.resolve("drizzle") });
    expect(await dump()).toEqual(before);

    const partOf = async (key: string) => {
      const { rows } = await client.query<{ part: string }>(`select tableoid::regclass::text as part from email_events where id = $1`, [
        key,
      ]);
      return rows[0].part;
    };
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, "");
    expect(await partOf(lastWeek)).toBe("email_events_before");
    expect(await partOf(v4Low)).toBe("email_events_before");
    expect(await partOf(today)).toBe(`email_events_p${day(now)}`);
    expect(await partOf(v4High)).toBe("email_events_beyond");
    expect(await partOf(v4Soon)).toBe("email_events_default");

    // The server makes the coming days' partitions after migrating: the day after tomorrow's
    // takes the UUIDv4 that fell on it.
    const inTransaction: InTransaction = (work) => client.transaction((tx) => work(async (text) => (await tx.query(text)).rows as never));
    expect(await ensurePartitions(inTransaction, 1, now)).toBe(5 * 3);
    expect(await partOf(v4Soon)).toBe(`email_events_p${day(now + 2 * DAY)}`);
    expect(await dump()).toEqual(before);

    // The same keys and indexes, on the partitioned tables.
    const { rows: indexes } = await client.query<{ name: string }>(
      `select indexname as name from pg_indexes where tablename in
         ('email_contents', 'email_events', 'webhook_events', 'webhook_deliveries', 'webhook_attempts') order by 1`,
    );
    expect(indexes.map((r) => r.name)).toEqual([
      "email_contents_pkey",
      "email_events_email_idx",
      "email_events_pkey",
      "email_events_unordered_at_idx",
      "webhook_attempts_delivery_idx",
      "webhook_attempts_endpoint_idx",
      "webhook_attempts_pkey",
      "webhook_attempts_unordered_at_idx",
      "webhook_deliveries_due_idx",
      "webhook_deliveries_endpoint_idx",
      "webhook_deliveries_event_idx",
      "webhook_deliveries_pkey",
      "webhook_deliveries_unordered_created_idx",
      "webhook_events_account_idx",
      "webhook_events_pkey",
      "webhook_events_unordered_created_idx",
    ]);
    const { rows: keysTo } = await client.query<{ name: string }>(
      `select conname as name from pg_constraint where contype = 'f' and conparentid = 0 and conrelid in
         ('email_events'::regclass, 'webhook_events'::regclass, 'webhook_deliveries'::regclass, 'webhook_attempts'::regclass) order by 1`,
    );
    expect(keysTo.map((r) => r.name)).toEqual([
      "webhook_attempts_endpoint_id_webhook_endpoints_id_fk",
      "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk",
    ]);
    // Deleting an endpoint still takes its deliveries and attempts with it.
    await client.exec(`delete from webhook_endpoints`);
    const { rows: left } = await client.query<{ n: number }>(
      `select (select count(*) from webhook_deliveries) + (select count(*) from webhook_attempts) as n`,
    );
    expect(Number(left[0].n)).toBe(0);
    await client.close();
  });
});
