import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killChildServers, startChildServer, type ChildServer } from "./support/child-server";
import { reconfigure } from "./support/config";
import { sql } from "./support/db";
import { startSmtpReceiver, verifiedDomainViaApi, type Received } from "./support/delivery";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { uniqueDomain } from "./support/senders";
import { until, waitFor } from "./support/wait";

/**
 * Two instances of the server (two processes, each with its own caches and pool) on one
 * PostgreSQL database share what must be shared: migrations (each migrates at start, under
 * an advisory lock), the send rate bucket, idempotency, dispatch claims (every message
 * once) and cache invalidation (a change on A is seen by B at once, not after expiry).
 * PGlite belongs to one process, so this runs on PostgreSQL only.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const TOKEN = "instances-metrics-token";
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let dnsServer: TestDnsServer;
let a: ChildServer;
let b: ChildServer;

beforeAll(async () => {
  if (!onPostgres) return;
  smtp = await startSmtpReceiver();
  dnsServer = await startDnsServer();
  const env = {
    MAIL_PROVIDER: "smtp",
    SMTP_URL: smtp.url,
    DNS_SERVERS: dnsServer.address,
    DISPATCH_IDLE_MS: "100",
    DISPATCH_BATCH_SIZE: "20",
    DISPATCH_CONCURRENCY: "2",
    METRICS_TOKEN: TOKEN,
  };
  // Started together: both run the migrations, one waits on the other's lock.
  [a, b] = await Promise.all([startChildServer(env, { createAccount: true }), startChildServer(env)]);
  reconfigure({});
}, 90_000);
afterAll(async () => {
  for (const child of [a, b]) child?.proc.kill("SIGTERM");
  await Promise.all([a?.exited, b?.exited]);
  killChildServers();
  await smtp?.stop();
  await dnsServer?.stop();
  if (onPostgres) {
    const { closeDatabase } = await import("../server/db/client");
    await closeDatabase();
  }
});

const emailIdOf = (m: Received) => /X-Posthaste-Email-ID: (\S+)/i.exec(m.raw.toString("utf8"))?.[1] ?? "";

async function newSender(plan: "free" | "unlimited") {
  const { createAccount } = await import("../server/accounts/accounts");
  const created = await createAccount({ email: `inst-${plan}-${process.pid}-${Date.now()}@example.com`, plan, approved: true });
  const { name } = await verifiedDomainViaApi(a, created.apiKey, dnsServer, uniqueDomain("inst"));
  return { ...created, from: `hi@${name}` };
}

describe.skipIf(!onPostgres)("two instances on one PostgreSQL", () => {
  it("share the send rate limit: requests split across both hit 429 at the plan's burst", async () => {
    const s = await newSender("free"); // 2/s, burst 10
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? a : b).api("POST", "/v1/emails", {
          key: s.apiKey,
          body: { from: s.from, to: [`r${i}@example.org`], subject: "rate", text: "x" },
        }),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    const ok = answers.filter((r) => r.status === 200).length;
    const limited = answers.filter((r) => r.status === 429);
    // One bucket: the burst plus what refilled meanwhile (two buckets would admit 20).
    expect(ok).toBeGreaterThanOrEqual(10);
    expect(ok).toBeLessThanOrEqual(10 + Math.ceil(seconds * 2));
    expect(ok).toBeLessThan(20);
    expect(limited.length).toBe(30 - ok);
    for (const r of limited) {
      expect(r.body.error.type).toBe("rate_limited");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    // Both instances refused some: neither had a bucket of its own.
    expect(answers.filter((r, i) => i % 2 === 1 && r.status === 429).length).toBeGreaterThan(0);
    expect(answers.filter((r, i) => i % 2 === 0 && r.status === 429).length).toBeGreaterThan(0);
  });

  it("a 40-way idempotency race split across both gives one message", async () => {
    const s = await newSender("unlimited");
    const key = `race-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).api("POST", "/v1/emails", {
          key: s.apiKey,
          headers: { "idempotency-key": key },
          body: { from: s.from, to: ["race@example.org"], subject: "race", text: "x" },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    const ids = new Set(answers.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(await sql("select id from emails where account_id = ? and idempotency_key = ?", s.accountId, key)).toHaveLength(1);
  });

  it("dispatches every message exactly once, both instances taking part", async () => {
    const s = await newSender("unlimited");
    const batch = (server: ChildServer, part: number) =>
      server.api("POST", "/v1/emails/batch", {
        key: s.apiKey,
        body: Array.from({ length: 100 }, (_, i) => ({
          from: s.from,
          to: [`m${part}-${i}@example.org`],
          subject: `m ${part}/${i}`,
          text: "x",
        })),
      });
    const parts = await Promise.all([batch(a, 0), batch(b, 1), batch(a, 2), batch(b, 3)]);
    const owed = parts.flatMap((p) => {
      expect(p.status).toBe(200);
      return p.body.data.map((d: { id: string }) => d.id as string);
    });
    expect(new Set(owed).size).toBe(400);
    await waitFor(() => owed.every((id) => smtp.messages.some((m) => emailIdOf(m) === id)), 60_000, "all 400 at the relay");
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive within this
    const copies = new Map<string, number>();
    for (const m of smtp.messages) copies.set(emailIdOf(m), (copies.get(emailIdOf(m)) ?? 0) + 1);
    expect(owed.filter((id) => copies.get(id) !== 1)).toEqual([]);
    const statuses = await sql(
      `select status, count(*)::int as n from emails where id in (${owed.map(() => "?").join(",")}) group by status`,
      ...owed,
    );
    // Relayed and recorded once each (the smtp provider reports `sent` for ordinary recipients).
    expect(statuses).toEqual([{ status: "sent", n: 400 }]);
    // Each instance handed some over (its own dispatch latency count).
    for (const server of [a, b]) {
      const metrics = await server.api("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      const count = /^posthaste_dispatch_latency_seconds_count\{provider="smtp"\} (\d+)$/m.exec(metrics.text);
      expect(Number(count?.[1] ?? 0)).toBeGreaterThan(0);
    }
  }, 90_000);

  it("a change on one instance is seen by the other: revoked key, removed domain and suppression on the next request, a paused account at once", async () => {
    const s = await newSender("unlimited");
    const send = (server: ChildServer, key = s.apiKey, to = "x@example.org") =>
      server.api("POST", "/v1/emails", { key, body: { from: s.from, to: [to], subject: "cache", text: "x" } });
    // Seen (and cached) by B first.
    const extra = await a.api("POST", "/v1/api-keys", { key: s.apiKey, body: { name: "second" } });
    expect(extra.status).toBe(201);
    const secondKey = extra.body.key as string;
    expect((await send(b, secondKey)).status).toBe(200);

    // Well inside the caches' 5 s safety expiry: the NOTIFY did it.
    const prompt = async (what: string, check: () => Promise<boolean>) => {
      const started = Date.now();
      await until(check, Boolean, 4000, what);
      expect(Date.now() - started).toBeLessThan(2000);
    };

    // A change made through an instance is answered once the other has it: the next request refuses.
    const listed = await a.api("GET", "/v1/api-keys", { key: s.apiKey });
    const secondId = listed.body.data.find((k: { name: string }) => k.name === "second").id;
    expect((await a.api("DELETE", `/v1/api-keys/${secondId}`, { key: s.apiKey })).status).toBe(200);
    expect((await b.api("GET", "/v1/domains", { key: secondKey })).status).toBe(401);

    expect((await a.api("POST", "/v1/suppressions", { key: s.apiKey, body: { email: "gone@example.org" } })).status).toBe(201);
    expect((await send(b, s.apiKey, "gone@example.org")).status).toBe(422);

    const { pauseAccount, resumeAccount } = await import("../server/accounts/accounts");
    await pauseAccount(s.accountId); // as `npm run cli -- accounts pause` does, from a third process
    await prompt(
      "A and B refusing sends of the paused account",
      async () => (await send(a)).status === 403 && (await send(b)).status === 403,
    );
    await resumeAccount(s.accountId);
    await prompt("A and B sending again", async () => (await send(a)).status === 200 && (await send(b)).status === 200);

    const domains = await a.api("GET", "/v1/domains", { key: s.apiKey });
    expect((await a.api("DELETE", `/v1/domains/${domains.body.data[0].id}`, { key: s.apiKey })).status).toBe(200);
    expect((await send(b)).status).toBe(403);
  }, 60_000);

  it("a change returns once its notification has come back to its own listener (every listener is signalled at once)", async () => {
    const { invalidateAccount, listenForInvalidations, onAccountInvalidated } = await import("../server/accounts/account-cache");
    await listenForInvalidations();
    const id = `echo-${process.pid}-${Date.now()}`;
    let dropped = 0;
    onAccountInvalidated((accountId) => {
      if (accountId === id) dropped++;
    });
    for (let i = 1; i <= 5; i++) {
      await invalidateAccount(id);
      expect(dropped, `change ${i}`).toBe(2 * i); // its own copy at once, then the notification back
    }
  });
});
