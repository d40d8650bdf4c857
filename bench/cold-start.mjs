// Cold start on the host: from spawning `node dist/server.mjs` (as `npm start` does) until
// GET /api/health answers 200, polled every 20 ms. Run `npm run build` first. Not part of CI.
//
//   node bench/cold-start.mjs                      # PGlite, WEB_CONCURRENCY=1 and 2, 5 runs each
//   DATABASES=pglite,postgres PROCESSES=1,2 RUNS=5 SERVERS=dist/server.mjs,base/server.mjs node bench/cold-start.mjs
//
// Each (database, processes) pair gets a fresh place: a new PGlite directory in a temporary
// folder (its first start creates and migrates it and is reported apart as `fresh_ms`), or a new
// PostgreSQL database (BENCH_PG_ADMIN) that the first start migrates. The RUNS timed starts
// then reopen it. With several SERVERS (bundles inside the project, so that their packages
// resolve; e.g. a copy of an older build's dist/), the runs alternate between them so that a
// change of machine load falls on both. SMTP submission and the MX listener are off, as in the
// earlier host figures (SMTP=on: on free ports, as `npm start`'s defaults have them, with the
// generated certificate); the embedded jobs driver. Last line: one JSON object.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { dropDatabase, freshDatabase } from "./lib/common.mjs";

const RUNS = Number(process.env.RUNS ?? 5);
const PROCESSES = (process.env.PROCESSES ?? "1,2").split(",").map(Number);
const DATABASES = (process.env.DATABASES ?? "pglite").split(",");
const SERVERS = (process.env.SERVERS ?? "dist/server.mjs").split(",");
const TIMEOUT_MS = 60_000;
const SMTP = process.env.SMTP === "on";
const LISTENERS = ["SMTP_SUBMISSION_PORT", "SMTP_SUBMISSION_TLS_PORT", "SMTP_MX_PORT"];
const ENV = {
  NODE_ENV: "production",
  ...(SMTP ? {} : Object.fromEntries(LISTENERS.map((name) => [name, "off"]))),
  ENCRYPTION_KEY: "YmVuY2gtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXMtbG9uZyE=",
  AUTH_SECRET: "bench",
};

for (const server of SERVERS) if (!fs.existsSync(server)) throw new Error(`${server} not found: run npm run build first`);

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `server`, returns the ms from spawn to the first 200 of /api/health, then stops it. */
async function coldStart(server, env) {
  const port = await freePort();
  const listeners = SMTP ? Object.fromEntries(await Promise.all(LISTENERS.map(async (name) => [name, String(await freePort())]))) : {};
  const started = performance.now();
  const child = spawn(process.execPath, [server], {
    env: { ...process.env, ...ENV, ...listeners, ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  let exited = false;
  const exit = new Promise((resolve) => child.once("exit", (code) => ((exited = true), resolve(code))));
  let ms = null;
  while (!exited && performance.now() - started < TIMEOUT_MS) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) {
      ms = Math.round(performance.now() - started);
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill("SIGTERM");
  await exit;
  if (ms === null) throw new Error(`${server} never answered /api/health:\n${stderr}`);
  return ms;
}

const results = [];
for (const database of DATABASES) {
  for (const processes of PROCESSES) {
    let env, cleanup;
    if (database === "pglite") {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-cold-start-"));
      env = { PGLITE_DIR: path.join(dir, "pglite") };
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const db = await freshDatabase("bench_cold_start");
      env = { DATABASE_URL: db.url };
      cleanup = () => dropDatabase(db.name);
    }
    env.WEB_CONCURRENCY = String(processes);
    try {
      const fresh = await coldStart(SERVERS[0], env);
      const times = Object.fromEntries(SERVERS.map((s) => [s, []]));
      for (let run = 0; run < RUNS; run++) {
        for (const server of run % 2 ? [...SERVERS].reverse() : SERVERS) times[server].push(await coldStart(server, env));
      }
      for (const server of SERVERS) {
        const sorted = [...times[server]].sort((a, b) => a - b);
        const row = { server, database, processes, smtp: SMTP, runs_ms: times[server], min_ms: sorted[0], max_ms: sorted.at(-1) };
        if (server === SERVERS[0]) row.fresh_ms = fresh;
        console.log(`${server} ${database} ×${processes}: ${sorted[0]}–${sorted.at(-1)} ms (${times[server].join(", ")})`);
        results.push(row);
      }
    } finally {
      await cleanup();
    }
  }
}
console.log(JSON.stringify({ cores: os.availableParallelism(), cpu: os.cpus()[0]?.model, loadavg: os.loadavg(), results }));
