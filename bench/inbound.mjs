// Inbound mail under load (issue #31): `npm start` as built (node dist/server.mjs, embedded
// jobs, role all) on a fresh PostgreSQL database, one account with a receiving domain and a
// webhook endpoint subscribed to every event at the pipeline bench's receiver (another
// process, verifying every signature), the senders' DNS on the tests' DNS server. In one run:
//   bare     the bare node:http + postgres.js insert ceiling (bench/lib/common.mjs), alone
//   warm-up  WARMUP_MS of deliveries (JIT, pools), then drained
//   mx       CLIENTS connections to the MX listener, each through STARTTLS once and then
//            delivering ≈ 10 KB messages with one attachment one after the other for
//            DURATION_MS, while the inbound-parse task and the webhooks run: messages/s to
//            the 250, and the time from the end of DATA (the final ".") to the 250 (p50, p99)
//   drain    until every stored message is parsed and its email.received has arrived
// then the time from each 250 to its email.received at the receiver (p50, p99), the CPU per
// message of the server, PostgreSQL and the receiver over both phases, and whether
// every id a 250 named is stored, parsed and announced exactly once (none lost).
// Last line: one JSON object.
//
//   npm run build && node bench/inbound.mjs
//
// Knobs: CLIENTS (32), DURATION_MS (10 s), WARMUP_MS (3 s), DRAIN_TIMEOUT_MS (5 min).
// BENCH_PROF=dir writes CPU profiles of the server processes there.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import tls from "node:tls";
import postgres from "postgres";
import { register } from "tsx/esm/api";
import { BENCH_APPLICATION_NAME, cpuWindow } from "./lib/procs.mjs";
import { bareInsertCeiling, dropDatabase, freePort, freshDatabase, helper, percentile, round, waitForHealth } from "./lib/common.mjs";

