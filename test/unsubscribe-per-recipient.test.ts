import { createHmac } from "node:crypto";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { reconfigure } from "./support/config";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { emailRow, senderViaApi, sinkCopies, startSmtpReceiver, timeline, waitForStatus } from "./support/delivery";
import { waitFor } from "./support/wait";

// One server process per test file: the sink and the SMTP relay are two files' worth of
// setup, so the relay is exercised by switching MAIL_PROVIDER between describe blocks.
let server: TestServer;
let dnsServer: TestDnsServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  dnsServer = await startDnsServer();
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    MAIL_PROVIDER: "sink",
    DISPATCH_IDLE_MS: "100",
    DNS_SERVERS: dnsServer.address,
    DISPATCH_RETRY_SCHEDULE: "0.2",
  });
});
afterAll(async () => {
  reconfigure({ MAIL_PROVIDER: "sink" });
  await server?.stop();
  await smtp?.stop();
  await dnsServer?.stop();
});

const sender = () => senderViaApi(server, dnsServer, "unsub");

async function send(apiKey: string, body: Record<string, unknown>) {
  return server.api("POST", "/v1/emails", { key: apiKey, body: { subject: "News", text: "hello", ...body } });
}

/** The List-Unsubscribe link of a rendered copy, as a path on the test server. */
async function unsubscribeLink(raw: string | Buffer): Promise<string | null> {
  const parsed = await PostalMime.parse(raw);
  const header = parsed.headers.find((h) => h.key === "list-unsubscribe")?.value;
  return header ? server.url + new URL(/<([^>]+)>/.exec(header)![1]).pathname : null;
}

const tokenAddress = (link: string) => JSON.parse(Buffer.from(link.split("/unsubscribe/")[1].split(".")[0], "base64url").toString()).r;
const suppressed = async (apiKey: string) =>
  (await server.api("GET", "/v1/suppressions?limit=100", { key: apiKey })).body.data.map((s: any) => `${s.address}:${s.reason}`).sort();
const oneClick = (link: string) =>
  fetch(link, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });

describe("bulk mail leaves one copy per recipient, each with its own unsubscribe link (sink)", () => {
  it("each recipient's link unsubscribes only that recipient", async () => {
    const a = await sender();
    const res = await send(a.apiKey, {
      from: a.from,
      bulk: true,
      to: ["Ann <ann@example.org>", "bob@example.org"],
      cc: ["cat@example.org"],
      bcc: ["dan@example.org"],
    });
    expect(res.status).toBe(200);
    const row = await waitForStatus(res.body.id, ["delivered"]);
    const copies = await sinkCopies(res.body.id);
    expect(copies.map((c) => c.recipients).sort()).toEqual(["ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"]);
    // One message: one sent entry, one Message-ID on every copy, the first copy's provider id.
    expect((await timeline(res.body.id)).map((t) => t.type)).toEqual(["queued", "sent", "delivered"]);
    for (const copy of copies) {
      const parsed = await PostalMime.parse(copy.raw);
      expect(parsed.messageId).toBe(row.messageId);
      expect(parsed.headers.find((h) => h.key === "bcc")).toBeUndefined();
      const link = (await unsubscribeLink(copy.raw))!;
      expect(tokenAddress(link)).toBe(copy.recipients);
    }

    const bobs = (await unsubscribeLink(copies.find((c) => c.recipients === "bob@example.org")!.raw))!;
    const page = await (await fetch(bobs)).text();
    expect(page).toContain("bob@example.org");
    expect(page).not.toContain("ann@example.org");
    expect((await oneClick(bobs)).status).toBe(200);
    expect(await suppressed(a.apiKey)).toEqual(["bob@example.org:unsubscribe"]);
    const dans = (await unsubscribeLink(copies.find((c) => c.recipients === "dan@example.org")!.raw))!;
    expect((await oneClick(dans)).status).toBe(200);
    expect(await suppressed(a.apiKey)).toEqual(["bob@example.org:unsubscribe", "dan@example.org:unsubscribe"]);

    // The others still get bulk mail; Bob does not.
    expect((await send(a.apiKey, { from: a.from, bulk: true, to: ["ann@example.org", "cat@example.org"] })).status).toBe(200);
    expect((await send(a.apiKey, { from: a.from, bulk: true, to: ["bob@example.org"] })).status).toBe(422);
  });

  it("transactional mail stays one copy to every recipient, without List-Unsubscribe", async () => {
    const a = await sender();
    const res = await send(a.apiKey, { from: a.from, to: ["ann@example.org", "bob@example.org"], bcc: ["dan@example.org"] });
    await waitForStatus(res.body.id, ["delivered"]);
    const copies = await sinkCopies(res.body.id);
    expect(copies.map((c) => c.recipients)).toEqual(["ann@example.org,bob@example.org,dan@example.org"]);
    expect(await unsubscribeLink(copies[0].raw)).toBeNull();
  });

  it("a token of the old format naming several addresses is refused; naming one, it still works", async () => {
    const a = await sender();
    const secret = process.env.AUTH_SECRET!;
    const sign = (r: unknown) => {
      const payload = Buffer.from(JSON.stringify({ a: a.accountId, e: "0190a0b0-c0d0-7000-8000-000000000001", r })).toString("base64url");
      return `${server.url}/unsubscribe/${payload}.${createHmac("sha256", `posthaste-unsubscribe:${secret}`).update(payload).digest("base64url")}`;
    };
    const several = sign(["x@example.org", "y@example.org"]);
    expect((await fetch(several)).status).toBe(400);
    expect((await oneClick(several)).status).toBe(400);
    expect(await suppressed(a.apiKey)).toEqual([]);
    expect((await oneClick(sign(["x@example.org"]))).status).toBe(200);
    expect(await suppressed(a.apiKey)).toEqual(["x@example.org:unsubscribe"]);
  });
});

