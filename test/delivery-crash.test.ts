import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { killChildServers, startChildServer, type ChildServer } from "./support/child-server";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startSmtpReceiver, type Received } from "./support/delivery";
import { waitFor } from "./support/wait";

/**
 * No loss, no duplicates: the real server runs in a child process (PGlite in a temp
 * folder, or DATABASE_URL when set), takes a burst over HTTP, is SIGKILLed mid-burst,
 * restarts on the same data and must deliver every message it answered 200 for.
 */
const LEASE_MS = 2000;
const BATCH = 20;
const CONCURRENCY = 2;
/** SMTP connections per process: the most a crash may send twice (hand-offs not yet recorded). */
const POOL = 4;

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let dnsServer: TestDnsServer;
let scratch: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  dnsServer = await startDnsServer();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-crash-"));
  const template = inject("pgliteTemplate");
  if (!process.env.DATABASE_URL && template) fs.cpSync(template, path.join(scratch, "db"), { recursive: true });
});
// A test that fails leaves its server running on the data its retry starts from.
afterEach(killChildServers);
afterAll(async () => {
  killChildServers();
  await smtp?.stop();
  await dnsServer?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

type Child = ChildServer;

function startChild(createAccount: boolean): Promise<Child> {
  return startChildServer(
    {
      PGLITE_DIR: path.join(scratch, "db"),
      MAIL_PROVIDER: "smtp",
      SMTP_URL: smtp.url,
      DNS_SERVERS: dnsServer.address,
      DISPATCH_LEASE_MS: String(LEASE_MS),
      DISPATCH_IDLE_MS: "100",
      DISPATCH_BATCH_SIZE: String(BATCH),
      DISPATCH_CONCURRENCY: String(CONCURRENCY),
      SMTP_POOL_SIZE: String(POOL),
      DISPATCH_SEND_TIMEOUT_MS: "2000",
    },
    { createAccount },
  );
}

async function call(url: string, key: string, method: string, p: string, body?: unknown) {
  const res = await fetch(url + p, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const emailIdOf = (m: Received) => /X-Posthaste-Email-ID: (\S+)/i.exec(m.raw.toString("utf8"))?.[1] ?? "";
const messageIdOf = (m: Received) => /^Message-ID: (\S+)/im.exec(m.raw.toString("utf8"))?.[1] ?? "";

describe("crash safety", () => {
  it("SIGKILL mid-burst loses no accepted message and duplicates none in the normal case", async () => {
    const first = await startChild(true);
    const key = first.account!.apiKey;
    const name = `crash-${process.pid}-${Date.now()}.example.com`;
    const created = await call(first.url, key, "POST", "/v1/domains", { name });
    expect(created.status).toBe(201);
    for (const r of created.body.dnsRecords) dnsServer.set(r.name, r.type, [r.value]);
    await waitFor(
      async () => (await call(first.url, key, "POST", `/v1/domains/${created.body.id}/verify`)).body.status === "verified",
      15_000,
      "domain verified",
    );

    // The burst: 16 senders in parallel; the server dies once 150 of 400 have been accepted.
    const accepted: string[] = [];
    const total = 400;
    let next = 0;
    let killed = false;
    const sender = async () => {
      while (next < total && !killed) {
        const i = next++;
        try {
          const res = await call(first.url, key, "POST", "/v1/emails", {
            from: `burst@${name}`,
            to: [`r${i}@example.org`],
            subject: `burst ${i}`,
            text: `message ${i}`,
          });
          if (res.status === 200) accepted.push(res.body.id);
        } catch {
          // The connection died with the server: not accepted, nothing owed.
        }
        if (accepted.length >= 150 && !killed) {
          killed = true;
          first.proc.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, sender));
    await first.exited;
    const beforeRestart = smtp.messages.length;
    // The kill happened, after the 150 acceptances it waits for.
    expect(killed).toBe(true);
    expect(accepted.length).toBeGreaterThanOrEqual(150);
    // It died mid-burst: some accepted mail had not reached the relay yet.
    expect(beforeRestart).toBeLessThan(accepted.length);

    const second = await startChild(false);
    // Mail accepted after the restart is owed too.
    const after: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call(second.url, key, "POST", "/v1/emails", {
        from: `after@${name}`,
        to: [`a${i}@example.org`],
        subject: `after ${i}`,
        text: "x",
      });
      expect(res.status).toBe(200);
      after.push(res.body.id);
    }
    const owed = [...accepted, ...after];

    // Every accepted message reaches a final status over the API and arrives at the relay.
    await waitFor(
      async () => {
        const arrived = new Set(smtp.messages.map(emailIdOf));
        return owed.every((id) => arrived.has(id));
      },
      30_000,
      "every accepted message at the relay",
    );
    for (const id of owed) {
      const res = await call(second.url, key, "GET", `/v1/emails/${id}`);
      expect(res.status).toBe(200);
      expect(["sent", "delivered"]).toContain(res.body.status);
      expect(res.body.timeline.filter((t: any) => t.type === "sent")).toHaveLength(1);
    }

    const copies = new Map<string, Received[]>();
    for (const m of smtp.messages) copies.set(emailIdOf(m), [...(copies.get(emailIdOf(m)) ?? []), m]);
    const duplicated = [...copies.entries()].filter(([, list]) => list.length > 1);
    // Only mail in flight at the kill (at most two hand-offs per pooled connection) may go
    // twice, and a re-send carries the same Message-ID.
    expect(duplicated.length).toBeLessThanOrEqual(2 * POOL);
    for (const [, list] of duplicated) expect(new Set(list.map(messageIdOf)).size).toBe(1);
    // Mail accepted after the restart, with no crash in its way, goes exactly once.
    for (const id of after) expect(copies.get(id)).toHaveLength(1);
    console.log(
      `crash test: ${accepted.length} accepted before the kill, ${beforeRestart} at the relay then, ${duplicated.length} re-sent after the restart`,
    );

    second.proc.kill("SIGKILL"); // done with it: no graceful drain to wait for
    await second.exited;
  }, 60_000);
  it("SIGKILL mid-dispatch of 2,000 messages: none lost, every status final, re-sends within the in-flight bound", async () => {
    const first = await startChild(true);
    const key = first.account!.apiKey;
    const name = `crash2-${process.pid}-${Date.now()}.example.com`;
    const created = await call(first.url, key, "POST", "/v1/domains", { name });
    for (const r of created.body.dnsRecords) dnsServer.set(r.name, r.type, [r.value]);
    await waitFor(
      async () => (await call(first.url, key, "POST", `/v1/domains/${created.body.id}/verify`)).body.status === "verified",
      15_000,
      "domain verified",
    );

    // 2,000 accepted first, all due together a moment later: dispatch is in full swing at the kill.
    const due = Date.now() + 4000;
    const owed: string[] = [];
    for (let b = 0; b < 20; b++) {
      const batch = Array.from({ length: 100 }, (_, i) => ({
        from: `bulk@${name}`,
        to: [`m${b * 100 + i}@example.org`],
        subject: `m ${b}/${i}`,
        text: "x",
        scheduledAt: due,
      }));
      const res = await call(first.url, key, "POST", "/v1/emails/batch", batch);
      expect(res.status).toBe(200);
      owed.push(...res.body.data.map((d: { id: string }) => d.id));
    }
    expect(new Set(owed).size).toBe(2000);
    const mine = new Set(owed);
    const arrivedCount = () => smtp.messages.filter((m) => mine.has(emailIdOf(m))).length;
    await waitFor(async () => arrivedCount() >= 300, 30_000, "dispatch under way");
    first.proc.kill("SIGKILL");
    await first.exited;
    const atKill = arrivedCount();
    expect(atKill).toBeLessThan(2000);

    const second = await startChild(false);
    await waitFor(
      async () => new Set(smtp.messages.map(emailIdOf).filter((id) => mine.has(id))).size === 2000,
      45_000,
      "all 2,000 at the relay",
    );
    // Fifty at a time: 2,000 connections at once overflow the server's listen backlog, and a
    // connection left waiting while two cores are busy fails its fetch.
    const statuses: string[] = [];
    for (let i = 0; i < owed.length; i += 50) {
      const group = owed.slice(i, i + 50);
      statuses.push(...(await Promise.all(group.map(async (id) => (await call(second.url, key, "GET", `/v1/emails/${id}`)).body.status))));
    }
    expect(statuses.filter((st) => st !== "sent" && st !== "delivered")).toEqual([]);

    const copies = new Map<string, Received[]>();
    for (const m of smtp.messages) if (mine.has(emailIdOf(m))) copies.set(emailIdOf(m), [...(copies.get(emailIdOf(m)) ?? []), m]);
    const duplicated = [...copies.values()].filter((list) => list.length > 1);
    expect(duplicated.length).toBeLessThanOrEqual(2 * POOL);
    for (const list of duplicated) expect(new Set(list.map(messageIdOf)).size).toBe(1);
    console.log(`crash test (dispatch): ${atKill} of 2000 at the relay at the kill, ${duplicated.length} re-sent`);
    second.proc.kill("SIGKILL"); // done with it: no graceful drain to wait for
    await second.exited;
  }, 90_000);
});
