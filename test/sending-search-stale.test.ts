import { getTableName, sql as tag, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { db, sql } from "./support/db";
import { sender } from "./support/senders";
import { ACCOUNT_SEARCH_INDEX, ACCOUNT_TIME_INDEX, emails } from "../server/db/schema";

// Search right after a burst of mail the statistics have not seen: nothing may depend on
// them. A window of 10 puts most terms past the time-order read and into the time slices.
const WINDOW = 10;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEARCH_WINDOW: String(WINDOW) });
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Rows g = from..to of an account, one second apart from `base`, each with 1 KB of headers
 * (each message a heap read of its own: 13,500 rows span the pages of a much larger table of
 * real status rows). Row g says `word` when g % every = 0, twice when
 * g % (3 × every) = 0 (those rank higher), `fresh` when g % 20 = 0 and g > freshAfter, and
 * `ancient` when g <= ancientUpTo. Counted in the account's daily usage counters as accepted
 * messages are (search estimates the account's older messages from them). `step`: seconds
 * between rows.
 */
async function insert(
  accountId: string,
  word: string,
  every: number,
  from: number,
  to: number,
  base: number,
  freshAfter = Infinity,
  ancientUpTo = 0,
  step = 1,
) {
  await sql(
    `insert into emails (id, account_id, status, "from", "to", subject, headers, recipient_count, message_id, search_text, created_at)
    select gen_random_uuid()::text, ?, 'delivered', 'a@b.example', '["c@d.example"]'::jsonb, words,
      jsonb_build_object('X-Pad', repeat(md5(g::text), 32)), 1,
      '<' || g || '.' || ? || '@b.example>', words, to_timestamp(?::bigint + g * ?::float8)
    from (select g, 'note ' || g
        || case when g % ?::int = 0 then ' ' || ? else '' end
        || case when g % (3 * ?::int) = 0 then ' ' || ? else '' end
        || case when g % 20 = 0 and g > ?::float8 then ' fresh' else '' end
        || case when g <= ?::int then ' ancient' else '' end as words
      from generate_series(?::int, ?::int) g) s`,
    accountId,
    word,
    base,
    step,
    every,
    word,
    every,
    word,
    freshAfter === Infinity ? "Infinity" : freshAfter,
    ancientUpTo,
    from,
    to,
  );
  await sql(
    `insert into usage_counters as u (account_id, period, messages, recipients)
    select ?, 'd:' || to_char(to_timestamp(?::bigint + g * ?::float8) at time zone 'UTC', 'YYYY-MM-DD') as day, count(*), count(*)
    from generate_series(?::int, ?::int) g group by day
    on conflict (account_id, period) do update set messages = u.messages + excluded.messages, recipients = u.recipients + excluded.recipients`,
    accountId,
    base,
    step,
    from,
    to,
  );
}

/** Every page of a search, following nextCursor until it is null. */
async function follow(key: string, term: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const r: any = await server.api(
      "GET",
      `/v1/emails?search=${encodeURIComponent(term)}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      {
        key,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.hasMore).toBe(r.body.nextCursor !== null);
    ids.push(...r.body.data.map((e: any) => e.id));
    cursor = r.body.nextCursor;
  } while (cursor && ++pages < 400);
  expect(cursor).toBeNull();
  return ids;
}

/** What a search must return: windows of the newest WINDOW matches, each by relevance, then newest first. */
async function expected(accountId: string, word: string) {
  const matches: { id: string; strong: boolean }[] = await sql(
    `select id, search_text like ? as strong from emails
    where account_id = ? and search_vector @@ to_tsquery('simple', ?) order by created_at desc, id desc`,
    `%${word} ${word}%`,
    accountId,
    word,
  );
  const out: string[] = [];
  for (let w = 0; w < matches.length; w += WINDOW) {
    const window = matches.slice(w, w + WINDOW);
    out.push(...[...window.filter((m) => m.strong), ...window.filter((m) => !m.strong)].map((m) => m.id));
  }
  return out;
}

/** Statements one first page of a search runs. */
async function statementsOfFirstPage(accountId: string, word: string): Promise<number> {
  const { inPlan, PLANS } = await import("../server/db/statements");
  const { newestMatches } = await import("../server/sending/search-window");
  let statements = 0;
  await inPlan(await db(), PLANS.search, (rows) =>
    newestMatches(<T>(query: SQL) => (statements++, rows<T>(query)), { accountId, query: word, below: null, window: WINDOW }),
  );
  return statements;
}

/**
 * Shared buffers one first page of a search touches on PostgreSQL, summed over its
 * statements, each run as the generic plan production gets (EXPLAIN EXECUTE of a prepared
 * copy under the same settings).
 */
async function buffersOfFirstPage(accountId: string, word: string): Promise<{ buffers: number; plans: string[] }> {
  const { inPlan, PLANS } = await import("../server/db/statements");
  const { newestMatches } = await import("../server/sending/search-window");
  const { PgDialect } = await import("drizzle-orm/pg-core");
  const dialect = new PgDialect();
  const literal = (v: unknown) => (v === null ? "null" : `'${String(v).replace(/'/g, "''")}'`);
  let buffers = 0;
  const plans: string[] = [];
  await inPlan(await db(), PLANS.search, (rows) =>
    newestMatches(
      async <T>(query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        await rows(tag.raw(`prepare search_probe as ${text}`));
        const [row] = await rows<{ "QUERY PLAN": any }>(
          tag.raw(`explain (analyze, buffers, format json) execute search_probe(${params.map(literal).join(", ")})`),
        );
        await rows(tag.raw("deallocate search_probe"));
        const plan = row["QUERY PLAN"][0].Plan;
        buffers += plan["Shared Hit Blocks"] + plan["Shared Read Blocks"];
        plans.push(JSON.stringify(plan));
        return rows<T>(query);
      },
      { accountId, query: word, below: null, window: WINDOW },
    ),
  );
  return { buffers, plans };
}

