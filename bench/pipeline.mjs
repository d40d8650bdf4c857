// The product as run: `npm start` as built (node dist/server.mjs, embedded jobs) on a fresh
// PostgreSQL database, MAIL_PROVIDER=smtp to a relay in another process, DKIM-signing
// domains, one webhook endpoint per account subscribed to every event at a receiver in
// another process. In one run:
//   bare     the bare node:http + postgres.js insert ceiling (autocannon, 32 connections)
//   warm-up  sends, the e2e load and batches, each drained (V8 optimises each path under
//            its own load before it is measured)
//   e2e      3,000 single sends offered at E2E_RATE (700/s) over 32 connections, a steady
//            load just above the target (paced by the bench: the i-th due at i/700 s, what
//            fell due sent every 5 ms):
//            accept → relay and accept → its email.sent event at the receiver, per message,
//            and the rate they reached the relay at
//   burst    the same 3,000 as fast as 32 connections go (a diagnostic: acceptance outruns
//            dispatch, so its latency is the queue's length, not the pipeline's)
//   send     autocannon POST /v1/emails, 32 connections, while dispatch and webhooks run
//   batch    autocannon POST /v1/emails/batch (100 each), 8 connections, same conditions
//   template the same batches, each entry `template: { id, variables }` naming one published
//            5 KB template with 5 variables (rendered per entry at accept), same conditions
//   newcomer while the backlog the two left (≈ 100,000 messages of one account) drains, a
//            second account sends one message every 500 ms: accept → relay (fair claiming)
//   drain    until every message is at the relay and every event at the receiver
// then counts: every accepted message at the relay once and signed, every recorded event at
// the receiver once with a good signature. CPU per message of the server process tree and of
// PostgreSQL's backends (/proc), peak RSS of the server processes. Last line: one JSON object.
//
//   npm run build && node bench/pipeline.mjs
//
// Knobs: DURATION_MS (send, 10 s), BATCH_DURATION_MS (5 s), E2E_MESSAGES (3,000), E2E_RATE (700/s), WARMUP_PACED (1,500), WARMUP_BATCHES (50),
// NEWCOMER_SENDS (20), DRAIN_TIMEOUT_MS (15 min), BENCH_PORT_BASE (below). WEB_CONCURRENCY and POSTHASTE_ROLE pass
// through to the server as they are. BENCH_PROF=dir writes CPU profiles of the server
// processes there; BENCH_NODE_FLAGS adds V8 flags to them (NODE_OPTIONS refuses most).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import postgres from "postgres";
import {
  BENCH_SECRETS,
  cannon,
  dropDatabase,
  freePort,
  freshDatabase,
  helper,
  paced,
  percentile,
  round,
  startChild,
  waitForHealth,
} from "./lib/common.mjs";
import { BENCH_APPLICATION_NAME, byProcess, cpuWindow, processTree, rssMb, rssSampler } from "./lib/procs.mjs";

const DURATION = Number(process.env.DURATION_MS ?? 10_000);
const BATCH_DURATION = Number(process.env.BATCH_DURATION_MS ?? 5_000);
const E2E_MESSAGES = Number(process.env.E2E_MESSAGES ?? 3_000);
const E2E_RATE = Number(process.env.E2E_RATE ?? 700);
const WARMUP_PACED = Number(process.env.WARMUP_PACED ?? 1_500);
const WARMUP_BATCHES = Number(process.env.WARMUP_BATCHES ?? 50);
const NEWCOMER_SENDS = Number(process.env.NEWCOMER_SENDS ?? 20);
const DRAIN_TIMEOUT = Number(process.env.DRAIN_TIMEOUT_MS ?? 900_000);
const TARGETS = {
  send_per_s: 1500,
  send_p99_ms: 50,
  batch_messages_per_s: 20_000,
  template_batch_messages_per_s: 20_000,
  e2e_messages_per_s: 600,
  e2e_p99_ms: 2000,
  newcomer_p99_ms: 2000,
  rss_mb_per_process: 400,
};
/**
 * Issue #33's targets: ratios to the bare insert ceiling measured in the same run, so they
 * hold on any 2-core machine, and absolute rates for this machine class where the issue
 * states them. Printed beside TARGETS (the earlier rounds' absolute targets).
 */