const CLIENTS = Number(process.env.CLIENTS ?? 32);
const DURATION = Number(process.env.DURATION_MS ?? 10_000);
const WARMUP = Number(process.env.WARMUP_MS ?? 3_000);
const DRAIN_TIMEOUT = Number(process.env.DRAIN_TIMEOUT_MS ?? 300_000);
const TARGETS = { stored_per_s: 500, data_to_250_p99_ms: 100, to_webhook_p99_ms: 2000 };
// Issue #31's 500 stored/s was set on a machine whose bare insert ceiling measured about
// 7,100/s beside it (docs/benchmarks.md): as a ratio, so it holds on a slower or faster VM.
const RATIO_TARGETS = { stored_to_ceiling: 0.07 };
const SECRETS = { ENCRYPTION_KEY: "YmVuY2gtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXMtbG9uZyE=", AUTH_SECRET: "bench" };
const log = (...args) => console.error(`[inbound ${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!fs.existsSync("dist/server.mjs") || !fs.existsSync(".next/BUILD_ID")) throw new Error("run `npm run build` first");

/** A sending MTA's connection: whole replies in order; after STARTTLS, MAIL/RCPT/DATA pipelined per message. */
class Sender {
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
  async open() {
    const plain = net.connect({ port: this.port, host: "127.0.0.1" });
    await new Promise((resolve, reject) => plain.once("connect", resolve).once("error", reject));
    this.attach(plain);
    await this.expect("220");
    await this.expect("250", "EHLO mta.bench.example");
    await this.expect("220", "STARTTLS");
    plain.removeAllListeners("data");
    plain.removeAllListeners("close");
    const secure = tls.connect({ socket: plain, rejectUnauthorized: false });
    await new Promise((resolve, reject) => secure.once("secureConnect", resolve).once("error", reject));
    this.attach(secure);
    await this.expect("250", "EHLO mta.bench.example");
  }
  /** One message: its 250's id, the ms from the final "." to the reply, and when the 250 came (epoch ms). */
  async deliver(from, to, data) {
    this.socket.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    const [mail, rcpt, go] = [await this.reply(), await this.reply(), await this.reply()];
    if (!mail.startsWith("250") || !rcpt.startsWith("250") || !go.startsWith("354"))
      return { id: null, answer: `${mail} | ${rcpt} | ${go}` };
    const started = performance.now();
    this.socket.write(`${data}.\r\n`);
    const answer = await this.reply();
    const ms = performance.now() - started;
    return { id: /^250 2\.0\.0 Ok: queued as (\S+)$/.exec(answer)?.[1] ?? null, ms, at: Date.now(), answer };
  }
  close() {
    this.socket.end("QUIT\r\n");
  }
}

/** ≈ 10 KB: a text part and one base64 CSV attachment, lines under 78 characters. */
function message(to, subject) {
  const text = "Hello from the inbound bench, a line of text.\r\n".repeat(80);
  const csv = Buffer.from("id,name,amount\n".concat("1234,widget,19.99\n".repeat(300)))
    .toString("base64")
    .replace(/.{76}/g, "$&\r\n");
  return (
    [
      "From: Bench Sender <sender@mta.bench.example>",
      `To: ${to}`,
      `Subject: ${subject}`,
      `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@mta.bench.example>`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "",
      text,
      "--b1",
      'Content-Type: text/csv; name="orders.csv"',
      'Content-Disposition: attachment; filename="orders.csv"',
      "Content-Transfer-Encoding: base64",
      "",
      csv,
      "--b1--",
      "",
    ].join("\r\n") + "\r\n"
  );
}

/** CLIENTS senders for `ms`: every stored id with when its 250 came, each DATA-end → 250 time, refusals by reply. */
async function deliverFor(ms, port, to, subject) {
  const data = message(to, subject);
  const stored = [];
  const times = [];
  const refused = {};
  let stop = false;
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = new Sender(port);
      await c.open();
      return c;
    }),
  );
  const t0 = performance.now();
  const loops = clients.map(async (c) => {
    while (!stop) {
      const r = await c.deliver("sender@mta.bench.example", to, data);
      if (r.id) {
        stored.push({ id: r.id, at: r.at });
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
  return { stored, elapsed, refused, times, bytes: Buffer.byteLength(data) };
}

// 1. The ceiling, alone on the machine.
log("bare ceiling");
const bare = await bareInsertCeiling({ connections: CLIENTS, durationMs: DURATION });

// 2. Receiver, DNS, database, account (a receiving domain, an endpoint for every event), server.
const receiver = await helper("bench/lib/receiver.mjs", 0);
// The sender's SPF, DKIM and DMARC lookups go to the tests' DNS server (DNS_SERVERS), which
// publishes an SPF policy for the bench's sending host: the parse task's lookups are answered
// at once, as a sender's working DNS would answer them, never left to time out.
register();
const { startDnsServer } = await import("../test/support/dns-server.ts");
const dnsServer = await startDnsServer();
dnsServer.set("mta.bench.example", "TXT", ["v=spf1 ip4:127.0.0.1 -all"]);
const db = await freshDatabase("ph_inbound");
const receiverOrigin = `http://127.0.0.1:${receiver.port}`;
const baseEnv = {
  ...process.env,
  ...SECRETS,
  DATABASE_URL: db.url,
  NODE_ENV: "production",
  WEBHOOK_ALLOWED_ORIGINS: receiverOrigin,
  DNS_SERVERS: dnsServer.address,
};
for (const name of ["JOBS_DRIVER", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "PGLITE_DIR"]) delete baseEnv[name];
const setup = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/pipeline-setup.ts"], {
  env: { ...baseEnv, BENCH_RECEIVER: receiverOrigin, BENCH_ACCOUNTS: "1" },
  encoding: "utf8",
});
if (setup.status !== 0) throw new Error(`setup failed: ${setup.stderr}`);
const [account] = JSON.parse(setup.stdout.trim().split("\n").pop());
receiver.child.send({ secrets: [[account.hookPath, account.secret]] });
const pg = postgres(db.url, { max: 1, onnotice: () => {}, connection: { application_name: BENCH_APPLICATION_NAME } });
// The domain receives, as the domains area leaves it once its MX record verified.
const [{ name: domain }] = await pg`
  update domains set receiving = 'enabled', receiving_verified_at = now() where account_id = ${account.accountId} returning name`;
