// Shared bench helpers: a fresh PostgreSQL database, child servers, and a keep-alive load loop.
import { fork, spawn, spawnSync } from "node:child_process";
import autocannon from "autocannon";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import postgres from "postgres";
import { RawConnection, requestBytes } from "./raw-http.mjs";

export const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Creates a fresh database and returns its URL. */
export async function freshDatabase(prefix) {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(PG_ADMIN, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return { name, url: PG_ADMIN.replace(/\/[^/]*$/, `/${name}`) };
}

export async function dropDatabase(name) {
  const admin = postgres(PG_ADMIN, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
}

/** Starts a child process and resolves with the JSON it prints on a line starting with READY. */
export function startChild(args, env = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let buf = "";
    child.stdout.on("data", (chunk) => {
      buf += chunk;
      const line = buf.split("\n").find((l) => l.startsWith("READY "));
      if (line)
        resolve({
          child,
          info: JSON.parse(line.slice(6)),
          stop: () =>
            new Promise((r) => {
              child.once("exit", r);
              child.kill("SIGTERM");
            }),
        });
    });
    child.once("exit", (code) => reject(new Error(`child exited with ${code} before it was ready`)));
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One request over `agent`: its status (or "error") and how long it took, in ms. */
function send(agent, port, { method, path, headers, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent,
        headers: { ...headers, ...(body ? { "content-length": Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: "error", ms: performance.now() - started }));
    req.end(body);
  });
}

/**
 * `connections` keep-alive loops, each sending one request after the other for `durationMs`
 * (after `warmupMs` not measured). `request()` returns { method, path, headers, body }.
 */
export async function load({ port, connections, durationMs, warmupMs = 1000, request, window = null }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const statuses = {};
  let measuring = false;
  let stop = false;
  let done = 0;
  const one = async () => {
    const { status, ms } = await send(agent, port, request());
    if (!measuring) return;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === "error") return;
    latencies.push(ms);
    done++;
  };
  const loops = Array.from({ length: connections }, async () => {
    while (!stop) await one();
  });
  await new Promise((r) => setTimeout(r, warmupMs));
  const cpu = window ? await window() : null;
  measuring = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, durationMs));
  measuring = false;
  const cpuUsed = cpu ? await cpu() : null;
  const elapsed = (performance.now() - t0) / 1000;
  stop = true;
  await Promise.all(loops);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: done,
    rps: Math.round(done / elapsed),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    statuses,
    cpu: cpuUsed,
  };
}

/** The ≈ 1 KB HTML body of the benches' messages. */
export const BENCH_HTML = `<p>${"Hello from the bench. ".repeat(40)}</p>`;

/**
 * The bare ceiling the send benches compare against: node:http + postgres.js, one ≈ 1 KB
 * insert a request (bare.mjs), alone on a fresh database, under load() with its CPU window.
 */
export async function bareInsertCeiling({ connections, durationMs }) {
  const db = await freshDatabase("bench_bare");
  const bare = await startChild(["bench/lib/bare.mjs"], { DATABASE_URL: db.url });
  try {
    return await load({
      port: bare.info.port,
      connections,
      durationMs,
      window: cpuWindow(bare.child.pid, db.name),
      request: () => ({
        method: "POST",
        path: "/",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ from: "a@example.com", to: "b@example.org", subject: "s", html: BENCH_HTML }),
      }),
    });
  } finally {
    await bare.stop();
    await dropDatabase(db.name);
  }
}

/**
 * An open-loop load: `amount` requests, the i-th due at i / `rate` seconds after the start,
 * over `connections` keep-alive connections taken in turn (a request due while every
 * connection is busy goes out on the next one free). autocannon's overallRate is no steady
 * rate: each connection's budget for a second is reset by a one-second timer and spent at
 * once, so 700/s arrives as a burst of 700 requests in the first ≈ 150 ms of every second.
 * The requests go out on raw-http.mjs's light connections, in ticks of TICK_MS (what fell
 * due since the last tick: 3 or 4 requests at 700/s), not one timer per request: each
 * wake-up of the bench is CPU the server does not get.
 */