const RATIO_TARGETS = {
  send_to_ceiling: 0.5,
  send_p99_ms: 50,
  batch_to_ceiling: 4,
  burst_accept_to_relay_p99_ms: 1500,
  burst_dispatch_per_s: 1000,
  drain_dispatch_per_s: 2000,
  drain_cpu_us_per_message: 600,
};
const html = `<p>${"Hello from the pipeline bench. ".repeat(30)}</p>`; // ≈ 1 KB message
let serverPid = null; // once started, each progress line also shows the server processes' RSS (MB)
const log = (...args) =>
  console.error(
    `[pipeline ${new Date().toISOString().slice(11, 19)}]`,
    ...args,
    ...(serverPid
      ? [
          `(rss MB: ${processTree(serverPid)
            .map((pid) => Math.round(rssMb(pid) ?? 0))
            .join(", ")})`,
        ]
      : []),
  );
// BENCH_PORT_BASE=n: the server listens on n, the relay n+1, the receiver n+2, the bare server n+3 (else any free ports).
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 0);
const portOf = (offset) => (PORT_BASE ? PORT_BASE + offset : 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!fs.existsSync("dist/server.mjs") || !fs.existsSync(".next/BUILD_ID")) throw new Error("run `npm run build` first");

const post = (port, path, apiKey, body) => ({
  url: `http://127.0.0.1:${port}${path}`,
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
  body,
});

// 1. The ceiling, alone on the machine, as send.mjs measures it.
log("bare ceiling");
const bareDb = await freshDatabase("ph_pipeline_bare");
const bare = await startChild(["bench/lib/bare.mjs"], { DATABASE_URL: bareDb.url, BENCH_LISTEN_PORT: String(portOf(3)) });
const bareWindow = await cpuWindow({ serverPid: bare.child.pid, databaseName: bareDb.name });
const bareResult = await cannon({
  ...post(bare.info.port, "/", "", JSON.stringify({ from: "a@example.com", to: "b@example.org", subject: "s", html })),
  connections: 32,
  duration: DURATION / 1000,
});
const bareCpu = await bareWindow();
await bare.stop();
await dropDatabase(bareDb.name);

// 2. Relay, receiver, database, accounts, server.
const relay = await helper("bench/lib/relay.mjs", portOf(1));
const receiver = await helper("bench/lib/receiver.mjs", portOf(2));
const db = await freshDatabase("ph_pipeline");
const receiverOrigin = `http://127.0.0.1:${receiver.port}`;
const baseEnv = { ...process.env, ...BENCH_SECRETS, DATABASE_URL: db.url, NODE_ENV: "production", WEBHOOK_ALLOWED_ORIGINS: receiverOrigin };
for (const name of ["JOBS_DRIVER", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "PGLITE_DIR"]) delete baseEnv[name];
const setup = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/pipeline-setup.ts"], {
  env: { ...baseEnv, BENCH_RECEIVER: receiverOrigin, BENCH_ACCOUNTS: "2" },
  encoding: "utf8",
});
if (setup.status !== 0) throw new Error(`setup failed: ${setup.stderr}`);
const [tenant, newcomer] = JSON.parse(setup.stdout.trim().split("\n").pop());
receiver.child.send({
  secrets: [
    [tenant.hookPath, tenant.secret],
    [newcomer.hookPath, newcomer.secret],
  ],
});
const port = PORT_BASE ? portOf(0) : await freePort();
const prof = [
  ...(process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
  ...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean),
];
// What `npm start` runs, started directly so its pid is the root of the server's process tree.
const server = spawn(process.execPath, [...prof, "dist/server.mjs"], {
  env: { ...baseEnv, PORT: String(port), MAIL_PROVIDER: "smtp", SMTP_URL: `smtp://127.0.0.1:${relay.port}` },
  stdio: ["ignore", 2, 2],
});
const exited = new Promise((resolve) => server.once("exit", resolve));
await waitForHealth(port, exited);
serverPid = server.pid;
const rssIdleMb = Math.round(processTree(server.pid).reduce((sum, pid) => sum + (rssMb(pid) ?? 0), 0));
const rss = rssSampler(server.pid);
// The bench's own queries (counting the backlog each second) are not the server's: not counted.
const pg = postgres(db.url, { max: 2, onnotice: () => {}, connection: { application_name: BENCH_APPLICATION_NAME } });
const cpuRoles = () =>
  cpuWindow({ serverPid: server.pid, databaseName: db.name, others: { relay: relay.child.pid, receiver: receiver.child.pid } });
