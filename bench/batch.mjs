// Messages/s through POST /v1/emails/batch with 100 entries per request, and the bare
// node:http + postgres.js ceiling (single inserts) in the same run. Last line: one JSON object.
import { bareInsertCeiling, BENCH_HTML as html, cpuWindow, dropDatabase, freshDatabase, load, startBenchServer } from "./lib/common.mjs";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const DURATION = Number(process.env.DURATION_MS ?? 10_000);

const bareResult = await bareInsertCeiling({ connections: 32, durationMs: Math.min(DURATION, 5000) });

const db = await freshDatabase("bench_batch");
const app = await startBenchServer(db.url);
// Bodies (100 KB each) are built before the clock starts: the load generator shares the
// two cores with the server and PostgreSQL, and building them took ≈ 8 % of the machine.
const bodies = Array.from({ length: 64 }, (_, b) =>
  JSON.stringify(
    Array.from({ length: 100 }, (_, k) => ({
      from: app.info.from,
      to: `user${b * 100 + k}@example.org`,
      subject: `Bench ${b * 100 + k}`,
      html,
    })),
  ),
);
let i = 0;
const result = await load({
  port: app.info.port,
  connections: CONNECTIONS,
  durationMs: DURATION,
  window: cpuWindow(app.child.pid, db.name),
  request: () => ({
    method: "POST",
    path: "/v1/emails/batch",
    headers: { "content-type": "application/json", authorization: `Bearer ${app.info.apiKey}` },
    body: bodies[i++ % bodies.length],
  }),
});
await app.stop();
await dropDatabase(db.name);

const messages = (result.statuses["200"] ?? 0) * 100;
console.log(
  JSON.stringify({
    bench: "batch",
    server: app.server,
    connections: CONNECTIONS,
    batch_size: 100,
    requests_per_s: result.rps,
    messages_per_s: Math.round(messages / (DURATION / 1000)),
    p50_ms: result.p50,
    p99_ms: result.p99,
    statuses: result.statuses,
    bare_ceiling_per_s: bareResult.rps,
    ratio_to_ceiling: Math.round((messages / (DURATION / 1000) / bareResult.rps) * 100) / 100,
    // CPU per message in the server process and in PostgreSQL's backends while measured.
    server_cpu_us_per_message: result.cpu && messages ? Math.round((result.cpu.server / messages) * 1e6) : null,
    db_cpu_us_per_message: result.cpu && messages ? Math.round((result.cpu.db / messages) * 1e6) : null,
  }),
);
