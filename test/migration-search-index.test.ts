import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { ACCOUNT_SEARCH_INDEX, ACCOUNT_SEARCH_VECTOR } from "../server/db/schema";
import { migrationsBefore } from "./support/migrations";

/**
 * Upgrading an installation whose full-text index holds words alone (migration 0027), or
 * words and each message's account (0028, decision 0049), to one holding its account's day
 * and hour too (0029, decision 0053), without the created_at BRIN index: on a small table the
 * migrations swap the indexes; on one past 100,000 rows the server builds the new index after
 * migrating, concurrently on PostgreSQL (sends go on during the build, and two instances
 * starting together both finish), and drops the old ones. Search's conditions are served by
 * the new index.
 */
const indexesOf = async (query: (text: string) => Promise<{ name: string; valid: boolean }[]>) =>
  (
    await query(`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'emails'::regclass and (c.relname like '%search%' or c.relname like '%brin%') order by 1`)
  ).map((r) => `${r.name}${r.valid ? "" : " (invalid)"}`);

const insertEmails = (accountId: string, from: number, count: number, words: string) => `
  insert into emails (id, account_id, status, "from", "to", recipient_count, message_id, search_text)
  select '${accountId}-' || g, '${accountId}', 'delivered', 'n@example.com', '["r@example.org"]', 1, 'm' || g, '${words} w' || g
  from generate_series(${from}, ${from + count - 1}) g`;

describe("migrations 0028 and 0029: full-text search keyed by account, then by its days and hours", () => {
  it.each(["0028_account_search", "0029_account_time_search"])(
    "from before %s, swaps the indexes in the migration on a small table; search's conditions read the account's matches alone",
    async (tag) => {
      const client = new PGlite();
      await migrate(drizzle(client), { migrationsFolder: migrationsBefore(tag) });
      await client.exec(`insert into accounts (id, email, plan) values ('a', 'a@example.com', 'free'), ('b', 'b@example.com', 'free')`);
      await client.exec(insertEmails("a", 1, 50, "invoice"));
      await client.exec(insertEmails("b", 1, 50, "invoice receipt"));
      await client.exec(insertEmails("a", 51, 1, "receipt"));
      const query = async <T>(text: string) => (await client.query<T>(text)).rows;

      const { migratePglite } = await import("../server/db/migrate");
      await migratePglite(client);
      expect(await indexesOf(query)).toEqual([ACCOUNT_SEARCH_INDEX]);

      await client.exec(`set enable_seqscan = off`);
      // The account's lexeme ANDed into the words, as search asks (server/sending/search-window.ts).
      const search = `select id from emails
      where ${ACCOUNT_SEARCH_VECTOR} @@ (to_tsquery('simple', 'receipt') && quote_literal('@' || 'a')::tsquery)`;
      expect(await query(search)).toEqual([{ id: "a-51" }]);
      type Node = { "Index Name"?: string; "Actual Rows": number; Plans?: Node[] };
      const [
        {
          "QUERY PLAN": [{ Plan }],
        },
      ] = await query<{ "QUERY PLAN": [{ Plan: Node }] }>(`explain (analyze, format json) ${search}`);
      const nodes = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
      const scan = nodes(Plan).find((n) => n["Index Name"] === ACCOUNT_SEARCH_INDEX);
      expect(scan?.["Actual Rows"]).toBe(1); // account a's match alone, not account b's 50 too

      // A time slice: the account's lexemes for the hours and days its rows were written in.
      const [{ hour, day }] = await query<{ hour: string; day: string }>(
        `select floor(extract(epoch from created_at) / 3600)::text as hour, floor(extract(epoch from created_at) / 86400)::text as day from emails where id = 'a-51'`,
      );
      for (const [unit, n, matches] of [
        ["h", hour, ["a-51"]],
        ["d", day, ["a-51"]],
        ["h", String(Number(hour) + 1), []],
      ] as const) {
        const slice = `select id from emails where ${ACCOUNT_SEARCH_VECTOR} @@ (to_tsquery('simple', 'receipt') && quote_literal('@a/${unit}${n}')::tsquery)`;
        expect((await query<{ id: string }>(slice)).map((r) => r.id)).toEqual(matches);
      }
      await client.close();
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    "past 100,000 rows, builds the new index concurrently after migrating: sends go on, two instances both finish",
    async () => {
      const name = `ph_account_search_${process.pid}`;
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${name}`);
      await admin.unsafe(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const [one, two, sender] = [1, 2, 3].map(() => postgres(url.toString(), { max: 1, onnotice: () => {} }));
      try {
        const { drizzle: onPostgres } = await import("drizzle-orm/postgres-js");
        const { migrate: migrateOnPostgres } = await import("drizzle-orm/postgres-js/migrator");
        await migrateOnPostgres(onPostgres(one), { migrationsFolder: migrationsBefore("0028_account_search") });
        expect(await indexesOf(async (text) => (await one.unsafe(text)) as never)).toEqual([
          "emails_created_brin_idx",
          "emails_search_idx",
        ]);
        await one.unsafe(`insert into accounts (id, email, plan) values ('a', 'a@example.com', 'free')`);
        await one.unsafe(insertEmails("a", 1, 300_000, "invoice"));

        // Two instances start together; while the build runs, a send is not blocked by it.
        const { migratePostgres } = await import("../server/db/migrate");
        const starting = Promise.all([migratePostgres(one), migratePostgres(two)]);
        let sentDuringBuild = false;
        for (let done = false; !done;) {
          const [build] = await sender<{ command: string }[]>`select command from pg_stat_progress_create_index`;
          if (build) {
            expect(build.command).toBe("CREATE INDEX CONCURRENTLY");
            await sender.begin(async (tx) => {
              await tx`set local lock_timeout = '200ms'`;
              await tx.unsafe(insertEmails("a", 300_001, 1, "sent during the build"));
            });
            sentDuringBuild = true;
            break;
          }
          done = await Promise.race([starting.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10))]);
        }
        await starting;
        expect(sentDuringBuild).toBe(true);
        const query = async <T>(text: string) => (await sender.unsafe(text)) as unknown as T[];
        expect(await indexesOf(query)).toEqual([ACCOUNT_SEARCH_INDEX]);

        // A build that failed left an invalid index: the next start drops it and builds it again.
        await sender.unsafe(`update pg_index set indisvalid = false where indexrelid = '${ACCOUNT_SEARCH_INDEX}'::regclass`);
        expect(await indexesOf(query)).toEqual([`${ACCOUNT_SEARCH_INDEX} (invalid)`]);
        await migratePostgres(one);
        expect(await indexesOf(query)).toEqual([ACCOUNT_SEARCH_INDEX]);
        const found = await query(
          `select id from emails where ${ACCOUNT_SEARCH_VECTOR} @@ (to_tsquery('simple', 'during & build') && quote_literal('@a')::tsquery)`,
        );
        expect(found).toEqual([{ id: "a-300001" }]);
      } finally {
        await Promise.all([one, two, sender].map((c) => c.end({ timeout: 5 })));
        await admin.unsafe(`drop database if exists ${name}`);
        await admin.end();
      }
    },
    120_000,
  );
});