const sendBody = (from, subject) => JSON.stringify({ from, to: "reader@example.org", subject, html });
const batchBody = (from, subject) =>
  JSON.stringify(Array.from({ length: 100 }, (_, k) => ({ from, to: `reader${k}@example.org`, subject, html })));

// The backlog, read through the queues' partial indexes: the bench polls it each second
// and must not seq-scan a million-row table each time (that CPU is not the server's).
const pending = async () => {
  const [row] = await pg`select
      (select count(*)::int from emails where status in ('queued', 'scheduled', 'sending')) as pending,
      (select count(*)::int from webhook_deliveries where status = 'pending') as deliveries_pending`;
  return row;
};
/** Every message and every delivery: read once the backlog is gone. */
const counts = async () => {
  const [row] = await pg`select
      (select count(*)::int from emails) as emails,
      (select count(*)::int from webhook_deliveries) as deliveries`;
  return { ...row, ...(await pending()) };
};

/** Waits until nothing is left to dispatch or deliver; samples the backlog as it goes. */
async function drain(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const samples = [];
  for (;;) {
    const p = await pending();
    const r = await relay.ask({ report: true });
    const w = await receiver.ask({ report: true });
    samples.push({ at: Date.now(), ...p, relay: r.unique, webhooks: w.unique });
    if (p.pending === 0 && p.deliveries_pending === 0) {
      const c = await counts();
      if (r.unique >= c.emails && w.unique >= c.deliveries) return samples;
    }
    if (Date.now() > deadline) return samples;
    await sleep(1000);
  }
}

/** Per message of a phase (by subject): accept → relay and accept → its email.sent at the receiver, in ms. */
async function latencies(subject) {
  const rows = await pg`select id, extract(epoch from created_at) * 1000 as at from emails where subject = ${subject}`;
  const ids = rows.map((r) => r.id);
  const { times: atRelay } = await relay.ask({ times: ids });
  const { times: atHook } = await receiver.ask({ times: ids });
  const toRelay = rows.map((r, i) => (atRelay[i] === null ? null : atRelay[i] - Number(r.at)));
  const toHook = rows.map((r, i) => (atHook[i] === null ? null : atHook[i] - Number(r.at)));
  const sorted = (xs) => xs.filter((x) => x !== null).sort((a, b) => a - b);
  const firstAccept = Math.min(...rows.map((r) => Number(r.at)));
  const lastRelay = Math.max(...atRelay.filter((x) => x !== null));
  return {
    messages: rows.length,
    missing_at_relay: toRelay.filter((x) => x === null).length,
    relay: sorted(toRelay),
    hook: sorted(toHook),
    messages_per_s: Math.round(rows.length / ((lastRelay - firstAccept) / 1000)),
  };
}
const summary = (sorted) => ({ p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? null) });
const perMessage = (cpu, messages) =>
  Object.fromEntries(
    Object.entries(cpu)
      .filter(([k]) => k !== "seconds")
      .map(([k, v]) => [k, messages ? Math.round((v / messages) * 1e6) : null]),
  );

// The template batches' template: 5 KB of html, 5 variables per entry, published before the warm-up.
const TEMPLATE_KEYS = ["NAME", "ORDER", "TOTAL", "CITY", "LINK"];
const templateHtml =
  `<p>${TEMPLATE_KEYS.map((k) => `{{{${k}}}}`).join(" ")}</p>` + `<p>${"A stored template for the bench. ".repeat(155)}</p>`;
