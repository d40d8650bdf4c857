// Single sends at 32 connections against the node:http server on PostgreSQL, and the bare
// node:http + postgres.js ceiling in the same run. Last line: one JSON object.
import { bareInsertCeiling, BENCH_HTML as html, cpuWindow, dropDatabase, freshDatabase, load, startBenchServer } from "./lib/common.mjs";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const DURATION = Number(process.env.DURATION_MS ?? 10_000);

const bareResult = await bareInsertCeiling({ connections: CONNECTIONS, durationMs: DURATION });

const db = await freshDatabase("bench_send");
const app = await startBenchServer(db.url);
let i = 0;
const sendResult = await load({
  port: app.info.port,
  connections: CONNECTIONS,
  durationMs: DURATION,
  window: cpuWindow(app.child.pid, db.name),
  request: () => ({
    method: "POST",
    path: "/v1/emails",
    headers: { "content-type": "application/json", authorization: `Bearer ${app.info.apiKey}` },
    body: JSON.stringify({ from: app.info.from, to: `user${++i}@example.org`, subject: `Bench ${i}`, html }),
  }),
});
await app.stop();
await dropDatabase(db.name);

const perRequest = (r, part) => (r.cpu && r.requests ? Math.round((r.cpu[part] / r.requests) * 1e6) : null);

console.log(
  JSON.stringify({
    bench: "send",
    server: app.server,
    connections: CONNECTIONS,
    sends_per_s: sendResult.rps,
    p50_ms: sendResult.p50,
    p99_ms: sendResult.p99,
    statuses: sendResult.statuses,
    bare_ceiling_per_s: bareResult.rps,
    bare_p99_ms: bareResult.p99,
    ratio_to_ceiling: Math.round((sendResult.rps / bareResult.rps) * 100) / 100,
    // CPU per request in the server process and in PostgreSQL's backends while measured.
    server_cpu_us_per_send: perRequest(sendResult, "server"),
    db_cpu_us_per_send: perRequest(sendResult, "db"),
    bare_server_cpu_us: perRequest(bareResult, "server"),
    bare_db_cpu_us: perRequest(bareResult, "db"),
  }),
);
