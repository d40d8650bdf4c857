// Single sends at 32 connections against npm start's multi-process server (server/cluster,
// without Next: test/support/cluster-entry.ts bundled as dist/server.mjs is) at
// WEB_CONCURRENCY=1 and 2 (PROCESSES=1,2,4 to choose), on PGlite and on PostgreSQL
// (DATABASES=pglite,postgres). Acceptance only: JOBS_DRIVER=inngest without keys, as in
// bench/send.mjs. Last line: one JSON object.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { bundleServer } from "../scripts/bundle.mjs";
import { BENCH_HTML as html, cliAccount, dropDatabase, freshDatabase, load } from "./lib/common.mjs";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const DURATION = Number(process.env.DURATION_MS ?? 10_000);
const PROCESSES = (process.env.PROCESSES ?? "1,2").split(",").map(Number);
const DATABASES = (process.env.DATABASES ?? "pglite,postgres").split(",");
const ENV = {
  JOBS_DRIVER: "inngest",
  NODE_ENV: "production",
  ENCRYPTION_KEY: "YmVuY2gtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXMtbG9uZyE=",
  AUTH_SECRET: "bench",
};
const bundle = await bundleServer("test/support/cluster-entry.ts", "dist/bench-processes-server.mjs");

async function serve(processes, dbEnv) {
  const port = 42000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, ...ENV, ...dbEnv, PORT: String(port), WEB_CONCURRENCY: String(processes) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("Posthaste listening")) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  return { port, stop: () => (child.kill("SIGTERM"), exited) };
}

/** An account made by the CLI through the running server's database (with ENV's secrets), and a verified domain row. */
const account = (dbEnv, connect) => cliAccount({ ...ENV, ...dbEnv }, connect);

const results = [];
for (const kind of DATABASES) {
  for (const processes of PROCESSES) {
    let dbEnv, connect, cleanup;
    if (kind === "pglite") {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-processes-"));
      dbEnv = { PGLITE_DIR: path.join(dir, "db") };
      // Short enough to sit beside the data (server/db/socket-path.ts).
      const socket = path.join(dbEnv.PGLITE_DIR, ".posthaste-socket", "db.sock");
      connect = () => postgres({ path: socket, max: 1, onnotice: () => {} });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const db = await freshDatabase("bench_processes");
      dbEnv = { DATABASE_URL: db.url };
      connect = () => postgres(db.url, { max: 1, onnotice: () => {} });
      cleanup = () => dropDatabase(db.name);
    }
    const server = await serve(processes, dbEnv);
    const { apiKey, from } = await account(dbEnv, connect);
    let i = 0;
    const r = await load({
      port: server.port,
      connections: CONNECTIONS,
      durationMs: DURATION,
      request: () => ({
        method: "POST",
        path: "/v1/emails",
        headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ from, to: `user${++i}@example.org`, subject: `Bench ${i}`, html }),
      }),
    });
    await server.stop();
    await cleanup();
    results.push({ database: kind, processes, sends_per_s: r.rps, p50_ms: r.p50, p99_ms: r.p99, statuses: r.statuses });
    console.error(JSON.stringify(results.at(-1)));
  }
}
console.log(JSON.stringify({ bench: "processes", connections: CONNECTIONS, cores: os.availableParallelism(), results }));