const to = `support+bench@${domain}`;
const port = await freePort();
const mxPort = await freePort();
const prof = process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
const server = spawn(process.execPath, [...prof, "dist/server.mjs"], {
  env: {
    ...baseEnv,
    PORT: String(port),
    MAIL_PROVIDER: "sink",
    SMTP_SUBMISSION_PORT: "off",
    SMTP_SUBMISSION_TLS_PORT: "off",
    SMTP_MX_PORT: String(mxPort),
    // Every sender here is 127.0.0.1: the per-address rate limit would be the bench's ceiling.
    SMTP_MX_MESSAGES_PER_MINUTE: "0",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", 2, 2],
});
const exited = new Promise((resolve) => server.once("exit", resolve));
await waitForHealth(port, exited);
// The MX listener starts after HTTP answers: wait for its greeting too.
for (let tries = 0; ; tries++) {
  const up = await new Promise((resolve) => {
    const probe = net.connect({ port: mxPort, host: "127.0.0.1" });
    probe.once("data", () => {
      probe.end("QUIT\r\n");
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
  if (up) break;
  if (tries > 600) throw new Error("the MX listener did not answer within 60 s");
  await sleep(100);
}

/** Until every stored message is parsed and announced at the receiver (or the timeout). */
async function drain(ids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ pending }] = await pg`select count(*)::int as pending from inbound_emails where status = 'received'`;
    const { times } = await receiver.ask({ times: ids });
    if ((pending === 0 && times.every((t) => t !== null)) || Date.now() > deadline) return;
    await sleep(500);
  }
}

try {
  log("warm-up");
  const warm = await deliverFor(WARMUP, mxPort, to, "warmup");
  await drain(
    warm.stored.map((s) => s.id),
    DRAIN_TIMEOUT,
  );

  log(`mx: ${CLIENTS} clients for ${DURATION} ms`);
  const endCpu = await cpuWindow({ serverPid: server.pid, databaseName: db.name, others: { receiver: receiver.child.pid } });
  const run = await deliverFor(DURATION, mxPort, to, "inbound");
  log("drain");
  const ids = run.stored.map((s) => s.id);
  await drain(ids, DRAIN_TIMEOUT);
  const cpu = await endCpu();
  const { times: arrivals } = await receiver.ask({ times: ids });
  const report = await receiver.ask({ report: true });
  const toWebhook = run.stored
    .map((s, i) => (arrivals[i] === null ? null : Math.max(0, arrivals[i] - s.at)))
    .filter((x) => x !== null)
    .sort((a, b) => a - b);
  const all = [...warm.stored, ...run.stored].map((s) => s.id);
  const rows = await pg`select status, count(*)::int as n from inbound_emails where id = any(${all}) group by status`;
  const parsed = rows.find((r) => r.status === "parsed")?.n ?? 0;
  const stored = rows.reduce((sum, r) => sum + r.n, 0);
  const result = {
    bench: "inbound",
    clients: CLIENTS,
    duration_ms: DURATION,
    message_bytes: run.bytes,
    stored: run.stored.length,
    stored_per_s: Math.round(run.stored.length / run.elapsed),
    data_to_250_ms: { p50: round(percentile(run.times, 50)), p99: round(percentile(run.times, 99)), max: round(run.times.at(-1) ?? null) },
    to_webhook_ms: { p50: round(percentile(toWebhook, 50)), p99: round(percentile(toWebhook, 99)), max: round(toWebhook.at(-1) ?? null) },
    refused: run.refused,
    bare_insert_ceiling_per_s: bare.rps,
    ratio_to_ceiling: round(run.stored.length / run.elapsed / bare.rps),
    // Stored, parsed and announced: the whole cost of a message, by process role (both phases).
    cpu_us_per_message: Object.fromEntries(
      Object.entries(cpu)
        .filter(([k]) => k !== "seconds")
        .map(([k, v]) => [k, Math.round((v / run.stored.length) * 1e6)]),
    ),
    accepted_ids: all.length,
    rows_stored: stored,
    rows_parsed: parsed,
    email_received_events: report.byType["email.received"] ?? 0,
    duplicated_at_receiver: report.duplicates,
    bad_signatures: report.badSignature,
    lost: all.length - stored + arrivals.filter((at) => at === null).length,
    targets: TARGETS,
  };
  result.meets = {
    stored_per_s: result.stored_per_s >= TARGETS.stored_per_s,
    data_to_250_p99_ms: (result.data_to_250_ms.p99 ?? Infinity) <= TARGETS.data_to_250_p99_ms,
    to_webhook_p99_ms: (result.to_webhook_ms.p99 ?? Infinity) <= TARGETS.to_webhook_p99_ms,
    none_lost: result.lost === 0 && parsed === all.length && result.duplicated_at_receiver === 0,
  };
  result.ratio_targets = RATIO_TARGETS;
  result.ratio_met = { stored_to_ceiling: result.ratio_to_ceiling >= RATIO_TARGETS.stored_to_ceiling };
  console.log(JSON.stringify(result));
} finally {
  await pg.end();
  server.kill("SIGTERM");
  await exited;
  receiver.child.kill();
  await dnsServer.stop();
  await dropDatabase(db.name);
}
