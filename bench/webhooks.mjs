// Webhook fan-out and delivery throughput: records events for an account with local
// endpoints, runs the real delivery task (embedded driver), and counts signed,
// verified deliveries at a local receiver. Last line of output: one JSON object.
//   node bench/webhooks.mjs            (PGlite in a temp dir)
//   DATABASE_URL=postgres://… node bench/webhooks.mjs
//   BENCH_EVENTS=20000 BENCH_ENDPOINTS=2 node bench/webhooks.mjs
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";

register();

const EVENTS = Number(process.env.BENCH_EVENTS || 20000);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS || 1);
const CHUNK = 500;

// The receiver runs in its own process (as a real one would), verifying every signature.
if (process.argv[2] === "--receiver") {
  const { verifyWebhook } = await import("../client/webhooks.ts");
  const secrets = new Map();
  const seen = new Map();
  let verified = 0;
  let badSignature = 0;
  let lastAt = 0;
  const receiver = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      try {
        const event = verifyWebhook({
          secret: secrets.get(req.url),
          rawBody: Buffer.concat(chunks),
          signature: req.headers["posthaste-signature"],
        });
        verified++;
        const key = `${req.url} ${event.id}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      } catch {
        badSignature++;
      }
      lastAt = Date.now();
      res.writeHead(200, { "content-length": "0" });
      res.end();
    });
  });
  receiver.keepAliveTimeout = 60_000;
  process.on("message", (msg) => {
    if (msg.secrets) for (const [k, v] of msg.secrets) secrets.set(k, v);
    if (msg.report) {
      const duplicates = [...seen.values()].reduce((n, c) => n + (c - 1), 0);
      process.send({ unique: seen.size, verified, badSignature, duplicates, lastAt });
    }
  });
  receiver.listen(0, "127.0.0.1", () => process.send({ port: receiver.address().port }));
} else {
  await main();
}

async function main() {
  const { fork } = await import("node:child_process");
  const child = fork(new URL(import.meta.url).pathname, ["--receiver"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const nextMessage = () => new Promise((r) => child.once("message", r));
  const { port } = await nextMessage();
  const origin = `http://127.0.0.1:${port}`;
  const report = async () => {
    child.send({ report: true });
    return nextMessage();
  };
  const secrets = new Map();

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-bench-"));
  Object.assign(process.env, {
    PGLITE_DIR: process.env.PGLITE_DIR || path.join(scratch, "db"),
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY || "YmVuY2gtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXMtbG9uZyE=",
    AUTH_SECRET: process.env.AUTH_SECRET || "bench-auth-secret",
    WEBHOOK_ALLOWED_ORIGINS: origin,
    JOBS_DRIVER: "embedded",
  });
  const { loadConfig, setConfig } = await import("../server/config.ts");
  setConfig(loadConfig(process.env));
  const { startServer } = await import("../server/start.ts");
  const running = await startServer({ port: 0, host: "127.0.0.1" });
  const { createAccount } = await import("../server/accounts/accounts.ts");
  const { getAccount } = await import("../server/accounts/account-cache.ts");
  const { createEndpoint } = await import("../server/webhooks/endpoints.ts");
  const { recordEvents } = await import("../server/events/record.ts");
  const { database } = await import("../server/db/client.ts");

  const { accountId } = await createAccount({ email: `bench-${Date.now()}@example.com`, plan: "unlimited", approved: true });
  const account = await getAccount(accountId);
  for (let i = 0; i < ENDPOINTS; i++) {
    const ep = await createEndpoint(account, { url: `${origin}/hook-${i}`, events: ["*"] });
    secrets.set(`/hook-${i}`, ep.secret);
  }

  const { db, kind } = await database();
  const expected = EVENTS * ENDPOINTS;
  child.send({ secrets: [...secrets] });
  const startedWall = Date.now();
  const started = performance.now();
  for (let i = 0; i < EVENTS; i += CHUNK) {
    const batch = [];
    for (let j = i; j < Math.min(EVENTS, i + CHUNK); j++) {
      batch.push({
        accountId,
        type: "email.delivered",
        emailId: `bench-${j}`,
        data: {
          email_id: `bench-${j}`,
          from: "bench@example.com",
          to: ["reader@example.com"],
          subject: `Bench ${j}`,
          tags: [{ name: "bench", value: "1" }],
        },
      });
    }
    await recordEvents(db, batch);
  }
  const recorded = performance.now();
  const deadline = Date.now() + 300_000;
  let got = await report();
  while (got.unique < expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    got = await report();
  }
  await new Promise((r) => setTimeout(r, 500));
  got = await report();
  await running.stop();
  child.kill();
  fs.rmSync(scratch, { recursive: true, force: true });

  const seconds = (got.lastAt - startedWall) / 1000;
  const result = {
    bench: "webhooks",
    database: kind,
    events: EVENTS,
    endpoints: ENDPOINTS,
    deliveriesExpected: expected,
    deliveredUnique: got.unique,
    verified: got.verified,
    badSignature: got.badSignature,
    duplicates: got.duplicates,
    fanOutSeconds: Number(((recorded - started) / 1000).toFixed(3)),
    eventsFannedOutPerSecond: Math.round(expected / ((recorded - started) / 1000)),
    totalSeconds: Number(seconds.toFixed(3)),
    signedDeliveriesPerSecond: Math.round(got.unique / seconds),
  };
  console.log(JSON.stringify(result));
  process.exit(got.unique === expected && got.badSignature === 0 ? 0 : 1);
}
