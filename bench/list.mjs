// List and search p95 over ROWS (1,000,000) stored emails of one account with 1 KB bodies,
// against the node:http server on PostgreSQL, with the bare ceiling (node:http + one indexed
// postgres.js select) in the same run. The table is never ANALYZEd (BENCH_ANALYZE=1 analyzes
// it before the burst): the last BURST (100,000) rows are inserted just before measuring, as
// right after a burst of mail that autovacuum has not caught up with. Searches for a word in
// 1 of 10, 1 of 1,000 and 1 of 100,000 messages are measured on their own. Last line: JSON.
import http from "node:http";
import postgres from "postgres";
import {
  dropDatabase,
  freshDatabase,
  percentile,
  round,
  startBenchServer,
  SEARCH_FREQUENCIES as FREQUENCIES,
  SEARCH_WORDS as WORDS,
} from "./lib/common.mjs";

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const BURST = Math.min(ROWS, Number(process.env.BURST ?? 100_000));
const SAMPLES = Number(process.env.SAMPLES ?? 300);
// Row g says w10n<g % 10>, w1000n<g % 1000> and w100000n<g % 100000>: each such word is in
// 1 of 10, 1 of 1,000 or 1 of 100,000 messages, spread evenly over time.

const db = await freshDatabase(process.env.BENCH_DB_PREFIX ?? "bench_list");
const app = await startBenchServer(db.url);
const sql = postgres(db.url, { max: 4, onnotice: () => {} });
const seedStart = Date.now();
// Same shape as accepted mail: search_text holds the words of subject, from and recipients.
const seed = (from, to) =>
  sql.unsafe(
    `
  with e as (
  insert into emails (id, account_id, status, "from", "to", subject, recipient_count, message_id, search_text, created_at, next_attempt_at)
  select
    lpad(to_hex(g), 8, '0') || '-0000-7000-8000-' || lpad(to_hex(g), 12, '0'),
    $1, (array['delivered','delivered','delivered','sent','bounced','queued'])[1 + g % 6],
    'hello@bench.example.com', jsonb_build_array('user' || g || '@example.org'),
    subject, 1, '<' || g || '@bench.example.com>',
    lower(subject) || ' hello bench example com user' || g || ' example org',
    date_trunc('milliseconds', now() - (($2::int - g) * interval '10 milliseconds')), now()
  from (select g, w1 || ' ' || w2 || ' #' || g || ${FREQUENCIES.map((f) => `' w${f}n' || (g % ${f})`).join(" || ")} as subject
        from (select g, (array[${WORDS.map((w) => `'${w}'`).join(",")}])[1 + g % 16] as w1,
                     (array[${WORDS.map((w) => `'${w}'`).join(",")}])[1 + (g / 16) % 16] as w2
              from generate_series($3::int, $4::int) g) s) s
  returning id
  )
  insert into email_contents (email_id, text) select id, repeat(md5(id), 32) from e`,
    [app.info.accountId, ROWS, from, to],
  );
await seed(1, ROWS - BURST);
if (process.env.BENCH_ANALYZE === "1") await sql`analyze emails`;
const seedSeconds = (Date.now() - seedStart) / 1000;
const burstStart = Date.now();
await seed(ROWS - BURST + 1, ROWS);
const burstSeconds = (Date.now() - burstStart) / 1000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(port, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get({ host: "127.0.0.1", port, path, agent, headers }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ ms: performance.now() - t0, status: res.statusCode, body }));
      })
      .on("error", reject);
  });
}
async function measure(port, paths, headers) {
  for (let i = 0; i < 20; i++) await get(port, paths(i), headers); // warm-up
  const times = [];
  let errors = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const r = await get(port, paths(i), headers);
    if (r.status !== 200) errors++;
    times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), errors };
}