const TICK_MS = 5;
export async function paced({ port, path, headers, body, amount, rate, connections }) {
  const bytes = requestBytes({ port, method: "POST", path, headers, body });
  const open = async () => {
    const connection = new RawConnection(port);
    await connection.ready;
    return connection;
  };
  const free = await Promise.all(Array.from({ length: connections }, open));
  const queued = [];
  const take = () => free.shift() ?? new Promise((resolve) => queued.push(resolve));
  const give = (connection) => (queued.length ? queued.shift()(connection) : free.push(connection));
  const statuses = {};
  const latencies = [];
  const one = async () => {
    const started = performance.now();
    let connection = await take();
    let status;
    try {
      status = await connection.request(bytes);
      latencies.push(performance.now() - started);
    } catch {
      status = "error";
      connection.close();
      connection = await open(); // the server went away: the run fails here, loudly
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    give(connection);
  };
  const t0 = performance.now();
  const sent = [];
  for (let i = 0; i < amount; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, Math.max(wait, TICK_MS)));
    sent.push(one());
  }
  await Promise.all(sent);
  const duration = (performance.now() - t0) / 1000;
  for (const connection of free) connection.close();
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statuses).reduce((n, [status, count]) => n + (Number(status) >= 200 && Number(status) < 300 ? count : 0), 0);
  return { duration, statuses, non2xx: amount - ok, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) };
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere. */
export function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/**
 * A `window` for load(): the CPU the server (every process of `npm start`'s tree) and the
 * database's backends use while the load is measured, so figures can be compared across
 * machines and busy moments (throughput on a shared machine swings with what else runs;
 * CPU per request much less). The counting is procs.mjs's, shared with bench/pipeline.mjs.
 */
export function cpuWindow(serverPid, databaseName) {
  return async () => {
    const { cpuWindow: treeWindow } = await import("./procs.mjs"); // procs.mjs imports this module
    const end = await treeWindow({ serverPid, databaseName });
    return async () => {
      const { server, db } = await end();
      return { server, db };
    };
  };
}

export const round = (x) => (x === null ? null : Math.round(x * 100) / 100);

/** The secrets every bench server runs with. */
export const BENCH_SECRETS = { ENCRYPTION_KEY: "YmVuY2gtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXMtbG9uZyE=", AUTH_SECRET: "bench" };

/** autocannon as a promise. */
export const cannon = (opts) => new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

export const BENCH_ENV = {
  JOBS_DRIVER: "inngest",
  NODE_ENV: "production",
  ...BENCH_SECRETS,
  // bench/smtp.mjs and bench/inbound.mjs turn their listeners on with ports of their own.
  SMTP_SUBMISSION_PORT: "off",
  SMTP_SUBMISSION_TLS_PORT: "off",
  SMTP_MX_PORT: "off",
};

/** Whether `npm run build` has run: `npm start` can be measured as it is. */
const isBuilt = () => fs.existsSync("dist/server.mjs") && fs.existsSync(".next/BUILD_ID");

/**
 * The server under load, on PostgreSQL `url`, with an unlimited, approved account and a
 * verified domain. `BENCH_SERVER=start` (the default once `npm run build` has run) is
 * `npm start` itself: dist/server.mjs with Next beside /v1. `BENCH_SERVER=bundle` is the
 * same node:http server and /v1 code without Next (bench/lib/server.ts, bundled as
 * dist/server.mjs is), for a tree that has not been built. Either way JOBS_DRIVER=inngest
 * without keys: no embedded dispatcher competes, so only acceptance is measured.
 * BENCH_PROF=dir writes a CPU profile of the server there.
 */