describe("bulk mail over the SMTP relay", () => {
  beforeAll(() => reconfigure({ MAIL_PROVIDER: "smtp", SMTP_URL: smtp.url }));
  afterAll(() => reconfigure({ MAIL_PROVIDER: "sink" }));

  const atRelay = (id: string, count: number) =>
    waitFor(
      async () => {
        const got = smtp.messages.filter((m) => m.raw.includes(`X-Posthaste-Email-ID: ${id}`));
        return got.length >= count ? got : null;
      },
      15_000,
      `${count} copies of ${id} at the relay`,
    );

  it("hands one copy per recipient, the envelope naming only that recipient", async () => {
    const a = await sender();
    const res = await send(a.apiKey, {
      from: a.from,
      bulk: true,
      to: ["ann@example.org"],
      cc: ["cat@example.org"],
      bcc: ["dan@example.org"],
    });
    const got = await atRelay(res.body.id, 3);
    expect(got.map((m) => m.to)).toEqual([["ann@example.org"], ["cat@example.org"], ["dan@example.org"]]);
    for (const m of got) expect(tokenAddress((await unsubscribeLink(m.raw))!)).toBe(m.to[0]);
    const row = await waitForStatus(res.body.id, ["sent"]);
    // The first copy's queue id stands for the message.
    const first = Number(/^Q(\d+)X$/.exec(row.sesMessageId!)![1]);
    expect(smtp.messages[first - 1].to).toEqual(["ann@example.org"]);
    const cats = (await unsubscribeLink(got[1].raw))!;
    expect((await oneClick(cats)).status).toBe(200);
    expect(await suppressed(a.apiKey)).toEqual(["cat@example.org:unsubscribe"]);
  });

  it("a copy the relay refuses for good is that recipient's bounce; the others are sent", async () => {
    const a = await sender();
    smtp.failNext(550, 1);
    const res = await send(a.apiKey, { from: a.from, bulk: true, to: ["ann@example.org", "bob@example.org"] });
    const got = await atRelay(res.body.id, 1);
    expect(got.map((m) => m.to)).toEqual([["bob@example.org"]]);
    const row = await waitForStatus(res.body.id, ["bounced"]);
    expect(row.sesMessageId).toMatch(/^Q\d+X$/);
    const tl = await timeline(res.body.id);
    expect(tl.map((t) => t.type)).toEqual(["queued", "sent", "bounced"]);
    expect(tl[2].recipient).toBe("ann@example.org");
    // A plain 550 (no 5.1.x enhanced code) is a refusal, not a hard bounce: nobody is suppressed.
    expect(await suppressed(a.apiKey)).toEqual([]);
    expect((await emailRow(res.body.id)).attempts).toBe(1);
  });
});
