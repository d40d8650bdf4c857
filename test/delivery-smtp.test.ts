import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import PostalMime from "postal-mime";
import { startTestServer, type TestServer } from "./support/harness";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import {
  emailRow,
  eventsFor,
  resolverFor,
  sendViaApi,
  startSmtpReceiver,
  timeline,
  verifiedDomainViaApi,
  waitForStatus,
} from "./support/delivery";
import { waitFor } from "./support/wait";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let dnsServer: TestDnsServer;
let seq = 0;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  dnsServer = await startDnsServer();
  server = await startTestServer({
    MAIL_PROVIDER: "smtp",
    SMTP_URL: smtp.url,
    DNS_SERVERS: dnsServer.address,
    DISPATCH_RETRY_SCHEDULE: "0.2,0.2",
    DISPATCH_IDLE_MS: "100",
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await dnsServer?.stop();
});

/** An account with a domain added, published and verified over the API (its DKIM key is on the DNS server). */
async function setup(opts: { trackEngagement?: boolean; plan?: "pro" } = {}) {
  const account = await server.account({ plan: opts.plan });
  const name = `d${++seq}-${process.pid}-${Date.now()}.example.com`;
  const domain = await verifiedDomainViaApi(server, account.apiKey, dnsServer, name);
  if (opts.trackEngagement === false) {
    const res = await server.api("PATCH", `/v1/domains/${domain.id}`, { key: account.apiKey, body: { trackEngagement: false } });
    expect(res.body.trackEngagement).toBe(false);
  }
  const send = (body: Record<string, unknown>) => sendViaApi(server, account.apiKey, { subject: "Hello", ...body });
  return { ...account, domain: name, domainId: domain.id, send };
}

async function parse(raw: Buffer) {
  const m = await PostalMime.parse(raw);
  const header = (k: string) => m.headers.find((h) => h.key === k)?.value;
  return { ...m, header };
}

const received = (id: string) =>
  waitFor(async () => smtp.messages.find((m) => m.raw.includes(`X-Posthaste-Email-ID: ${id}`)), 15_000, `message ${id} at the relay`).catch(
    async (err) => {
      throw new Error(`${err.message}: ${JSON.stringify(await emailRow(id))}`);
    },
  );

// Non-ASCII and long enough to be folded into several encoded words: the DKIM header
// canonicalisation must agree with the verifier's.
const SUBJECT = "Welcome aboard — ünïcödé, emoji 🎉 and a subject long enough to fold across several header lines for sure";

