import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "./support/delivery";
import { startTestServer, type TestServer } from "./support/harness";
import { sender } from "./support/senders";
import { waitFor } from "./support/wait";

// Fair claiming (server/delivery/dispatch.ts): one account's backlog — here one big batch
// through a slow relay — does not hold back another account's message until it drains.

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let ownDatabase: { admin: string; name: string } | null = null;

const BACKLOG = 2_000;

/**
 * On PostgreSQL, a database of this file's own: test files share DATABASE_URL and every
 * file's dispatcher claims every account's mail, so a 2,000-message backlog there would go
 * out through the other files' relays (and theirs through this slow one).
 */
async function isolatedDatabaseUrl(): Promise<Record<string, string>> {
  const url = process.env.DATABASE_URL;
  if (!url) return {};
  const { default: postgres } = await import("postgres");
  const name = `${new URL(url).pathname.slice(1)}_fair_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  ownDatabase = { admin: url, name };
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { DATABASE_URL: own.toString() };
}

beforeAll(async () => {
  // 4 connections, 20 ms a message: the backlog takes ≈ 10 s to drain.
  smtp = await startSmtpReceiver({ delayMs: 20 });
  server = await startTestServer({
    MAIL_PROVIDER: "smtp",
    SMTP_URL: smtp.url,
    SMTP_POOL_SIZE: "4",
    DISPATCH_IDLE_MS: "100",
    ...(await isolatedDatabaseUrl()),
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (ownDatabase) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(ownDatabase.admin, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${ownDatabase.name} with (force)`);
    await admin.end();
  }
});

const atRelay = (domain: string) => smtp.messages.filter((m) => m.from.endsWith(`.${domain}`) || m.from.endsWith(`@${domain}`)).length;

describe("dispatch under a backlog", () => {
  it("hands a newcomer's message over within a claim or two, not after another account's backlog", async () => {
    const busy = await sender(server, { plan: "unlimited" });
    const newcomer = await sender(server, { plan: "unlimited" });
    for (let i = 0; i < BACKLOG; i += 100) {
      const res = await server.api("POST", "/v1/emails/batch", {
        key: busy.apiKey,
        body: Array.from({ length: 100 }, (_, k) => ({ from: busy.from, to: `r${i + k}@example.org`, subject: "Backlog", text: "x" })),
      });
      expect(res.status).toBe(200);
    }
    const res = await server.api("POST", "/v1/emails", {
      key: newcomer.apiKey,
      body: { from: newcomer.from, to: "first@example.org", subject: "Newcomer", text: "hi" },
    });
    expect(res.status).toBe(200);
    const before = atRelay(busy.domain);
    expect(before).toBeLessThan(BACKLOG / 2); // the backlog is still there when the newcomer sends

    await waitFor(async () => atRelay(newcomer.domain) === 1 || null, 20_000, "the newcomer's message at the relay");
    // Ahead of it at most what was already claimed (4 loops × 100) and in the relay's hands:
    // first come, first served would have put the whole backlog ahead of it.
    const ahead = atRelay(busy.domain) - before;
    expect(ahead).toBeLessThan(600);
    expect(atRelay(busy.domain)).toBeLessThan(BACKLOG);
  }, 60_000);
});
