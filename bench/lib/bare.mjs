// The ceiling: bare node:http + postgres.js, one ~1 KB insert per request; and, for
// bench/scale.mjs, GET /emails/{id} (header x-account: the owner) reading a message with its
// timeline in the statement GET /v1/emails/{id} runs (server/sending/get.ts). Prints READY {port}.
import http from "node:http";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL, { max: 20, onnotice: () => {} });
await sql`create table if not exists bare_bench (id text primary key, body jsonb not null, created_at timestamptz not null default now())`;
let n = 0;
async function readEmail(id, accountId, res) {
  const [row] = await sql`
    select e.id, e.status, e."from", e."to", e.cc, e.bcc, e.reply_to, e.subject, e.tags, e.source, e.ses_message_id, e.error,
      e.created_at, e.sent_at, e.scheduled_at, e.template_id, e.template_version_id,
      (select coalesce(json_agg(json_build_object('type', t.type, 'at', t.at, 'detail', t.detail) order by t.at, t.id), '[]'::json)
         from email_events t where t.email_id = e.id) as timeline
    from emails e where e.id = ${id} and e.account_id = ${accountId}`;
  res.writeHead(row ? 200 : 404, { "content-type": "application/json" });
  res.end(JSON.stringify(row ?? null));
}
const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url.startsWith("/emails/")) {
    readEmail(req.url.slice("/emails/".length), req.headers["x-account"], res).catch((err) => {
      res.writeHead(500);
      res.end(String(err));
    });
    return;
  }
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      const id = `${process.pid}-${++n}`;
      await sql`insert into bare_bench (id, body) values (${id}, ${sql.json(body)})`;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id }));
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.BENCH_LISTEN_PORT ?? 0), "127.0.0.1", () =>
  console.log(`READY ${JSON.stringify({ port: server.address().port })}`),
);
process.on("SIGTERM", () => {
  server.close();
  void sql.end().finally(() => process.exit(0));
});