describe("delivery over SMTP", () => {
  it("builds the message, signs it with the domain's DKIM key and records sent", async () => {
    const a = await setup({ trackEngagement: false });
    const id = await a.send({
      from: `Acme <news@${a.domain}>`,
      to: ["Rita <rita@example.org>"],
      cc: ["carl@example.org"],
      bcc: ["hidden@example.org"],
      replyTo: ["support@example.org"],
      subject: SUBJECT,
      // A line that starts with a dot: the SMTP data must be dot-stuffed, or the relay drops it.
      text: "plain body\r\n.starts with a dot",
      html: '<p>html body <a href="https://example.org/x">x</a></p>',
      headers: { "X-Campaign": "fall" },
      tags: [{ name: "category", value: "welcome" }],
      attachments: [{ filename: "a.txt", content: Buffer.from("attached!").toString("base64"), contentType: "text/plain" }],
    });
    const msg = await received(id);
    expect(msg.to.sort()).toEqual(["carl@example.org", "hidden@example.org", "rita@example.org"]);
    expect(msg.from).toBe(`bounce+${id}@bounces.${a.domain}`);
    const parsed = await parse(msg.raw);
    expect(parsed.subject).toBe(SUBJECT);
    expect(parsed.text?.trim()).toBe("plain body\n.starts with a dot");
    expect(parsed.html).toContain('href="https://example.org/x"');
    expect(parsed.header("x-campaign")).toBe("fall");
    expect(parsed.header("x-tags")).toBe("category=welcome");
    expect(parsed.header("bcc")).toBeUndefined();
    expect(parsed.replyTo?.[0].address).toBe("support@example.org");
    expect(parsed.attachments[0]).toMatchObject({ filename: "a.txt", mimeType: "text/plain" });
    expect(Buffer.from(parsed.attachments[0].content as ArrayBuffer).toString()).toBe("attached!");
    const row = await emailRow(id);
    expect(parsed.messageId).toBe(row.messageId);

    const dkim = await dkimVerify(msg.raw, { resolver: resolverFor(dnsServer.address) });
    expect(dkim.results[0].signingDomain).toBe(a.domain);
    expect(dkim.results[0].status.result).toBe("pass");

    const sent = await waitForStatus(id, ["sent"]);
    expect(sent.sesMessageId).toMatch(/^Q\d+X$/);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect((await timeline(id)).map((t) => t.type)).toEqual(["queued", "sent"]);
    const api = await server.api("GET", `/v1/emails/${id}`, { key: a.apiKey });
    expect(api.body).toMatchObject({ status: "sent", sesMessageId: sent.sesMessageId, sentAt: sent.sentAt!.getTime() });
    expect(api.body.timeline.map((t: any) => t.type)).toEqual(["queued", "sent"]);
    const events = await eventsFor(id);
    expect(events.map((e) => e.type)).toEqual(["email.sent"]);
    expect(events[0].data).toMatchObject({ email_id: id, subject: SUBJECT, tags: [{ name: "category", value: "welcome" }] });
  });

  it("applies simulator outcomes: delivered, hard bounce, complaint, ooto, suppression list", async () => {
    const a = await setup();
    const sim = (local: string) => `${local}@simulator.amazonses.com`;
    const ids = Object.fromEntries(
      await Promise.all(
        ["success", "bounce", "complaint", "ooto", "suppressionlist"].map(async (l) => [
          l,
          await a.send({ from: `n@${a.domain}`, to: [sim(l)], text: "hi" }),
        ]),
      ),
    ) as Record<string, string>;
    expect((await waitForStatus(ids.success, ["delivered"])).status).toBe("delivered");
    expect((await waitForStatus(ids.ooto, ["delivered"])).status).toBe("delivered");
    await waitForStatus(ids.bounce, ["bounced"]);
    await waitForStatus(ids.suppressionlist, ["bounced"]);
    await waitForStatus(ids.complaint, ["complained"]);
    // Every one of them was still handed to the relay (test recipients take the normal path).
    for (const id of Object.values(ids)) await received(id);

    expect((await timeline(ids.success)).map((t) => t.type)).toEqual(["queued", "sent", "delivered"]);
    expect((await timeline(ids.complaint)).map((t) => t.type)).toEqual(["queued", "sent", "delivered", "complained"]);
    const bounceTimeline = await timeline(ids.bounce);
    expect(bounceTimeline.map((t) => t.type)).toEqual(["queued", "sent", "bounced"]);
    expect(bounceTimeline[2].detail).toMatch(/550/);

    const bounced = (await eventsFor(ids.bounce)).find((e) => e.type === "email.bounced");
    expect(bounced.data).toMatchObject({ email_id: ids.bounce, recipient: sim("bounce"), reason: expect.stringMatching(/550/) });
    const complained = await eventsFor(ids.complaint);
    expect(complained.map((e) => e.type)).toEqual(["email.sent", "email.delivered", "email.complained"]);
    expect(complained[2].data).toMatchObject({ recipient: sim("complaint"), reason: "abuse" });

    const list = await server.api("GET", "/v1/suppressions?limit=100", { key: a.apiKey });
    const reasons = Object.fromEntries(list.body.data.map((s: any) => [s.address, s.reason]));
    expect(reasons).toEqual({ [sim("bounce")]: "hard_bounce", [sim("suppressionlist")]: "hard_bounce", [sim("complaint")]: "complaint" });
  });

  it("retries a relay's temporary refusal and fails on a permanent one", async () => {
    const a = await setup();
    smtp.failNext(451, 1);
    const retried = await a.send({ from: `n@${a.domain}`, to: ["r@example.org"], text: "x" });
    const row = await waitForStatus(retried, ["sent"]);
    expect(row.attempts).toBe(2);
    smtp.failNext(554, 1);
    const refused = await a.send({ from: `n@${a.domain}`, to: ["r@example.org"], text: "x" });
    const failed = await waitForStatus(refused, ["failed"]);
    expect(failed.error).toMatch(/refused/);
    expect((await timeline(refused)).map((t) => t.type)).toEqual(["queued", "failed"]);
    expect((await eventsFor(refused)).map((e) => e.type)).toEqual(["email.failed"]);
  });

  it("sends a scheduled message at its time and charges it then", async () => {
    const a = await setup({ plan: "pro" });
    const at = new Date(Date.now() + 6500);
    const id = await a.send({ from: `n@${a.domain}`, to: ["later@example.org"], text: "x", scheduledAt: at });
    await new Promise((r) => setTimeout(r, 500));
    expect((await emailRow(id)).status).toBe("scheduled");
    expect((await server.api("GET", "/v1/usage", { key: a.apiKey })).body.month.count).toBe(0);
    const sent = await waitForStatus(id, ["sent"]);
    expect((await server.api("GET", "/v1/usage", { key: a.apiKey })).body.month.count).toBe(1);
    expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(at.getTime());
    // It leaves the schedule through the queue, like a message sent at once.
    const tl = await timeline(id);
    expect(tl.map((t) => t.type)).toEqual(["scheduled", "queued", "sent"]);
    expect(tl[1].at.getTime()).toBeGreaterThanOrEqual(at.getTime());
  });

  it("tracks opens and clicks with signed links and redirects only to the original URL", async () => {
    const a = await setup();
    const target = "https://example.org/path?a=1&b=2";
    const id = await a.send({
      from: `n@${a.domain}`,
      to: ["reader@example.org"],
      html: `<html><body><a href="https://example.org/path?a=1&amp;b=2">go</a> <a href="mailto:x@example.org">mail</a></body></html>`,
    });
    const parsed = await parse((await received(id)).raw);
    const html = String(parsed.html);
    expect(html).toContain('href="mailto:x@example.org"');
    const click = /href="([^"]*\/t\/c\/[^"]+)"/.exec(html)![1].replace(/&amp;/g, "&");
    const pixel = /src="([^"]*\/t\/o\/[^"]+)"/.exec(html)![1];
    const path = (u: string) => new URL(u).pathname;

    const res = await fetch(server.url + path(click), { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(target);
    await fetch(server.url + path(click), { redirect: "manual" });
    const img = await fetch(server.url + path(pixel));
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/gif");

    // Tampering with the token (pointing it elsewhere) is refused: no open redirect.
    const [body, mac] = path(click).slice("/t/c/".length).split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), u: "https://evil.example/" }),
    ).toString("base64url");
    const bad = await fetch(`${server.url}/t/c/${forged}.${mac}`, { redirect: "manual" });
    expect(bad.status).toBe(404);
    expect(bad.headers.get("location")).toBeNull();

    const types = await waitFor(async () => {
      const t = (await eventsFor(id)).map((e) => e.type);
      return t.filter((x) => x === "email.clicked").length === 2 && t.includes("email.opened") ? t : null;
    });
    expect(types).toContain("email.sent");
    const clicked = (await eventsFor(id)).find((e) => e.type === "email.clicked");
    expect(clicked.data.click.link).toBe(target);
    const tl = (await timeline(id)).map((t) => t.type);
    expect(tl.filter((t) => t === "clicked")).toHaveLength(2);
    expect(tl).toContain("opened");
  });

  it("leaves links alone when the domain switches tracking off", async () => {
    const a = await setup({ trackEngagement: false });
    const id = await a.send({ from: `n@${a.domain}`, to: ["reader@example.org"], html: `<a href="https://example.org/">go</a>` });
    const html = String((await parse((await received(id)).raw)).html);
    expect(html).toContain('href="https://example.org/"');
    expect(html).not.toContain("/t/o/");
  });
});
