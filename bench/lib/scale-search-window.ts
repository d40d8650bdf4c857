// A diagnostic for bench/scale.mjs's search figures (run under tsx on DATABASE_URL, a built
// scale database): times server/sending/search-window.ts's newestMatches for the large
// account, as GET /v1/emails?search= runs it (PLANS.search, SEARCH_WINDOW), without the HTTP
// around it, and counts its statements. Kinds as the scale bench's; ROUNDS passes over
// SAMPLES queries each, interleaved by kind. Prints one JSON line: per kind, p50 and p95 in
// ms and the statements per search (min–max). TRACE=1 also prints, for every search, each
// statement's time, rows and the slice it read (unit, first and last hour or day, limit).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scale_half node --import tsx bench/lib/scale-search-window.ts
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { closeDatabase, database } from "../../server/db/client";
import { inPlan, PLANS } from "../../server/db/statements";
import { searchQuery } from "../../server/sending/search";
import { newestMatches } from "../../server/sending/search-window";
import { searchWindow } from "../../server/sending/list";

const common = "./common.mjs"; // untyped: the benches' shared JavaScript
const { SEARCH_FREQUENCIES, SEARCH_WORDS, percentile, round } = (await import(common)) as {
  SEARCH_FREQUENCIES: number[];
  SEARCH_WORDS: string[];
  percentile: (sorted: number[], p: number) => number;
  round: (x: number) => number;
};
const SAMPLES = Number(process.env.SAMPLES ?? 40);
const TRACE = process.env.TRACE === "1";
const dialect = new PgDialect();
/** What a statement read: the newest in time order, a slice (its lexemes' unit and range, its limit) or everything older. */
const sliceOf = (q: SQL): string => {
  const { sql: text, params } = dialect.sqlToQuery(q);
  if (text.includes("row_number()")) return "(the newest, in time order)";
  const unit = params.findIndex((p) => p === "/h" || p === "/d");
  const limit = params[params.length - 1];
  return unit === -1 ? `(everything older, limit ${limit})` : `(${params[unit]} ${params[unit + 1]}–${params[unit + 2]}, limit ${limit})`;
};
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const d = await database();
const [{ account_id: accountId }] = await d.rows<{ account_id: string }>(
  sql`select account_id from usage_counters where period like 'd:%' group by account_id order by sum(messages) desc limit 1`,
);
const kinds: Record<string, (i: number) => string> = {
  ...Object.fromEntries(SEARCH_FREQUENCIES.map((f) => [`1_in_${f}`, (i: number) => `w${f}n${(i * 7919) % f}`])),
  two_words: (i) => `${SEARCH_WORDS[i % 16]} ${SEARCH_WORDS[(i * 5 + 3) % 16]}`,
};
const times: Record<string, number[]> = {};
const statements: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [kind, search] of Object.entries(kinds)) {
    for (let i = 0; i < SAMPLES; i++) {
      let n = 0;
      const trace: string[] = [];
      const t0 = performance.now();
      await inPlan(d, PLANS.search, (rows) =>
        newestMatches(
          async <T>(q: SQL) => {
            n++;
            const t = performance.now();
            const found = await rows<T>(q);
            if (TRACE) trace.push(`${(performance.now() - t).toFixed(1)} ms, ${found.length} rows ${sliceOf(q)}`);
            return found;
          },
          { accountId, query: searchQuery(search(i))!, below: null, window: searchWindow() },
        ),
      );
      (times[kind] ??= []).push(performance.now() - t0);
      if (TRACE) console.log(`${kind} "${search(i)}" ${(performance.now() - t0).toFixed(1)} ms: ${trace.join("; ")}`);
      (statements[kind] ??= []).push(n);
    }
  }
}
await closeDatabase();
const out = Object.fromEntries(
  Object.entries(times).map(([kind, t]) => {
    const sorted = [...t].sort((a, b) => a - b);
    const s = statements[kind];
    return [
      kind,
      { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), statements: `${Math.min(...s)}–${Math.max(...s)}` },
    ];
  }),
);
console.log(JSON.stringify(out));
