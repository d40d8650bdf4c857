// SMTP submission under load (issue #29): `npm start` as built (node dist/server.mjs, embedded
// jobs, role all) on a fresh PostgreSQL database, MAIL_PROVIDER=smtp to the pipeline bench's
// relay (bench/lib/relay.mjs, another process), one DKIM-signing account with a webhook
// endpoint at the pipeline's receiver. In one run:
//   bare     the bare node:http + postgres.js insert ceiling (bench/lib/common.mjs), alone
//   warm-up  WARMUP_MS of submissions (JIT, pools, the key cache), then drained
//   smtp     CLIENTS connections, each through STARTTLS and AUTH once and then submitting
//            ≈ 1 KB messages one after the other for DURATION_MS, while dispatch hands the
//            accepted ones to the relay: submissions/s, and the time from the end of DATA
//            (the final ".") to the 250 reply (p50, p99), and the CPU per submission of the
//            server's processes and of the database's backends meanwhile
//   drain    until every accepted message is at the relay
// then checks that every id a 250 named reached the relay exactly once (none lost, none twice).
// Last line: one JSON object.
//
//   npm run build && node bench/smtp.mjs
//
// Knobs: CLIENTS (32), DURATION_MS (10 s), WARMUP_MS (3 s), DRAIN_TIMEOUT_MS (5 min).
// WEB_CONCURRENCY passes through to the server. BENCH_PROF=dir writes CPU profiles of the server processes there.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import tls from "node:tls";
import postgres from "postgres";
import {
  bareInsertCeiling,
  BENCH_HTML,
  dropDatabase,
  freePort,
  freshDatabase,
  helper,
  percentile,
  round,
  waitForHealth,
} from "./lib/common.mjs";
import { cpuWindow } from "./lib/procs.mjs";