const auth = { authorization: `Bearer ${app.info.apiKey}` };
// One word of a given frequency per request, a different one each time (1 KB bodies make
// every message a heap read of its own).
const byFrequency = {};
for (const f of FREQUENCIES) {
  byFrequency[f] = await measure(app.info.port, (i) => `/v1/emails?search=w${f}n${(i * 7919) % f}&limit=50`, auth);
}
// Pages deep into the list: follow cursors from the first page.
const cursors = [];
{
  let cursor = null;
  for (let i = 0; i < 20; i++) {
    const r = await get(app.info.port, `/v1/emails?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, auth);
    cursor = JSON.parse(r.body).nextCursor;
    cursors.push(cursor);
  }
}
const list = await measure(
  app.info.port,
  (i) => (i % 2 ? `/v1/emails?limit=50&cursor=${encodeURIComponent(cursors[i % cursors.length])}` : "/v1/emails?limit=50"),
  auth,
);
const listStatus = await measure(app.info.port, () => "/v1/emails?limit=50&status=bounced", auth);
// Two-word searches (each pair matches ~1/256 of the rows) and a recipient search.
const search = await measure(
  app.info.port,
  (i) =>
    i % 3 === 2
      ? `/v1/emails?search=${encodeURIComponent(`user${1 + ((i * 7919) % ROWS)}@example.org`)}`
      : `/v1/emails?search=${WORDS[i % 16]}+${WORDS[(i * 5) % 16]}&limit=50`,
  auth,
);
// Terms that match every row ("example", "hello") or one row in 16 (a single word), and a
// second page of such a search: the ranking window bounds their cost.
const COMMON = ["example", "hello", "bench", ...WORDS];
const searchCommon = await measure(app.info.port, (i) => `/v1/emails?search=${COMMON[i % COMMON.length]}&limit=50`, auth);
const secondPages = [];
for (const term of COMMON) {
  const r = await get(app.info.port, `/v1/emails?search=${term}&limit=50`, auth);
  secondPages.push(`/v1/emails?search=${term}&limit=50&cursor=${encodeURIComponent(JSON.parse(r.body).nextCursor)}`);
}
const searchNext = await measure(app.info.port, (i) => secondPages[i % secondPages.length], auth);

// Ceiling: node:http + one indexed select of 50 rows per request.
const bareServer = http.createServer(async (req, res) => {
  const rows =
    await sql`select id, status, "from", "to", subject, created_at, sent_at, tags from emails where account_id = ${app.info.accountId} order by created_at desc nulls last, id desc nulls last limit 50`;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(rows));
});
await new Promise((r) => bareServer.listen(0, "127.0.0.1", r));
const bare = await measure(bareServer.address().port, () => "/", {});
bareServer.close();
agent.destroy();
await sql.end();
await app.stop();
await dropDatabase(db.name);

console.log(
  JSON.stringify({
    bench: "list",
    server: app.server,
    rows: ROWS,
    burst_rows: BURST,
    analyzed: process.env.BENCH_ANALYZE === "1" ? "before the burst" : "never",
    seed_seconds: round(seedSeconds),
    burst_seconds: round(burstSeconds),
    list_p50_ms: list.p50,
    list_p95_ms: list.p95,
    list_status_p95_ms: listStatus.p95,
    search_p50_ms: search.p50,
    search_p95_ms: search.p95,
    search_common_p50_ms: searchCommon.p50,
    search_common_p95_ms: searchCommon.p95,
    search_next_page_p95_ms: searchNext.p95,
    ...Object.fromEntries(
      FREQUENCIES.flatMap((f) => [
        [`search_1_in_${f}_p50_ms`, byFrequency[f].p50],
        [`search_1_in_${f}_p95_ms`, byFrequency[f].p95],
      ]),
    ),
    errors:
      list.errors +
      listStatus.errors +
      search.errors +
      searchCommon.errors +
      searchNext.errors +
      FREQUENCIES.reduce((n, f) => n + byFrequency[f].errors, 0),
    bare_list_p95_ms: bare.p95,
    ratio_to_ceiling: round(list.p95 / bare.p95),
  }),
);