describe("GET /v1/emails?search= on a table whose statistics are stale", () => {
  it("returns every match once, in window order, whatever the statistics say; on PostgreSQL a page's reads do not grow with the matches", async () => {
    const small = await sender(server, { dkim: false });
    const large = await sender(server, { dkim: false });
    const base = Math.floor(Date.now() / 1000) - 100_000;
    // 1,500 messages of one account, then 12,000 of another with a word in 1 of 50 in
    // both; statistics are taken halfway through the second, and the rest is a burst they
    // have not seen, with a word ("fresh") they do not know at all.
    // "ancient": the oldest 600 messages only, more than a slice may return (5 × window).
    await insert(small.accountId, "smallword", 50, 1, 1_500, base, Infinity, 600);
    await insert(large.accountId, "largeword", 50, 1, 6_000, base + 10_000);
    await sql("analyze emails");
    await insert(large.accountId, "largeword", 50, 6_001, 12_000, base + 10_000, 6_000);

    for (const [account, word, limits] of [
      [small, "smallword", [7, 100]],
      [large, "largeword", [7, 100]],
      [large, "fresh", [7, 100]],
      [small, "note", [100]], // every message: the time-order read fills each window
      [small, "ancient", [100]], // none recent, too many for one slice: narrowed slices
      [large, "missing", [7]],
      [large, "½", [7]], // a letter to JavaScript, dropped by PostgreSQL's parser under C.UTF-8: no word left
    ] as const) {
      const want = await expected(account.accountId, word);
      for (const limit of limits) expect(await follow(account.apiKey, word, limit)).toEqual(want);
    }
    expect((await expected(large.accountId, "largeword")).length).toBe(240);
    expect((await expected(large.accountId, "fresh")).length).toBe(300);
    expect((await expected(small.accountId, "ancient")).length).toBe(600);

    // A burst on top of quieter days: 250 messages in the last 250 seconds, 1,000 spread over
    // each of the three days before today. The newest-first read ends inside the burst; the
    // next slice, sized in messages from the daily counters, reaches past its end into
    // yesterday in one statement (sized in time at the burst's pace, it took six).
    const bursty = await sender(server, { dkim: false });
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400;
    for (const day of [3, 2, 1]) await insert(bursty.accountId, "burstword", 40, 0, 999, midnight - day * 86_400, Infinity, 0, 86.4);
    await insert(bursty.accountId, "burstword", 40, 1, 250, Math.floor(Date.now() / 1000) - 251);
    expect(await follow(bursty.apiKey, "burstword", 10)).toEqual(await expected(bursty.accountId, "burstword"));
    expect(await statementsOfFirstPage(bursty.accountId, "burstword")).toBe(2);

    // An empty pending list, as the search-summary task keeps it:
    // the comparison is then between the reads that follow the matches. 8× the matches
    // must not mean 8× the reads (ranking every match would).
    const { searchSummaryTask } = await import("../server/sending/search-summary");
    expect(await searchSummaryTask.runOnce()).toBeGreaterThanOrEqual(0);
    expect(Number((await sql(`select gin_clean_pending_list('${ACCOUNT_SEARCH_INDEX}') as n`))[0].n)).toBe(0);
    if ((await db()).kind !== "postgres") return;
    // The pending list is the table's, and other test files write to the same table meanwhile:
    // each reading starts from an empty one, and the least of three is the search's own reads.
    const fewest = async (accountId: string, word: string) => {
      let best: Awaited<ReturnType<typeof buffersOfFirstPage>> | null = null;
      for (let i = 0; i < 3; i++) {
        await sql(`select gin_clean_pending_list('${ACCOUNT_SEARCH_INDEX}')`);
        const reading = await buffersOfFirstPage(accountId, word);
        if (!best || reading.buffers < best.buffers) best = reading;
      }
      return best!;
    };
    await buffersOfFirstPage(small.accountId, "smallword"); // warm the catalog caches
    const few = await fewest(small.accountId, "smallword");
    const many = await fewest(large.accountId, "largeword");
    // The large account's 240 matches are read by time slice (its hours' lexemes), the small
    // one's 30 may all come from one read: each through the full-text index alone, exactly
    // (no page of the heap read whole for a bitmap gone lossy).
    expect(many.plans[1]).toContain('"Function Name":"generate_series"'); // a slice's hours
    for (const { plans } of [few, many]) {
      // The first read walks the account's newest rows in time order (nothing sorted) and
      // reads the shown fields of the rows it returns by key.
      expect(plans[0]).toContain(`"Index Name":"${ACCOUNT_TIME_INDEX}"`);
      expect(plans[0]).toContain(`"Index Name":"${getTableName(emails)}_pkey"`);
      expect(plans[0]).not.toContain('"Node Type":"Sort"');
      expect(plans.join()).not.toContain("Seq Scan");
      expect(plans.slice(1).join()).toContain(ACCOUNT_SEARCH_INDEX);
      expect(plans.join()).not.toMatch(/"Lossy Heap Blocks":[1-9]/);
    }
    expect(many.buffers).toBeLessThan(1.5 * few.buffers);
    expect(many.buffers).toBeLessThan(240);
  });
});