const CLIENTS = Number(process.env.CLIENTS ?? 32);
const DURATION = Number(process.env.DURATION_MS ?? 10_000);
const WARMUP = Number(process.env.WARMUP_MS ?? 3_000);
const DRAIN_TIMEOUT = Number(process.env.DRAIN_TIMEOUT_MS ?? 300_000);
const TARGETS = { submissions_per_s: 1000, data_to_250_p99_ms: 50 };
const SECRETS = { ENCRYPTION_KEY: "YmVuY2gtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXMtbG9uZyE=", AUTH_SECRET: "bench" };
const log = (...args) => console.error(`[smtp ${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!fs.existsSync("dist/server.mjs") || !fs.existsSync(".next/BUILD_ID")) throw new Error("run `npm run build` first");

/**
 * One submission client: a socket that reads whole replies. After STARTTLS and AUTH PLAIN,
 * each message pipelines MAIL FROM, RCPT TO and DATA (PIPELINING), then sends the data; the
 * clock runs from writing the final "." to the 250.
 */
class Submitter {
  constructor(port) {
    this.port = port;
    this.buffer = "";
    this.waiters = [];
  }
  attach(socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      this.buffer += chunk;
      this.flush();
    });
    socket.on("error", (err) => this.fail(err));
    socket.on("close", () => this.fail(new Error("connection closed")));
  }
  flush() {
    for (;;) {
      const m = /^(?:\d{3}-[^\r\n]*\r\n)*(\d{3})(?: [^\r\n]*)?\r\n/.exec(this.buffer);
      if (!m || !this.waiters.length) return;
      this.buffer = this.buffer.slice(m[0].length);
      this.waiters.shift().resolve(m[0].trimEnd());
    }
  }
  fail(err) {
    for (const w of this.waiters.splice(0)) w.reject(err);
  }
  reply() {
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.flush();
    });
  }
  async expect(code, line) {
    if (line !== undefined) this.socket.write(`${line}\r\n`);
    const answer = await this.reply();
    if (!answer.startsWith(code)) throw new Error(`${line ?? "greeting"}: ${answer}`);
    return answer;
  }
  async open(apiKey) {
    const plain = net.connect({ port: this.port, host: "127.0.0.1" });
    await new Promise((resolve, reject) => plain.once("connect", resolve).once("error", reject));
    this.attach(plain);
    await this.expect("220");
    await this.expect("250", "EHLO bench.example");
    await this.expect("220", "STARTTLS");
    plain.removeAllListeners("data");
    plain.removeAllListeners("close");
    const secure = tls.connect({ socket: plain, rejectUnauthorized: false });
    await new Promise((resolve, reject) => secure.once("secureConnect", resolve).once("error", reject));
    this.attach(secure);
    await this.expect("250", "EHLO bench.example");
    await this.expect("235", `AUTH PLAIN ${Buffer.from(`\0posthaste\0${apiKey}`).toString("base64")}`);
  }
  /** One message; its 250's id and the milliseconds from the final "." to the reply. */
  async submit(from, to, data) {
    this.socket.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    const [mail, rcpt, go] = [await this.reply(), await this.reply(), await this.reply()];
    if (!mail.startsWith("250") || !rcpt.startsWith("250") || !go.startsWith("354")) throw new Error(`refused: ${mail} | ${rcpt} | ${go}`);
    const started = performance.now();
    this.socket.write(`${data}.\r\n`);
    const answer = await this.reply();
    const ms = performance.now() - started;
    const id = /^250 2\.0\.0 queued as (\S+)$/.exec(answer)?.[1] ?? null;
    return { id, ms, answer };
  }
  close() {
    this.socket.end("QUIT\r\n");
  }
}

/** CLIENTS submitters for `ms`: every accepted id, each message's DATA-end → 250 time, refusals by reply. */
async function submitFor(ms, port, account, subject) {
  const address = /<([^>]+)>/.exec(account.from)[1];
  const data =
    [
      `From: ${account.from}`,
      "To: reader@example.org",
      `Subject: ${subject}`,
      "MIME-Version: 1.0",
      "Content-Type: text/html; charset=utf-8",
      "",
      BENCH_HTML,
    ].join("\r\n") + "\r\n";
  const ids = [];
  const times = [];
  const refused = {};
  let stop = false;
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = new Submitter(port);
      await c.open(account.apiKey);
      return c;
    }),
  );
  const t0 = performance.now();
  const loops = clients.map(async (c) => {
    while (!stop) {
      const r = await c.submit(address, "reader@example.org", data);
      if (r.id) {
        ids.push(r.id);
        times.push(r.ms);
      } else refused[r.answer.slice(0, 12)] = (refused[r.answer.slice(0, 12)] ?? 0) + 1;
    }
  });
  await sleep(ms);
  stop = true;
  await Promise.all(loops);
  const elapsed = (performance.now() - t0) / 1000;
  for (const c of clients) c.close();
  times.sort((a, b) => a - b);
  return { ids, elapsed, refused, times };
}

// 1. The ceiling, alone on the machine.
log("bare ceiling");
const bare = await bareInsertCeiling({ connections: CLIENTS, durationMs: DURATION });

// 2. Relay, receiver, database, account, server.
const relay = await helper("bench/lib/relay.mjs", 0);
const receiver = await helper("bench/lib/receiver.mjs", 0);
const db = await freshDatabase("ph_smtp");
const receiverOrigin = `http://127.0.0.1:${receiver.port}`;
const baseEnv = { ...process.env, ...SECRETS, DATABASE_URL: db.url, NODE_ENV: "production", WEBHOOK_ALLOWED_ORIGINS: receiverOrigin };
for (const name of ["JOBS_DRIVER", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "PGLITE_DIR"]) delete baseEnv[name];
const setup = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/pipeline-setup.ts"], {
  env: { ...baseEnv, BENCH_RECEIVER: receiverOrigin, BENCH_ACCOUNTS: "1" },
  encoding: "utf8",
});
if (setup.status !== 0) throw new Error(`setup failed: ${setup.stderr}`);
const [account] = JSON.parse(setup.stdout.trim().split("\n").pop());
receiver.child.send({ secrets: [[account.hookPath, account.secret]] });
const port = await freePort();
const smtpPort = await freePort();
const prof = process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
const server = spawn(process.execPath, [...prof, "dist/server.mjs"], {
  env: {
    ...baseEnv,
    PORT: String(port),
    MAIL_PROVIDER: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
    SMTP_SUBMISSION_PORT: String(smtpPort),
    SMTP_SUBMISSION_TLS_PORT: "off",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", 2, 2],
});
const exited = new Promise((resolve) => server.once("exit", resolve));
await waitForHealth(port, exited);
// A process answers HTTP a moment before its SMTP listener is up.
for (let tries = 0; ; tries++) {
  const up = await new Promise((resolve) =>
    net
      .connect({ port: smtpPort, host: "127.0.0.1" })
      .once("connect", function () {
        this.destroy();
        resolve(true);
      })
      .once("error", () => resolve(false)),
  );
  if (up) break;
  if (tries > 300) throw new Error(`SMTP submission is not listening on ${smtpPort}`);
  await sleep(100);
}
const pg = postgres(db.url, { max: 1, onnotice: () => {} });

/** Until every accepted message is at the relay (or the timeout). */
async function drain(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ pending }] = await pg`select count(*)::int as pending from emails where status in ('queued', 'sending')`;
    if (pending === 0) return;
    if (Date.now() > deadline) return;
    await sleep(500);
  }
}