const api = async (method, path, body) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${tenant.apiKey}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
const { id: templateId } = await api("POST", "/v1/templates", {
  name: "bench",
  from: tenant.from,
  subject: "template {{{ORDER}}}",
  html: templateHtml,
  variables: TEMPLATE_KEYS.map((key) => ({ key, type: "string" })),
});
await api("POST", `/v1/templates/${templateId}/publish`);
const templateBatchBody = JSON.stringify(
  Array.from({ length: 100 }, (_, k) => ({
    to: `reader${k}@example.org`,
    template: {
      id: templateId,
      variables: { NAME: `Reader <${k}>`, ORDER: `#${k}`, TOTAL: "12.50", CITY: "Lyon", LINK: "https://acme.example/o" },
    },
  })),
);
// 3. Warm-up (JIT, pools, the key cache), each part drained: 2 s of sends, the e2e load
// itself for WARMUP_PACED messages, and WARMUP_BATCHES batch requests. Each path meets its
// concurrent shapes only under its own load: warmed by sends alone, the e2e phase still ran
// V8's first optimisations of dispatch and webhooks (59 deoptimisations in it, 10 in the
// burst after it), and the batch phase those of the batch path (31 in its first second).
log("warm-up");
const warmupRequest = post(port, "/v1/emails", tenant.apiKey, sendBody(tenant.from, "warmup"));
await cannon({ ...warmupRequest, connections: 32, duration: 2 });
await drain(120_000);
await paced({
  port,
  path: "/v1/emails",
  headers: warmupRequest.headers,
  body: warmupRequest.body,
  amount: WARMUP_PACED,
  rate: E2E_RATE,
  connections: 32,
});
await drain(120_000);
if (WARMUP_BATCHES > 0) {
  await cannon({
    ...post(port, "/v1/emails/batch", tenant.apiKey, batchBody(tenant.from, "warmup")),
    connections: 8,
    amount: WARMUP_BATCHES,
  });
  await drain(120_000);
  await cannon({ ...post(port, "/v1/emails/batch", tenant.apiKey, templateBatchBody), connections: 8, amount: WARMUP_BATCHES });
  await drain(120_000);
}

// 4. End to end: 3,000 sends at a steady rate, each followed to the relay and to the receiver.
log("e2e");
const e2eWindow = await cpuRoles();
// Paced by the bench (bench/lib/common.mjs paced): autocannon's overallRate sends each second's quota in one burst.
const e2eRequest = post(port, "/v1/emails", tenant.apiKey, sendBody(tenant.from, "e2e"));
const e2eLoad = await paced({
  port,
  path: "/v1/emails",
  headers: e2eRequest.headers,
  body: e2eRequest.body,
  amount: E2E_MESSAGES,
  rate: E2E_RATE,
  connections: 32,
});
await drain(120_000);
const e2eCpu = await e2eWindow();
const e2e = await latencies("e2e");

// The same number at once: how long the queue a burst leaves takes to clear (diagnostic).
log("burst");
await cannon({ ...post(port, "/v1/emails", tenant.apiKey, sendBody(tenant.from, "burst")), connections: 32, amount: E2E_MESSAGES });
await drain(120_000);
const burst = await latencies("burst");

// 5. Sends, then batches, while dispatch and webhooks work through what they accept.
log("send");
const sendWindow = await cpuRoles();
const sendLoad = await cannon({
  ...post(port, "/v1/emails", tenant.apiKey, sendBody(tenant.from, "send")),
  connections: 32,
  duration: DURATION / 1000,
});
const sendCpu = await sendWindow();
log("batch");
const batchWindow = await cpuRoles();
const batchLoad = await cannon({
  ...post(port, "/v1/emails/batch", tenant.apiKey, batchBody(tenant.from, "batch")),
  connections: 8,
  duration: BATCH_DURATION / 1000,
});
const batchCpu = await batchWindow();
const batchMessages = batchLoad["2xx"] * 100;

// 5b. The same batches, each entry rendered from the stored template.
log(`template (${Buffer.byteLength(templateHtml)} bytes of html)`);
const templateWindow = await cpuRoles();
const templateLoad = await cannon({
  ...post(port, "/v1/emails/batch", tenant.apiKey, templateBatchBody),
  connections: 8,
  duration: BATCH_DURATION / 1000,
});
const templateCpu = await templateWindow();
const templateMessages = templateLoad["2xx"] * 100;

