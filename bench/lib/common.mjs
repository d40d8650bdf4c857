// Shared bench helpers: a fresh PostgreSQL database, child servers, and a keep-alive load loop.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import postgres from "postgres";

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
      if (line) resolve({ child, info: JSON.parse(line.slice(6)), stop: () => new Promise((r) => { child.once("exit", r); child.kill("SIGTERM"); }) });
    });
    child.once("exit", (code) => reject(new Error(`child exited with ${code} before it was ready`)));
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
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
  const one = () => new Promise((resolve) => {
    const r = request();
    const started = performance.now();
    const req = http.request({ host: "127.0.0.1", port, method: r.method, path: r.path, agent, headers: { ...r.headers, ...(r.body ? { "content-length": Buffer.byteLength(r.body) } : {}) } }, (res) => {
      res.on("data", () => {});
      res.on("end", () => {
        if (measuring) {
          latencies.push(performance.now() - started);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          done++;
        }
        resolve();
      });
    });
    req.on("error", () => { if (measuring) statuses.error = (statuses.error ?? 0) + 1; resolve(); });
    if (r.body) req.write(r.body);
    req.end();
  });
  const loops = Array.from({ length: connections }, async () => { while (!stop) await one(); });
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

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere. */
function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/**
 * A `window` for load(): the CPU the server process and the database's backends use while
 * the load is measured, so figures can be compared across machines and busy moments
 * (throughput on a shared machine swings with what else runs; CPU per request much less).
 */
export function cpuWindow(serverPid, databaseName) {
  const backends = async () => {
    const admin = postgres(PG_ADMIN, { max: 1, onnotice: () => {} });
    const rows = await admin`select pid from pg_stat_activity where datname = ${databaseName}`;
    await admin.end();
    return rows.map((r) => r.pid);
  };
  const total = (pids) => pids.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);
  return async () => {
    const pids = await backends();
    const start = { server: cpuSecondsOf(serverPid), db: total(pids) };
    return async () => {
      const server = cpuSecondsOf(serverPid);
      if (server === null || start.server === null) return null;
      return { server: server - start.server, db: total(pids) - start.db };
    };
  };
}

export const round = (x) => (x === null ? null : Math.round(x * 100) / 100);

/**
 * The server `npm start` runs (node:http + /v1, no Next), compiled with esbuild, on `url`,
 * with JOBS_DRIVER=inngest and no Inngest keys: no embedded dispatcher competes, so only
 * the API is measured. BENCH_PROF=dir writes a CPU profile there.
 */
export async function startBenchServer(url) {
  const { buildBenchServer } = await import("./build.mjs");
  const file = await buildBenchServer();
  const prof = process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  return startChild([...prof, file], {
    DATABASE_URL: url, JOBS_DRIVER: "inngest", NODE_ENV: "production",
    ENCRYPTION_KEY: "YmVuY2gtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXMtbG9uZyE=", AUTH_SECRET: "bench",
  });
}
