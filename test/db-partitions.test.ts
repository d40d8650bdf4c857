import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../server/db/types";
import type { InTransaction, Query } from "../server/db/partitions";
import { reconfigure } from "./support/config";

/**
 * Time partitions (decision 0048), on a database of this test's own (embedded in a temporary
 * folder, or a scratch PostgreSQL database when DATABASE_URL is set: dropping today's
 * partitions would take other test files' rows): the coming days' partitions are made at
 * migration and made again idempotently; dropping a day's partitions removes its rows whole
 * and keeps what must stay (content of mail still to leave, deliveries still owed, an event
 * while any delivery of it is left), which then lands in the default partition, where
 * retention looks at it again each run.
 */
const DAY = 86_400_000;
let database: Database;
let query: Query;
let inTransaction: InTransaction;
let close: () => Promise<void>;

beforeAll(async () => {
  const { queryOf, transactionsOf } = await import("../server/db/partitions");
  if (process.env.DATABASE_URL) {
    const name = `ph_partitions_${process.pid}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const { openPostgres } = await import("../server/db/postgres");
    database = await openPostgres(url.toString());
    close = async () => {
      await database.close();
      await admin.unsafe(`drop database ${name}`);
      await admin.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ph-partitions-"));
    const { openPglite } = await import("../server/db/pglite");
    database = await openPglite(dir, { serveSocket: false });
    close = async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  query = queryOf(database);
  inTransaction = transactionsOf(database);
});
afterAll(() => close?.());

const partitionsOf = async (table: string) =>
  (
    await query<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = '${table}'::regclass order by 1`,
    )
  ).map((r) => r.name);

describe("time partitions", () => {
  it("are made from today to three days ahead at migration, and making them again makes none", async () => {
    const { PARTITIONED, ensurePartitions, idFloor } = await import("../server/db/partitions");
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, "");
    for (const { table } of PARTITIONED) {
      const names = await partitionsOf(table);
      expect(names).toEqual(expect.arrayContaining([`${table}_before`, `${table}_beyond`, `${table}_default`, `${table}_p${today}`]));
      // Dated partitions reach past three days ahead.
      const ahead = idFloor(Date.now() + 3 * DAY);
      const [{ dated }] = await query<{ dated: number }>(
        `select count(*)::int as dated from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = '${table}'::regclass and c.relname like '${table}_p%'
           and pg_get_expr(c.relpartbound, c.oid) ~ 'FROM' and '${ahead}' < split_part(pg_get_expr(c.relpartbound, c.oid), '''', 4)`,
      );
      expect(dated).toBeGreaterThanOrEqual(1);
    }
    expect(await ensurePartitions(inTransaction, 30)).toBe(0);
  });

  it("drops a day whole, keeping content of mail still to leave, deliveries owed and events a delivery needs", async () => {
    const { dropPartitionsBefore, idFloor, PARTITIONED } = await import("../server/db/partitions");
    const { uuidv7 } = await import("../server/lib/ids");
    const now = Date.now();
    const startOfToday = Math.floor(now / DAY) * DAY;
    // The day's first milliseconds: a cutoff just after them, below, makes them old enough.
    const id = () => uuidv7(startOfToday + 1 + Math.floor(Math.random() * 4));
    const later = uuidv7(startOfToday + DAY + 3600_000); // tomorrow: a partition not dropped here

    await query(`insert into accounts (id, email, plan) values ('acc', 'a@example.com', 'free')`);
    await query(
      `insert into webhook_endpoints (id, account_id, url, secret, events) values ('hook', 'acc', 'https://h.example/', 's', '["*"]')`,
    );
    const [sent, waiting] = [id(), id()];
    for (const [emailId, status] of [
      [sent, "delivered"],
      [waiting, "scheduled"],
    ]) {
      await query(
        `insert into emails (id, account_id, status, "from", "to", recipient_count, message_id, search_text)
         values ('${emailId}', 'acc', '${status}', 'n@example.com', '["r@example.org"]', 1, '${emailId}', '')`,
      );
      await query(`insert into email_contents (email_id, html) values ('${emailId}', '<p>${status}</p>')`);
    }
    await query(`insert into email_events (id, email_id, type) values ('${id()}', '${sent}', 'sent')`);
    const [doneEvent, owedEvent, laterEvent, lonelyEvent] = [id(), id(), id(), id()];
    for (const ev of [doneEvent, owedEvent, laterEvent, lonelyEvent]) {
      await query(`insert into webhook_events (id, account_id, type, payload) values ('${ev}', 'acc', 'email.sent', '{}')`);
    }
    const [doneDelivery, owedDelivery] = [id(), id()];
    const delivery = (deliveryId: string, eventId: string, status: string) =>
      query(
        `insert into webhook_deliveries (id, event_id, endpoint_id, account_id, status)
         values ('${deliveryId}', '${eventId}', 'hook', 'acc', '${status}')`,
      );
    await delivery(doneDelivery, doneEvent, "succeeded");
    await delivery(owedDelivery, owedEvent, "pending");
    await delivery(later, laterEvent, "succeeded");
    await query(
      `insert into webhook_attempts (id, delivery_id, endpoint_id, duration_ms) values ('${id()}', '${doneDelivery}', 'hook', 5)`,
    );

    // Every statement of each transaction, to see what runs under the parent's lock.
    const transactions: string[][] = [];
    const recording: InTransaction = (work) =>
      inTransaction((run) => {
        const statements: string[] = [];
        transactions.push(statements);
        return work((text) => (statements.push(text), run(text)));
      });
    expect(await dropPartitionsBefore(recording, idFloor(startOfToday + DAY))).toBe(PARTITIONED.length);
    // A detach locks the whole table (sends insert into email_contents) until commit: after it
    // only other detaches and the kept rows' copy by key, their keys read before it.
    const locked = transactions.map((statements) =>
      statements.slice(
        Math.max(
          0,
          statements.findIndex((t) => / detach /.test(t)),
        ),
      ),
    );
    for (const statements of locked.filter((l) => / detach /.test(l[0] ?? ""))) {
      for (const text of statements)
        expect(text).toMatch(/^alter table \w+ detach partition \w+$|^insert into \w+ select \* from \w+ p where p\.\w+ = any\(array\[/);
    }
    expect(locked.flat().filter((text) => text.startsWith("insert into")).length).toBe(3);

    const today = new Date(now).toISOString().slice(0, 10).replace(/-/g, "");
    for (const { table } of PARTITIONED) expect(await partitionsOf(table)).not.toContain(`${table}_p${today}`);
    const ids = async (text: string) => (await query<{ id: string }>(text)).map((r) => r.id).sort();
    expect(await ids(`select email_id as id from email_contents_default`)).toEqual([waiting]);
    expect(await ids(`select id from email_events`)).toEqual([]);
    expect(await ids(`select id from webhook_attempts`)).toEqual([]);
    expect(await ids(`select id from webhook_deliveries`)).toEqual([owedDelivery, later].sort());
    expect(await ids(`select id from webhook_events`)).toEqual([owedEvent, laterEvent].sort());
    expect(await ids(`select id from webhook_events_default`)).toEqual([owedEvent, laterEvent].sort());
    // The status rows stay (emails is not partitioned), and the day's range still takes rows.
    expect(await ids(`select id from emails`)).toEqual([sent, waiting].sort());
    await query(`insert into email_events (id, email_id, type) values ('${id()}', '${sent}', 'delivered')`);
    expect(await ids(`select email_id as id from email_events_default`)).toEqual([sent]);

    // A partition detached by a run that stopped before dropping it goes on the next run.
    await query(`create table email_events_p20000101 (like email_events)`);
    expect(await dropPartitionsBefore(inTransaction, idFloor(startOfToday + DAY))).toBe(1);
    expect(await query(`select to_regclass('email_events_p20000101') as t`)).toEqual([{ t: null }]);

    // Retention looks at the kept content again: once its mail has left, it goes.
    const { pruneOnce } = await import("../server/ops/retention");
    reconfigure({ RETENTION_DAYS: String((Date.now() - startOfToday - 10) / DAY) });
    await query(`update emails set created_at = now() - interval '2 days'`);
    await pruneOnce(database);
    expect(await ids(`select email_id as id from email_contents`)).toEqual([waiting]);
    await query(`update emails set status = 'sent' where id = '${waiting}'`);
    await pruneOnce(database);
    expect(await ids(`select email_id as id from email_contents`)).toEqual([]);
    reconfigure({ RETENTION_DAYS: undefined });
  });
});
