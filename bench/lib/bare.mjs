// The ceiling: bare node:http + postgres.js, one ~1 KB insert per request. Prints READY {port}.
import http from "node:http";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL, { max: 20, onnotice: () => {} });
await sql`create table if not exists bare_bench (id text primary key, body jsonb not null, created_at timestamptz not null default now())`;
let n = 0;
const server = http.createServer((req, res) => {
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
