import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { reconfigure } from "./support/config";
import { emailRow, eventsFor, freePort, startSilentRelay, startSmtpReceiver, timeline, waitForStatus } from "./support/delivery";
import { addDomain } from "./support/senders";
import { waitFor } from "./support/wait";

/**
 * What an operator does to a relay: refuse connections for a while, hang mid-session, or
 * refuse a mailbox. Nothing may stay stuck, and a 5.1.1 is a hard bounce.
 */
const POOL = 2;
const TIMEOUT_MS = 1000;

let server: TestServer;
const stops: (() => Promise<void>)[] = [];
let seq = 0;

beforeAll(async () => {
  server = await startTestServer({
    MAIL_PROVIDER: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    SMTP_POOL_SIZE: String(POOL),
    DISPATCH_SEND_TIMEOUT_MS: String(TIMEOUT_MS),
    DISPATCH_RETRY_SCHEDULE: Array(12).fill("0.3").join(","),
    DISPATCH_IDLE_MS: "100",
  });
});
afterAll(async () => {
  await server?.stop();
  for (const stop of stops) await stop();
});

/** Points the running server's dispatch at another relay (the SMTP pool is made anew). */
function useRelay(url: string) {
  reconfigure({ SMTP_URL: url });
}

async function setup() {
  const account = await server.account();
  const domain = `f${++seq}-${process.pid}-${Date.now()}.example.com`;
  await addDomain(account.accountId, domain, { trackEngagement: false });
  /** POST /v1/emails/batch; the accepted ids. */
  const sendBatch = async (to: (i: number) => string[], count: number) => {
    const res = await server.api("POST", "/v1/emails/batch", {
      key: account.apiKey,
      body: Array.from({ length: count }, (_, i) => ({ from: `ops@${domain}`, to: to(i), subject: `fault ${i}`, text: "x" })),
    });
    expect(res.status).toBe(200);
    return res.body.data.map((d: { id: string }) => d.id) as string[];
  };
  return { ...account, domain, sendBatch };
}

const rows = (ids: string[]) => Promise.all(ids.map(emailRow));

describe("delivery through relay faults", () => {
  it("a relay that refuses connections, then recovers: every message delivered, none stuck", async () => {
    const port = await freePort();
    useRelay(`smtp://127.0.0.1:${port}`);
    const a = await setup();
    const ids = await a.sendBatch((i) => [`r${i}@example.org`], 12);
    // Every message refused at least twice: far more refusals than the pool has connections.
    await waitFor(async () => (await rows(ids)).every((r) => r.attempts >= 2 && r.status !== "sent"), 20_000, "two refused attempts each");

    const relay = await startSmtpReceiver({ port });
    stops.push(relay.stop);
    for (const id of ids) await waitForStatus(id, ["sent"], 20_000);
    // On PostgreSQL other files' processes share the queue, and this process's dispatch may
    // hand one of their messages to this relay: count only this test's messages.
    const arrived = relay.messages.map((m) => /X-Posthaste-Email-ID: (\S+)/.exec(m.raw.toString())?.[1]).filter((id) => ids.includes(id!));
    expect(new Set(arrived)).toEqual(new Set(ids));
  }, 45_000);

  it("a relay that accepts and never answers: the deadline ends each try, and mail goes once it answers", async () => {
    const port = await freePort();
    const silent = await startSilentRelay(port);
    useRelay(`smtp://127.0.0.1:${port}`);
    const a = await setup();
    const ids = await a.sendBatch((i) => [`h${i}@example.org`], 4);
    // Each try ends by the deadline (plus its grace), not by nodemailer's minutes-long defaults.
    await waitFor(async () => (await rows(ids)).every((r) => r.attempts >= 2), 25_000, "two timed-out attempts each");
    expect((await emailRow(ids[0])).status).not.toBe("sent");

    await silent.stop();
    const relay = await startSmtpReceiver({ port });
    stops.push(relay.stop);
    for (const id of ids) await waitForStatus(id, ["sent"], 20_000);
    expect(relay.messages).toHaveLength(ids.length);
  }, 60_000);

  it("550 5.1.1 at RCPT TO is a hard bounce: bounced, email.bounced, the address suppressed; other recipients still get it", async () => {
    const refuse = new Map([
      ["gone@example.org", "550 5.1.1 <gone@example.org>: user unknown"],
      ["policy@example.org", "550 5.7.1 not here"],
    ]);
    const relay = await startSmtpReceiver({ refuseRecipients: refuse });
    stops.push(relay.stop);
    useRelay(relay.url);
    const a = await setup();
    const [alone, mixed, policy] = await a.sendBatch(
      (i) => [[`gone@example.org`], [`kept@example.org`, `gone@example.org`], [`policy@example.org`]][i],
      3,
    );

    const bounced = await waitForStatus(alone, ["bounced"]);
    expect(bounced.sentAt).toBeNull();
    const line = (await timeline(alone)).find((t) => t.type === "bounced")!;
    expect(line).toMatchObject({ recipient: "gone@example.org" });
    expect(line.detail).toContain("5.1.1");
    const events = await eventsFor(alone);
    expect(events.map((e) => e.type)).toEqual(["email.bounced"]);
    expect(events[0].data).toMatchObject({ recipient: "gone@example.org" });
    expect(events[0].data.reason).toContain("user unknown");
    const suppressed = await server.api("GET", "/v1/suppressions", { key: a.apiKey });
    expect(suppressed.body.data.map((s: any) => [s.address, s.reason])).toEqual([["gone@example.org", "hard_bounce"]]);

    // The relay took the message for kept@ and refused gone@: sent, then gone@ bounced.
    await waitForStatus(mixed, ["bounced"]);
    expect((await timeline(mixed)).map((t) => [t.type, t.recipient])).toEqual([
      ["queued", null],
      ["sent", null],
      ["bounced", "gone@example.org"],
    ]);
    expect(relay.messages.filter((m) => m.raw.includes(mixed)).map((m) => m.to)).toEqual([["kept@example.org"]]);

    // 5.7.1 is a permanent refusal but no bounce: failed, nobody suppressed.
    const failed = await waitForStatus(policy, ["failed"]);
    expect(failed.error).toContain("5.7.1");
    const after = await server.api("GET", "/v1/suppressions", { key: a.apiKey });
    expect(after.body.data.map((s: any) => s.address)).toEqual(["gone@example.org"]);
  });
});
