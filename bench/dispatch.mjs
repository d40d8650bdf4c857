// Dispatch throughput: messages accepted over POST /v1/emails/batch → received by a local
// smtp-server, DKIM-signed with the domain's own key, on PostgreSQL with the embedded
// driver. Prints messages/s (first accept → last receipt) and the p99 accept→sent delay
// (emails.sent_at − created_at) as one JSON object on the last line.
//
//   node bench/dispatch.mjs                 (BENCH_MESSAGES=12000 BENCH_RATE=700 by default)
//
// The same file is the server child when started with --server (under tsx).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

if (process.argv.includes("--server")) {
  const { sql } = await import("drizzle-orm");
  const { createAccount } = await import("../server/accounts/accounts");
  const { database } = await import("../server/db/client");
  const { generateDkimKey } = await import("../server/domains/dkim");
  const { newId } = await import("../server/lib/ids");
  const { startServer } = await import("../server/start");
  const running = await startServer({ port: 0, host: "127.0.0.1" });
  const { apiKey } = await createAccount({ email: `bench-${Date.now()}@example.com`, plan: "unlimited", approved: true });
  const { accountId } = await (async () => {
    const { db } = await database();
    const [row] = await db
      .execute(sql`select account_id as "accountId" from api_keys order by created_at desc limit 1`)
      .then((r) => (Array.isArray(r) ? r : r.rows));
    return row;
  })();
  const domain = `bench${Date.now().toString(36)}.example.com`;
  const key = await generateDkimKey();
  const { db } = await database();
  await db.execute(sql`insert into domains (id, account_id, name, status, provider, verified_at, dns_records, recommended_records, dkim_selector, dkim_public_key, dkim_private_key_enc, track_engagement)
    values (${newId()}, ${accountId}, ${domain}, 'verified', 'smtp', now(), '[]'::jsonb, '[]'::jsonb, 'posthaste', ${key.publicKey}, ${key.privateKeyEnc}, false)`);
  process.on("SIGTERM", () => {
    void running.stop().finally(() => process.exit(0));
  });
  console.log(`READY ${JSON.stringify({ port: running.port, apiKey, from: `Bench <hello@${domain}>`, domain })}`);
} else {
  const { SMTPServer } = await import("smtp-server");
  const { default: postgres } = await import("postgres");
  const { dropDatabase, freshDatabase, percentile, round } = await import("./lib/common.mjs");

  const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 12_000);
  const RATE = Number(process.env.BENCH_RATE ?? 700); // offered messages/s
  const BATCH = 50;

  // The receiving relay, in this process (the load here is a few batch requests a second).
  let received = 0;
  let lastReceivedAt = 0;
  let signed = 0;
  let connections = 0;
  const relay = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    maxClients: 256,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (c) => {
        if (head.length < 200) head += c.toString("latin1", 0, 200);
      });
      stream.on("end", () => {
        received++;
        if (head.startsWith("DKIM-Signature:")) signed++;
        lastReceivedAt = performance.now();
        callback(null, `Ok: queued as B${received}`);
      });
    },
  });
  await new Promise((r) => relay.listen(0, "127.0.0.1", r));
  const smtpPort = relay.server.address().port;

  const db = await freshDatabase("bench_dispatch");
  // BENCH_PROF=dir writes a CPU profile of the server there.
  const prof = process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, "--import", "tsx", fileURLToPath(import.meta.url), "--server"], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      NODE_ENV: "production",
      JOBS_DRIVER: "embedded",
      MAIL_PROVIDER: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ENCRYPTION_KEY: "YmVuY2gtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXMtbG9uZyE=",
      AUTH_SECRET: "bench",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const info = await new Promise((resolve, reject) => {
    let buf = "";
    child.stdout.on("data", (c) => {
      buf += c;
      const line = buf.split("\n").find((l) => l.startsWith("READY "));
      if (line) resolve(JSON.parse(line.slice(6)));
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });

  // Offer RATE messages/s in batches of BATCH, paced, until MESSAGES are accepted.
  const html = `<p>${"Hello from the dispatch bench. ".repeat(30)}</p>`;
  let accepted = 0;
  let refused = 0;
  let n = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const childCpu = () => {
    const f = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  const childCpu0 = childCpu();
  const inflight = new Set();
  while (accepted + refused < MESSAGES) {
    const due = t0 + ((n + BATCH) / RATE) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const body = JSON.stringify(
      Array.from({ length: BATCH }, () => ({ from: info.from, to: `user${++n}@example.org`, subject: `Bench ${n}`, html })),
    );
    const p = fetch(`http://127.0.0.1:${info.port}/v1/emails/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${info.apiKey}` },
      body,
    })
      .then(async (res) => {
        const out = await res.json();
        const ok = res.status === 200 ? out.summary.succeeded : 0;
        accepted += ok;
        refused += BATCH - ok;
      })
      .catch(() => {
        refused += BATCH;
      })
      .finally(() => inflight.delete(p));
    inflight.add(p);
    if (inflight.size >= 16) await Promise.race(inflight);
  }
  await Promise.all(inflight);
  const acceptedBy = performance.now();
  const deadline = Date.now() + 120_000;
  while (received < accepted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

  const cpuSpan = lastReceivedAt - t0;
  const relayCpu = (process.cpuUsage(cpu0).user + process.cpuUsage(cpu0).system) / 1000 / cpuSpan;
  const serverCpu = (childCpu() - childCpu0) / cpuSpan;
  const pg = postgres(db.url, { max: 1, onnotice: () => {} });
  const delays = (await pg`select extract(epoch from (sent_at - created_at)) * 1000 as ms from emails where sent_at is not null`)
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  const [{ pending }] = await pg`select count(*)::int as pending from emails where status in ('queued', 'sending')`;
  await pg.end();

  await new Promise((r) => {
    child.once("exit", r);
    child.kill("SIGTERM");
  });
  await new Promise((r) => relay.close(r));
  await dropDatabase(db.name);

  const seconds = (lastReceivedAt - t0) / 1000;
  console.log(
    JSON.stringify({
      bench: "dispatch",
      offered_per_s: RATE,
      accepted,
      refused,
      received,
      dkim_signed: signed,
      smtp_connections: connections,
      still_pending: pending,
      accept_seconds: round((acceptedBy - t0) / 1000),
      messages_per_s: Math.round(received / seconds),
      p50_accept_to_sent_ms: round(percentile(delays, 50)),
      p99_accept_to_sent_ms: round(percentile(delays, 99)),
      max_accept_to_sent_ms: round(delays.at(-1) ?? null),
      // Cores used while it ran (1 = one core busy): the server, and this process (relay + load).
      server_cores: round(serverCpu),
      relay_and_load_cores: round(relayCpu),
    }),
  );
  process.exit(received === accepted && signed === received ? 0 : 1);
}
