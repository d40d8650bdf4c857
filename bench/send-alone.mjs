// Acceptance alone against the bare ceiling, in one run: `npm start` as built, with no
// dispatcher (POSTHASTE_ROLE=web, MAIL_PROVIDER=sink), WEB_CONCURRENCY processes (default 1),
// and an account with a DKIM-keyed domain; autocannon POST /v1/emails at 32 connections for
// DURATION_MS after 3 s of warm-up, and the bare node:http + postgres.js insert the same way.
// Prints one JSON line: sends/s, p99 and the server's and PostgreSQL's CPU a send, for each.
import { spawn, spawnSync } from "node:child_process";
import { BENCH_SECRETS, cannon, dropDatabase, freePort, freshDatabase, startChild, waitForHealth } from "./lib/common.mjs";
import { cpuWindow } from "./lib/procs.mjs";

const DURATION_S = Number(process.env.DURATION_MS ?? 8000) / 1000;
const PROCESSES = process.env.WEB_CONCURRENCY ?? "1";
const html = `<p>${"Hello from the pipeline bench. ".repeat(30)}</p>`; // as bench/pipeline.mjs sends

const post = (port, path, headers, body) => ({
  url: `http://127.0.0.1:${port}${path}`,
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body,
  connections: 32,
});

/** Load for DURATION_S under a CPU window: rate, p99 and CPU µs a request of the server tree and the database. */
async function measure(request, serverPid, databaseName) {
  const window = await cpuWindow({ serverPid, databaseName });
  const result = await cannon({ ...request, duration: DURATION_S });
  const cpu = await window();
  const perRequest = (seconds) => Math.round((seconds / result.requests.total) * 1e6);
  return {
    per_s: Math.round(result.requests.average),
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    server_cpu_us: perRequest(cpu.server),
    db_cpu_us: perRequest(cpu.db),
  };
}

const bareDb = await freshDatabase("ph_alone_bare");
const bare = await startChild(["bench/lib/bare.mjs"], { DATABASE_URL: bareDb.url });
const bareBody = JSON.stringify({ from: "a@example.com", to: "b@example.org", subject: "s", html });
await cannon({ ...post(bare.info.port, "/", {}, bareBody), duration: 3 });
const bareResult = await measure(post(bare.info.port, "/", {}, bareBody), bare.child.pid, bareDb.name);
await bare.stop();
await dropDatabase(bareDb.name);

const db = await freshDatabase("ph_alone");
const env = { ...process.env, ...BENCH_SECRETS, DATABASE_URL: db.url, NODE_ENV: "production" };
for (const name of ["JOBS_DRIVER", "PGLITE_DIR"]) delete env[name];
const setup = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/pipeline-setup.ts"], {
  env: { ...env, BENCH_RECEIVER: "http://127.0.0.1:9", BENCH_ACCOUNTS: "1", WEBHOOK_ALLOWED_ORIGINS: "http://127.0.0.1:9" },
  encoding: "utf8",
});
if (setup.status !== 0) throw new Error(`setup failed: ${setup.stderr}`);
const [tenant] = JSON.parse(setup.stdout.trim().split("\n").pop());
const port = await freePort();
const server = spawn(process.execPath, ["dist/server.mjs"], {
  env: { ...env, PORT: String(port), WEB_CONCURRENCY: PROCESSES, POSTHASTE_ROLE: "web", MAIL_PROVIDER: "sink", LOG_LEVEL: "info" },
  stdio: ["ignore", "ignore", 2],
});
const exited = new Promise((resolve) => server.once("exit", resolve));
await waitForHealth(port, exited);
const send = post(
  port,
  "/v1/emails",
  { authorization: `Bearer ${tenant.apiKey}` },
  JSON.stringify({ from: tenant.from, to: "reader@example.org", subject: "send", html }),
);
await cannon({ ...send, duration: 3 });
const sendResult = await measure(send, server.pid, db.name);
server.kill("SIGTERM");
await exited;
await dropDatabase(db.name);

console.log(
  JSON.stringify({
    bench: "send-alone",
    processes: Number(PROCESSES),
    bare: bareResult,
    send: sendResult,
    ratio_to_ceiling: Math.round((sendResult.per_s / bareResult.per_s) * 100) / 100,
  }),
);