try {
  log("warm-up");
  const warm = await submitFor(WARMUP, smtpPort, account, "warmup");
  await drain(DRAIN_TIMEOUT);

  log(`smtp: ${CLIENTS} clients for ${DURATION} ms`);
  // CPU per submission swings much less with what else runs on a shared machine than submissions/s.
  const endCpu = await cpuWindow({ serverPid: server.pid, databaseName: db.name });
  const run = await submitFor(DURATION, smtpPort, account, "smtp");
  const cpu = await endCpu();
  log("drain");
  await drain(DRAIN_TIMEOUT);
  const all = [...warm.ids, ...run.ids];
  const { times: arrivals } = await relay.ask({ times: all });
  const report = await relay.ask({ report: true });
  const [{ stored }] = await pg`select count(*)::int as stored from emails where source = 'smtp'`;
  const result = {
    bench: "smtp",
    clients: CLIENTS,
    duration_ms: DURATION,
    submissions: run.ids.length,
    submissions_per_s: Math.round(run.ids.length / run.elapsed),
    data_to_250_ms: { p50: round(percentile(run.times, 50)), p99: round(percentile(run.times, 99)), max: round(run.times.at(-1) ?? null) },
    refused: run.refused,
    bare_insert_ceiling_per_s: bare.rps,
    // The server's processes (accepting, and dispatching meanwhile) and the database's backends.
    cpu_us_per_submission: {
      server: Math.round((cpu.server / Math.max(1, run.ids.length)) * 1e6),
      db: Math.round((cpu.db / Math.max(1, run.ids.length)) * 1e6),
    },
    stored_smtp_rows: stored,
    accepted_ids: all.length,
    lost: arrivals.filter((at) => at === null).length,
    duplicated_at_relay: report.duplicates,
    at_relay: report.unique,
    targets: TARGETS,
  };
  result.meets = {
    submissions_per_s: result.submissions_per_s >= TARGETS.submissions_per_s,
    data_to_250_p99_ms: (result.data_to_250_ms.p99 ?? Infinity) <= TARGETS.data_to_250_p99_ms,
    exactly_once: result.lost === 0 && result.duplicated_at_relay === 0 && stored === all.length,
  };
  console.log(JSON.stringify(result));
} finally {
  await pg.end();
  server.kill("SIGTERM");
  await exited;
  relay.child.kill();
  receiver.child.kill();
  await dropDatabase(db.name);
}