export async function startBenchServer(url) {
  const mode = process.env.BENCH_SERVER ?? (isBuilt() ? "start" : "bundle");
  const prof = process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  if (mode === "bundle") {
    const { buildBenchServer } = await import("./build.mjs");
    const running = await startChild([...prof, await buildBenchServer()], { ...BENCH_ENV, DATABASE_URL: url });
    return { ...running, server: "bundle" };
  }
  const started = await startNpmStart(url, prof);
  const { accountId, apiKey, from } = await benchAccount(url);
  return { ...started, info: { ...started.info, accountId, apiKey, from } };
}

/**
 * `npm start` as built (dist/server.mjs) on PostgreSQL `url` with the benches' environment
 * (acceptance only: JOBS_DRIVER=inngest without Inngest), once it answers /api/health.
 * `args` go before the script (V8 flags, --cpu-prof).
 */
export async function startNpmStart(url, args = []) {
  if (!isBuilt()) throw new Error("BENCH_SERVER=start needs `npm run build` first");
  const port = await freePort();
  const child = spawn(process.execPath, [...args, "dist/server.mjs"], {
    env: { ...process.env, ...BENCH_ENV, DATABASE_URL: url, PORT: String(port) },
    stdio: ["ignore", 2, 2],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await waitForHealth(port, exited);
  return {
    child,
    server: "npm start",
    info: { port },
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

export function freePort() {
  return new Promise((resolve) => {
    const probe = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(port, exited) {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (let i = 0; i < 600; i++) {
    if (gone) throw new Error("npm start exited before it answered /api/health");
    const ok = await new Promise((resolve) => {
      http
        .get({ host: "127.0.0.1", port, path: "/api/health" }, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("npm start did not answer /api/health within 60 s");
}

/**
 * An account made by the CLI (as an operator would), with `env` naming its database, and a
 * verified domain row written through `connect()` (a postgres.js client on that database).
 */
export async function cliAccount(env, connect) {
  const cli = spawnSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "server/cli/index.ts",
      "accounts",
      "create",
      "--email",
      `bench-${Date.now()}@example.com`,
      "--plan",
      "unlimited",
      "--approved",
      "--json",
    ],
    { env: { ...process.env, ...BENCH_ENV, ...env }, encoding: "utf8" },
  );
  if (cli.status !== 0) throw new Error(`accounts create failed: ${cli.stderr}`);
  const { accountId, apiKey } = JSON.parse(cli.stdout.trim().split("\n").pop());
  const domain = `bench${Date.now().toString(36)}.example.com`;
  const sql = connect();
  await sql`insert into domains (id, account_id, name, status, provider, verified_at, dns_records, recommended_records, dkim_selector)
    values (${crypto.randomUUID()}, ${accountId}, ${domain}, 'verified', 'sink', now(), '[]'::jsonb, '[]'::jsonb, 'posthaste')`;
  await sql.end();
  return { accountId, apiKey, from: `Bench <hello@${domain}>` };
}

function benchAccount(url) {
  return cliAccount({ DATABASE_URL: url }, () => postgres(url, { max: 1, onnotice: () => {} }));
}

/** A forked helper (relay, receiver) and a request/answer call over its IPC channel. */
export async function helper(file, listenPort) {
  const child = fork(file, [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, BENCH_LISTEN_PORT: String(listenPort) },
  });
  const next = () => new Promise((r) => child.once("message", r));
  const { port } = await next();
  return {
    child,
    port,
    ask: (msg) => {
      const answer = next();
      child.send(msg);
      return answer;
    },
  };
}

/** The search benches' vocabulary: subjects pair two of these (a pair in 1 of 256 messages). */
export const SEARCH_WORDS = [
  "invoice",
  "receipt",
  "welcome",
  "password",
  "reset",
  "order",
  "shipped",
  "report",
  "weekly",
  "alert",
  "digest",
  "trial",
  "renewal",
  "payment",
  "failed",
  "confirm",
];
/** Words w<f>n<k> occur in 1 of f messages (bench/list.mjs, bench/scale.mjs). */
export const SEARCH_FREQUENCIES = [10, 1000, 100_000];