// 6. A newcomer behind the backlog: one send every 500 ms from the second account.
const backlog = (await pending()).pending;
log(`newcomer (backlog ${backlog})`);
const newcomerStatuses = {};
for (let i = 0; i < NEWCOMER_SENDS; i++) {
  const res = await fetch(
    `http://127.0.0.1:${port}/v1/emails`,
    post(port, "/v1/emails", newcomer.apiKey, sendBody(newcomer.from, "newcomer")),
  );
  newcomerStatuses[res.status] = (newcomerStatuses[res.status] ?? 0) + 1;
  await res.arrayBuffer();
  await sleep(500);
}
await sleep(3000);
const newcomerSeen = await latencies("newcomer");
const backlogAfterNewcomer = (await pending()).pending;

// 7. Drain everything; dispatch and webhook pace over the drain.
log(`drain (${backlogAfterNewcomer} left)`);
const drainWindow = await cpuRoles();
const samples = await drain(DRAIN_TIMEOUT);
const drainCpu = await drainWindow();
const first = samples[0];
const last = samples.at(-1);
const drainSeconds = (last.at - first.at) / 1000;
const sentDuringDrain = last.relay - first.relay;
const hooksDuringDrain = last.webhooks - first.webhooks;
const newcomer2 = await latencies("newcomer");

// 8. Counts: lost, duplicated, unsigned, unverified.
const final = await counts();
const relayReport = await relay.ask({ report: true });
const hookReport = await receiver.ask({ report: true });
// Over SMTP a message ends 'sent' (the relay accepted it; nothing reports delivery) with one email.sent event.
const [{ unsent }] = await pg`select count(*)::int as unsent from emails where status <> 'sent'`;
const [{ events }] = await pg`select count(*)::int as events from webhook_events`;
const rssPeak = rss();
await pg.end();
server.kill("SIGTERM");
await exited;
relay.child.kill();
receiver.child.kill();
await dropDatabase(db.name);

const sendRps = Math.round(sendLoad["2xx"] / sendLoad.duration);
const batchPerS = Math.round(batchMessages / batchLoad.duration);
const templatePerS = Math.round(templateMessages / templateLoad.duration);
const bareRps = Math.round(bareResult["2xx"] / bareResult.duration);
const result = {
  bench: "pipeline",
  server: "npm start",
  web_concurrency: process.env.WEB_CONCURRENCY ?? null,
  role: process.env.POSTHASTE_ROLE ?? null,
  server_processes: rssPeak.processes,
  bare_ceiling_per_s: bareRps,
  bare_p99_ms: bareResult.latency.p99,
  bare_cpu_us_per_insert: perMessage(bareCpu, bareResult["2xx"]),
  send_per_s: sendRps,
  send_p50_ms: sendLoad.latency.p50,
  send_p99_ms: sendLoad.latency.p99,
  send_non2xx: sendLoad.non2xx + sendLoad.errors,
  send_ratio_to_ceiling: round(sendRps / bareRps),
  send_cpu_us_per_message: perMessage(sendCpu, sendLoad["2xx"]),
  send_server_cpu_us_by_process: byProcess(sendCpu, sendLoad["2xx"]),
  batch_messages_per_s: batchPerS,
  batch_p99_ms: batchLoad.latency.p99,
  batch_non2xx: batchLoad.non2xx + batchLoad.errors,
  batch_ratio_to_ceiling: round(batchPerS / bareRps),
  batch_cpu_us_per_message: perMessage(batchCpu, batchMessages),
  template_batch_messages_per_s: templatePerS,
  template_batch_p99_ms: templateLoad.latency.p99,
  template_batch_non2xx: templateLoad.non2xx + templateLoad.errors,
  template_batch_ratio_to_ceiling: round(templatePerS / bareRps),
  template_batch_ratio_to_batch: round(templatePerS / batchPerS),
  template_batch_cpu_us_per_message: perMessage(templateCpu, templateMessages),
  e2e_messages: e2e.messages,
  e2e_accept_seconds: round(e2eLoad.duration),
  e2e_accept_p99_ms: e2eLoad.p99,
  e2e_non2xx: e2eLoad.non2xx,
  e2e_messages_per_s: e2e.messages_per_s,
  e2e_accept_to_relay_ms: summary(e2e.relay),
  e2e_accept_to_webhook_ms: summary(e2e.hook),
  // The whole pipeline per message: accept, dispatch (DKIM, SMTP), events, webhook signing and delivery.
  e2e_cpu_us_per_message: perMessage(e2eCpu, e2e.messages),
  e2e_server_cpu_us_by_process: byProcess(e2eCpu, e2e.messages),
  e2e_offered_per_s: E2E_RATE,
  burst_messages_per_s: burst.messages_per_s,
  burst_accept_to_relay_ms: summary(burst.relay),
  backlog_when_newcomer_sent: backlog,
  backlog_after_newcomer: backlogAfterNewcomer,
  newcomer_statuses: newcomerStatuses,
  newcomer_at_relay_within_3s: newcomerSeen.relay.length,
  newcomer_accept_to_relay_ms: summary(newcomer2.relay),
  newcomer_accept_to_webhook_ms: summary(newcomer2.hook),
  drain_seconds: round(drainSeconds),
  drain_dispatch_per_s: Math.round(sentDuringDrain / drainSeconds),
  drain_webhooks_per_s: Math.round(hooksDuringDrain / drainSeconds),
  drain_max_webhooks_pending: Math.max(...samples.map((s) => s.deliveries_pending)),
  drain_cpu_us_per_message: perMessage(drainCpu, sentDuringDrain),
  drain_server_cpu_us_by_process: byProcess(drainCpu, sentDuringDrain),
  accepted: final.emails,
  at_relay: relayReport.unique,
  relay_duplicates: relayReport.duplicates,
  relay_unsigned: relayReport.received - relayReport.signed,
  not_sent: unsent,
  smtp_connections: relayReport.connections,
  events: events,
  webhook_deliveries: final.deliveries,
  webhooks_received: hookReport.unique,
  webhook_duplicates: hookReport.duplicates,
  webhook_bad_signatures: hookReport.badSignature,
  webhooks_by_type: hookReport.byType,
  rss_idle_mb: rssIdleMb,
  rss_max_process_mb: rssPeak.maxProcessMb,
  rss_max_total_mb: rssPeak.maxTotalMb,
};
const lossless =
  result.at_relay === result.accepted &&
  result.relay_duplicates === 0 &&
  result.relay_unsigned === 0 &&
  result.not_sent === 0 &&
  result.webhooks_received === result.webhook_deliveries &&
  result.webhook_deliveries === result.accepted &&
  result.webhook_duplicates === 0 &&
  result.webhook_bad_signatures === 0;
