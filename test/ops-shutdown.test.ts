import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { killChildServers, startChildServer } from "./support/child-server";
import { reconfigure } from "./support/config";
import { sql } from "./support/db";
import { freePort, startSmtpReceiver, verifiedDomainViaApi, type Received } from "./support/delivery";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { RawSmtp } from "./support/smtp-client";
import { uniqueDomain } from "./support/senders";
import { waitFor } from "./support/wait";
import { startWebhookReceiver } from "./support/webhook-receiver";

/**
 * Graceful shutdown (SIGTERM, as `npm start` handles it): a request in flight is answered,
 * hand-offs in flight to a slow relay complete and are recorded, claimed mail not yet
 * handed over goes back to the queue, webhook posts in flight to a slow receiver end
 * recorded, and nothing is left 'sending' or leased for a lease to rescue.
 */
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let dnsServer: TestDnsServer;
let scratch: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver({ delayMs: 1500 });
  hooks = await startWebhookReceiver();
  dnsServer = await startDnsServer();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-shutdown-"));
  const template = inject("pgliteTemplate");
  if (!process.env.DATABASE_URL && template) fs.cpSync(template, path.join(scratch, "db"), { recursive: true });
});
afterAll(async () => {
  killChildServers();
  await smtp?.stop();
  await hooks?.stop();
  await dnsServer?.stop();
  const { closeDatabase } = await import("../server/db/client");
  await closeDatabase();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const env = () => ({
  PGLITE_DIR: path.join(scratch, "db"),
  MAIL_PROVIDER: "smtp",
  SMTP_URL: smtp.url,
  DNS_SERVERS: dnsServer.address,
  WEBHOOK_ALLOWED_ORIGINS: hooks.origin,
  SMTP_POOL_SIZE: "4",
  DISPATCH_BATCH_SIZE: "20",
  DISPATCH_IDLE_MS: "100",
  DISPATCH_SEND_TIMEOUT_MS: "10000",
  // Long enough that a row left 'sending' would still be stuck when the test looks.
  DISPATCH_LEASE_MS: "120000",
});

const emailIdOf = (m: Received) => /X-Posthaste-Email-ID: (\S+)/i.exec(m.raw.toString("utf8"))?.[1] ?? "";

/** POST /v1/emails whose body arrives in two parts; `between` runs after the first. */
function slowSend(url: string, key: string, body: unknown, between: () => Promise<void>): Promise<{ status: number; body: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/v1/emails`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": Buffer.byteLength(text) },
      },
      (res) => {
        let answer = "";
        res.on("data", (c) => (answer += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: answer }));
      },
    );
    req.on("error", reject);
    req.flushHeaders();
    req.write(text.slice(0, 10));
    // Once the server has the request (headers and a first part), `between`, then the rest.
    req.on("socket", (socket) =>
      socket.once("connect", () => void new Promise((r) => setTimeout(r, 200)).then(between).then(() => req.end(text.slice(10)))),
    );
  });
}

describe("graceful shutdown", () => {
  it("SIGTERM during a slow relay: hand-offs in flight end delivered, the rest is queued again, a request in flight is answered", async () => {
    const first = await startChildServer(env(), { createAccount: true });
    const key = first.account!.apiKey;
    const { name } = await verifiedDomainViaApi(first, key, dnsServer, uniqueDomain("drain"));
    const res = await first.api("POST", "/v1/emails/batch", {
      key,
      body: Array.from({ length: 30 }, (_, i) => ({ from: `drain@${name}`, to: [`d${i}@example.org`], subject: `drain ${i}`, text: "x" })),
    });
    expect(res.status).toBe(200);
    const owed: string[] = res.body.data.map((d: { id: string }) => d.id);
    await waitFor(() => smtp.dataStarted() >= 2, 15_000, "hand-offs in flight at the slow relay");

    const late = slowSend(first.url, key, { from: `drain@${name}`, to: ["late@example.org"], subject: "late", text: "x" }, async () => {
      first.proc.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
    });
    const answered = await late;
    expect(answered.status).toBe(200);
    owed.push(JSON.parse(answered.body).id);
    expect(await first.exited).toBe(0);

    // The process is gone: read what it left behind.
    reconfigure({ PGLITE_DIR: path.join(scratch, "db") });
    const rows: { id: string; status: string; attempts: number }[] = await sql(
      `select id, status, attempts from emails where id in (${owed.map(() => "?").join(", ")})`,
      ...owed,
    );
    const atRelay = new Set(smtp.messages.map(emailIdOf));
    expect(rows).toHaveLength(owed.length);
    expect(rows.filter((r) => r.status === "sending")).toEqual([]);
    for (const r of rows) {
      if (atRelay.has(r.id)) expect(["sent", "delivered"]).toContain(r.status);
      else expect(r.status).toBe("queued");
    }
    // Some went before the stop, some were handed back unsent.
    expect(atRelay.size).toBeGreaterThan(0);
    expect(rows.some((r) => r.status === "queued")).toBe(true);
    const { closeDatabase } = await import("../server/db/client");
    await closeDatabase();

    // The next start sends the rest, each message exactly once.
    const second = await startChildServer(env());
    await waitFor(() => owed.every((id) => smtp.messages.some((m) => emailIdOf(m) === id)), 60_000, "every message at the relay");
    const copies = new Map<string, number>();
    for (const m of smtp.messages) copies.set(emailIdOf(m), (copies.get(emailIdOf(m)) ?? 0) + 1);
    for (const id of owed) expect(copies.get(id)).toBe(1);
    second.proc.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 120_000);

  it("SIGTERM while a webhook post is in flight: the attempt ends recorded, and after a restart each event arrives once", async () => {
    hooks.answer("/slow", { status: 200, delayMs: 3000 });
    const first = await startChildServer(env(), { createAccount: true });
    const key = first.account!.apiKey;
    const { name } = await verifiedDomainViaApi(first, key, dnsServer, uniqueDomain("hooks"));
    const endpoint = await first.api("POST", "/v1/webhooks", { key, body: { url: `${hooks.origin}/slow`, events: ["email.sent"] } });
    expect(endpoint.status).toBe(201);
    const res = await first.api("POST", "/v1/emails/batch", {
      key,
      body: Array.from({ length: 4 }, (_, i) => ({ from: `hooks@${name}`, to: [`h${i}@example.org`], subject: `hook ${i}`, text: "x" })),
    });
    expect(res.status).toBe(200);
    const sent: string[] = res.body.data.map((d: { id: string }) => d.id);
    // The receiver has the body and holds its answer: the post is in flight.
    await waitFor(() => hooks.at("/slow").length >= 1, 30_000, "a webhook post in flight");
    first.proc.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    // Every post that reached the receiver was answered and recorded before the exit;
    // the rest were never claimed (no attempt counted, nothing leased).
    reconfigure({ PGLITE_DIR: path.join(scratch, "db") });
    const deliveries = async () =>
      (await sql(
        `select d.event_id, d.status, d.attempts,
                (select count(*)::int from webhook_attempts a where a.delivery_id = d.id and a.response_status = 200) as answered
         from webhook_deliveries d where d.endpoint_id = ?`,
        endpoint.body.id,
      )) as { event_id: string; status: string; attempts: number; answered: number }[];
    const posted = new Set(hooks.at("/slow").map((h) => h.headers["webhook-id"]));
    const before = await deliveries();
    expect(before.filter((d) => posted.has(d.event_id)).length).toBe(posted.size);
    for (const d of before) {
      if (posted.has(d.event_id)) expect(d).toMatchObject({ status: "succeeded", attempts: 1, answered: 1 });
      else expect(d).toMatchObject({ status: "pending", attempts: 0, answered: 0 });
    }
    const { closeDatabase } = await import("../server/db/client");
    await closeDatabase();

    // The next start sends what is still owed (mail and events); no event goes twice.
    const second = await startChildServer(env());
    const emailIdOfHook = (h: { body: { data: { email_id: string } } }) => h.body.data.email_id;
    await waitFor(
      () => sent.every((id) => hooks.at("/slow").some((h) => emailIdOfHook(h) === id)),
      60_000,
      "an email.sent event per message",
    );
    second.proc.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    const arrivals = hooks.at("/slow").map((h) => h.headers["webhook-id"]);
    expect(arrivals).toHaveLength(sent.length);
    expect(new Set(arrivals).size).toBe(sent.length);
    reconfigure({ PGLITE_DIR: path.join(scratch, "db") });
    const after = await deliveries();
    expect(after).toHaveLength(sent.length);
    for (const d of after) expect(d).toMatchObject({ status: "succeeded", attempts: 1, answered: 1 });
    await closeDatabase();
  }, 120_000);

  it("SIGTERM during SMTP DATA: the message is stored and answered 250, then the process exits 0", async () => {
    const port = await freePort();
    const child = await startChildServer(
      { ...env(), SMTP_SUBMISSION_PORT: String(port), SMTP_SUBMISSION_TLS_PORT: "off" },
      { createAccount: true },
    );
    const { client } = await RawSmtp.connect(port);
    await client.command("EHLO client.example");
    await client.starttls();
    await client.command("EHLO client.example");
    expect(await client.authPlain("posthaste", child.account!.apiKey)).toMatch(/^235/);
    // Test mode to a simulator address: no domain needed.
    const from = "onboarding@posthaste.dev";
    const to = "success@simulator.amazonses.com";
    expect(await client.command(`MAIL FROM:<${from}>`)).toMatch(/^250/);
    expect(await client.command(`RCPT TO:<${to}>`)).toMatch(/^250/);
    expect(await client.command("DATA")).toMatch(/^354/);
    client.write(`From: ${from}\r\nTo: ${to}\r\n`);
    child.proc.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    client.write("Subject: during shutdown\r\n\r\nstill arriving\r\n.\r\n");
    expect(await client.reply()).toMatch(/^250 2\.0\.0 queued as [0-9a-f-]{36}$/);
    expect(await child.exited).toBe(0);
    await expect(RawSmtp.connect(port)).rejects.toThrow();
  }, 60_000);
});