result.targets = TARGETS;
result.met = {
  send: sendRps >= TARGETS.send_per_s && sendLoad.latency.p99 <= TARGETS.send_p99_ms,
  batch: batchPerS >= TARGETS.batch_messages_per_s,
  template_batch: templatePerS >= TARGETS.template_batch_messages_per_s,
  e2e: e2e.messages_per_s >= TARGETS.e2e_messages_per_s && (percentile(e2e.relay, 99) ?? Infinity) <= TARGETS.e2e_p99_ms,
  newcomer: newcomer2.relay.length === NEWCOMER_SENDS && (percentile(newcomer2.relay, 99) ?? Infinity) <= TARGETS.newcomer_p99_ms,
  rss: rssPeak.maxProcessMb <= TARGETS.rss_mb_per_process,
  lossless,
};
result.ratio_targets = RATIO_TARGETS;
result.ratio_met = {
  send: sendRps / bareRps >= RATIO_TARGETS.send_to_ceiling && sendLoad.latency.p99 <= RATIO_TARGETS.send_p99_ms,
  batch: batchPerS / bareRps >= RATIO_TARGETS.batch_to_ceiling,
  burst:
    (percentile(burst.relay, 99) ?? Infinity) <= RATIO_TARGETS.burst_accept_to_relay_p99_ms &&
    burst.messages_per_s >= RATIO_TARGETS.burst_dispatch_per_s,
  // Webhooks keep pace: as many delivered as dispatched, within 5 %.
  drain:
    result.drain_dispatch_per_s >= RATIO_TARGETS.drain_dispatch_per_s && result.drain_webhooks_per_s >= 0.95 * result.drain_dispatch_per_s,
  drain_cpu: result.drain_cpu_us_per_message.server + result.drain_cpu_us_per_message.db <= RATIO_TARGETS.drain_cpu_us_per_message,
};
console.log(JSON.stringify(result));
process.exit(lossless ? 0 : 1);
