import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import PostalMime from "postal-mime";
import { pauseAccount, resumeAccount } from "../server/accounts/accounts";
import { startTestServer, type TestServer } from "./support/harness";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { emailRow, eventsFor, resolverFor, senderViaApi, sendViaApi, startSmtpReceiver, waitForStatus } from "./support/delivery";
import { sql } from "./support/db";
import { RawSmtp, rfc822 } from "./support/smtp-client";
import { waitFor } from "./support/wait";

const MAX_MESSAGE_BYTES = 200_000;
let server: TestServer;
let relay: Awaited<ReturnType<typeof startSmtpReceiver>>;
let dnsServer: TestDnsServer;
let port: number;
let tlsPort: number;
let stopped = false;

beforeAll(async () => {
  relay = await startSmtpReceiver();
  dnsServer = await startDnsServer();
  server = await startTestServer({
    MAIL_PROVIDER: "smtp",
    SMTP_URL: relay.url,
    DNS_SERVERS: dnsServer.address,
    DISPATCH_IDLE_MS: "100",
    SMTP_SUBMISSION_PORT: "0",
    SMTP_SUBMISSION_TLS_PORT: "0",
    SMTP_AUTH_FAILURES_PER_IP: "4",
    MAX_MESSAGE_BYTES: String(MAX_MESSAGE_BYTES),
  });
  port = server.smtp!.port!;
  tlsPort = server.smtp!.tlsPort!;
});
afterAll(async () => {
  if (!stopped) await server?.stop();
  await relay?.stop();
  await dnsServer?.stop();
});

/** nodemailer as an application configures it: STARTTLS on the submission port, or implicit TLS. */
function transport(apiKey: string, opts: { secure?: boolean; user?: string } = {}) {
  return nodemailer.createTransport({
    host: "127.0.0.1",
    port: opts.secure ? tlsPort : port,
    secure: opts.secure ?? false,
    requireTLS: !opts.secure,
    auth: { user: opts.user ?? "posthaste", pass: apiKey },
    tls: { rejectUnauthorized: false },
  });
}

const queuedId = (response: string) => /^250 2\.0\.0 queued as ([0-9a-f-]{36})$/.exec(response)?.[1];

const atRelay = (id: string) =>
  waitFor(() => relay.messages.find((m) => m.raw.includes(`X-Posthaste-Email-ID: ${id}`)), 15_000, `message ${id} at the relay`);

async function parsed(raw: Buffer) {
  const m = await PostalMime.parse(raw);
  return { ...m, header: (k: string) => m.headers.filter((h) => h.key === k).map((h) => h.value) };
}

/** A raw client through STARTTLS and AUTH, ready for MAIL FROM. */
async function authed(apiKey: string) {
  const { client } = await RawSmtp.connect(port);
  await client.command("EHLO client.example");
  expect(await client.starttls()).toMatch(/^220/);
  await client.command("EHLO client.example");
  expect(await client.authPlain("posthaste", apiKey)).toMatch(/^235/);
  return client;
}

async function transaction(client: RawSmtp, from: string, to: string[], data: string): Promise<string> {
  expect(await client.command(`MAIL FROM:<${from}>`)).toMatch(/^250/);
  for (const r of to) expect(await client.command(`RCPT TO:<${r}>`)).toMatch(/^250/);
  expect(await client.command("DATA")).toMatch(/^354/);
  client.write(data.replace(/\r\n\.\r\n$/, "") + "\r\n.\r\n");
  return client.reply();
}

describe("SMTP submission: sending", () => {
  it("a send over SMTP (STARTTLS) is the same send as over /v1: row, relay headers, DKIM, events", async () => {
    const s = await senderViaApi(server, dnsServer, "same");
    const message = {
      from: `Acme News <${s.from}>`,
      to: "Rita <rita@example.org>",
      cc: "carl@example.org",
      replyTo: "support@example.org",
      subject: "Quarterly — ünïcödé",
      text: "plain body",
      html: "<p>html body</p>",
      headers: { "X-Campaign": "fall" },
      attachments: [{ filename: "a.txt", content: "attached!", contentType: "text/plain" }],
    };
    const info = await transport(s.apiKey).sendMail({ ...message, headers: { ...message.headers, "Posthaste-Tags": "category=welcome" } });
    const smtpId = queuedId(info.response)!;
    expect(smtpId).toBeTruthy();
    const apiId = await sendViaApi(server, s.apiKey, {
      ...message,
      to: [message.to],
      cc: [message.cc],
      replyTo: [message.replyTo],
      tags: [{ name: "category", value: "welcome" }],
      attachments: [{ filename: "a.txt", content: Buffer.from("attached!").toString("base64"), contentType: "text/plain" }],
    });

    const [viaSmtp, viaApi] = [await emailRow(smtpId), await emailRow(apiId)];
    const comparable = (row: Record<string, unknown>) => {
      const { id, messageId, createdAt, nextAttemptAt, source, searchText, status, sentAt, sesMessageId, attempts, ...rest } = row;
      void [id, messageId, createdAt, nextAttemptAt, source, searchText, status, sentAt, sesMessageId, attempts];
      return rest;
    };
    expect(viaSmtp.source).toBe("smtp");
    expect(viaApi.source).toBe("api");
    // nodemailer ends a text part with a line break; the rest is the same row.
    expect({ ...comparable(viaSmtp), text: (viaSmtp.text ?? "").trim(), html: (viaSmtp.html ?? "").trim() }).toEqual({
      ...comparable(viaApi),
      text: viaApi.text,
      html: viaApi.html,
    });

    const [rawSmtp, rawApi] = [await atRelay(smtpId), await atRelay(apiId)];
    const [a, b] = [await parsed(rawSmtp.raw), await parsed(rawApi.raw)];
    for (const key of ["from", "to", "cc", "reply-to", "subject", "x-campaign", "x-tags", "mime-version"])
      expect(a.header(key)).toEqual(b.header(key));
    expect(rawSmtp.to.sort()).toEqual(rawApi.to.sort());
    expect(a.attachments[0]).toMatchObject({ filename: "a.txt", mimeType: "text/plain" });
    const dkim = await dkimVerify(rawSmtp.raw, { resolver: resolverFor(dnsServer.address) });
    expect(dkim.results.map((r: { status: { result: string } }) => r.status.result)).toEqual(["pass"]);

    await waitForStatus(smtpId, ["sent"]);
    await waitForStatus(apiId, ["sent"]);
    const [eventsSmtp, eventsApi] = [await eventsFor(smtpId), await eventsFor(apiId)];
    expect(eventsSmtp.map((e) => e.type)).toEqual(eventsApi.map((e) => e.type));
    expect(eventsSmtp[0].data).toMatchObject({
      email_id: smtpId,
      subject: message.subject,
      tags: [{ name: "category", value: "welcome" }],
    });

    const got = await server.api("GET", `/v1/emails/${smtpId}`, { key: s.apiKey });
    expect(got.body).toMatchObject({ id: smtpId, source: "smtp", status: "sent" });
    const list = await server.api("GET", "/v1/emails?limit=10", { key: s.apiKey });
    expect(list.body.data.map((e: { id: string; source: string }) => [e.id, e.source])).toEqual(
      expect.arrayContaining([
        [smtpId, "smtp"],
        [apiId, "api"],
      ]),
    );
  });

  it("implicit TLS, the resend username, Bcc from the envelope, inline parts with their Content-ID", async () => {
    const s = await senderViaApi(server, dnsServer, "tls");
    const info = await transport(s.apiKey, { secure: true, user: "resend" }).sendMail({
      from: s.from,
      to: "rita@example.org",
      bcc: "hidden@example.org",
      subject: "Inline",
      html: '<p><img src="cid:logo@acme"></p>',
      attachments: [{ filename: "logo.png", content: Buffer.from("png-bytes"), contentType: "image/png", cid: "logo@acme" }],
    });
    const id = queuedId(info.response)!;
    const row = await emailRow(id);
    expect(row.to).toEqual(["rita@example.org"]);
    expect(row.bcc).toEqual(["hidden@example.org"]);
    expect(row.attachments).toEqual([
      { filename: "logo.png", content: Buffer.from("png-bytes").toString("base64"), contentType: "image/png", contentId: "logo@acme" },
    ]);
    const received = await atRelay(id);
    expect(received.to.sort()).toEqual(["hidden@example.org", "rita@example.org"]);
    const m = await parsed(received.raw);
    expect(m.header("bcc")).toEqual([]);
    expect(m.attachments[0]).toMatchObject({ contentId: "<logo@acme>", mimeType: "image/png" });
    expect(m.html).toContain("cid:logo@acme");
  });

  it("passes only allowed headers: never Received, DKIM-Signature, ARC-*, Return-Path or X-Posthaste-*", async () => {
    const s = await senderViaApi(server, dnsServer, "hdr");
    const client = await authed(s.apiKey);
    const data = rfc822({
      from: s.from,
      to: "rita@example.org",
      headers: [
        "Received: from evil by evil",
        "DKIM-Signature: v=1; a=rsa-sha256; d=evil.example; s=x; b=abc",
        "ARC-Seal: i=1; a=rsa-sha256; d=evil.example",
        "Return-Path: <evil@evil.example>",
        "X-Posthaste-Email-ID: forged",
        "Authentication-Results: evil; dkim=pass",
        "X-Custom: kept",
        "List-Unsubscribe: <https://example.org/u>",
        "In-Reply-To: <a@b>",
      ],
    });
    const reply = await transaction(client, s.from, ["rita@example.org"], data);
    const id = queuedId(reply)!;
    expect(id).toBeTruthy();
    client.close();
    expect((await emailRow(id)).headers).toEqual({
      "X-Custom": "kept",
      "List-Unsubscribe": "<https://example.org/u>",
      "In-Reply-To": "<a@b>",
    });
    const m = await parsed((await atRelay(id)).raw);
    expect(m.header("received")).toEqual([]);
    expect(m.header("arc-seal")).toEqual([]);
    expect(m.header("return-path")).toEqual([]);
    expect(m.header("authentication-results")).toEqual([]);
    expect(m.header("x-posthaste-email-id")).toEqual([id]);
    expect(m.header("dkim-signature")).toHaveLength(1);
    expect(m.header("dkim-signature")[0]).toContain(`d=${s.domain}`);
  });

  it("honours Posthaste-Idempotency-Key and Resend-Idempotency-Key: a repeat answers with the first id", async () => {
    const s = await senderViaApi(server, dnsServer, "idem");
    const t = transport(s.apiKey);
    const send = (headers: Record<string, string>) =>
      t.sendMail({ from: s.from, to: "rita@example.org", subject: "Once", text: "x", headers });
    const first = queuedId((await send({ "Posthaste-Idempotency-Key": "order-1" })).response);
    const again = queuedId((await send({ "Posthaste-Idempotency-Key": "order-1" })).response);
    const resend = queuedId((await send({ "Resend-Idempotency-Key": "order-1" })).response);
    expect(again).toBe(first);
    expect(resend).toBe(first);
    const [{ count }] = await sql("select count(*)::int as count from emails where account_id = ?", s.accountId);
    expect(count).toBe(1);
    // The same key over /v1 finds the same message.
    const api = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      headers: { "Idempotency-Key": "order-1" },
      body: { from: s.from, to: "rita@example.org", subject: "Once", text: "x" },
    });
    expect(api.body.id).toBe(first);
  });

  it("refuses with /v1's words: MAIL FROM not the From address, an unverified domain, a suppressed recipient", async () => {
    const s = await senderViaApi(server, dnsServer, "refuse");
    const client = await authed(s.apiKey);
    const mismatch = await transaction(client, `other@${s.domain}`, ["rita@example.org"], rfc822({ from: s.from, to: "rita@example.org" }));
    expect(mismatch).toMatch(/^550 5\.7\.1 MAIL FROM <other@/);
    const unverified = await transaction(
      client,
      "a@unverified.example",
      ["rita@example.org"],
      rfc822({ from: "a@unverified.example", to: "rita@example.org" }),
    );
    const api = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: "a@unverified.example", to: "rita@example.org", subject: "x", text: "x" },
    });
    expect(unverified).toBe(`550 5.7.1 ${api.body.error.message}`);
    await server.api("POST", "/v1/suppressions", { key: s.apiKey, body: { email: "gone@example.org" } });
    const suppressed = await transaction(client, s.from, ["gone@example.org"], rfc822({ from: s.from, to: "gone@example.org" }));
    expect(suppressed).toMatch(/^550 5\.1\.1 .*gone@example\.org/);
    const noTo = await transaction(client, s.from, ["rita@example.org"], rfc822({ from: s.from, to: "undisclosed-recipients:;" }));
    // Every recipient Bcc: To stays empty, and /v1 needs one.
    expect(noTo).toMatch(/^550 5\.6\.0 to: at least one recipient is required/);
    // The connection stays usable after refusals.
    expect(
      queuedId(await transaction(client, s.from, ["rita@example.org"], rfc822({ from: s.from, to: "rita@example.org" }))),
    ).toBeTruthy();
    client.close();
  });

  it("advertises SIZE and refuses a larger message mid-stream with 552 5.3.4, keeping the connection", async () => {
    const s = await senderViaApi(server, dnsServer, "size");
    const { client } = await RawSmtp.connect(port);
    expect(await client.command("EHLO client.example")).toContain(`SIZE ${MAX_MESSAGE_BYTES}`);
    await client.starttls();
    await client.command("EHLO client.example");
    await client.authPlain("posthaste", s.apiKey);
    expect(await client.command(`MAIL FROM:<${s.from}> SIZE=${MAX_MESSAGE_BYTES + 1}`)).toMatch(/^552/);
    const big = rfc822({
      from: s.from,
      to: "rita@example.org",
      body: ("x".repeat(76) + "\r\n").repeat(Math.ceil((MAX_MESSAGE_BYTES * 1.5) / 78)),
    });
    expect(await transaction(client, s.from, ["rita@example.org"], big)).toMatch(/^552 5\.3\.4 /);
    expect(
      queuedId(await transaction(client, s.from, ["rita@example.org"], rfc822({ from: s.from, to: "rita@example.org" }))),
    ).toBeTruthy();
    client.close();
    const [{ count }] = await sql("select count(*)::int as count from emails where account_id = ?", s.accountId);
    expect(count).toBe(1);
  });

  it("answers a rate limit with 451 4.7.1, and the client's retry later succeeds", async () => {
    const s = await senderViaApi(server, dnsServer, "rate");
    await sql("update accounts set plan = 'free' where id = ?", s.accountId);
    const { invalidateAccount } = await import("../server/accounts/account-cache");
    await invalidateAccount(s.accountId);
    // 25 at once from a bucket of 10 (2 a second): the bucket is in debt for 7.5 s, time enough
    // for the client's STARTTLS and AUTH on a busy machine.
    const batch = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: Array.from({ length: 25 }, () => ({ from: s.from, to: "rita@example.org", subject: "b", text: "b" })),
    });
    expect(batch.body.summary.succeeded).toBe(25);
    const client = await authed(s.apiKey);
    const data = rfc822({ from: s.from, to: "rita@example.org" });
    const limited = await transaction(client, s.from, ["rita@example.org"], data);
    expect(limited).toMatch(/^451 4\.7\.1 .*retry after \d+ seconds/);
    const retried = await waitFor(
      async () => {
        const reply = await transaction(client, s.from, ["rita@example.org"], data);
        return reply.startsWith("250") ? reply : null;
      },
      15_000,
      "the retry to be accepted",
    );
    expect(queuedId(retried)).toBeTruthy();
    client.close();
  });

  it("answers a database failure with 451 4.3.0, and the client's retry succeeds once it is back", async () => {
    const s = await senderViaApi(server, dnsServer, "outage");
    // The database refuses this account's inserts (and only its: other test files share the database).
    await sql(`create or replace function smtp_test_outage() returns trigger language plpgsql as $$
      begin if new.account_id = '${s.accountId}' then raise exception 'database unavailable'; end if; return new; end $$`);
    await sql("create trigger smtp_test_outage before insert on emails for each row execute function smtp_test_outage()");
    const client = await authed(s.apiKey);
    const data = rfc822({ from: s.from, to: "rita@example.org" });
    try {
      expect(await transaction(client, s.from, ["rita@example.org"], data)).toBe("451 4.3.0 Temporary server error; try again later.");
    } finally {
      await sql("drop trigger smtp_test_outage on emails");
      await sql("drop function smtp_test_outage()");
    }
    expect(queuedId(await transaction(client, s.from, ["rita@example.org"], data))).toBeTruthy();
    client.close();
  });

  it("one suppressed recipient among several: refused whole with /v1's words, as POST /v1/emails refuses it; nothing stored", async () => {
    const s = await senderViaApi(server, dnsServer, "supp");
    await server.api("POST", "/v1/suppressions", { key: s.apiKey, body: { email: "gone2@example.org" } });
    const api = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: ["rita@example.org"], cc: ["gone2@example.org"], subject: "x", text: "x" },
    });
    expect(api.status).toBe(422);
    expect(api.body.error.type).toBe("suppressed_recipient");
    const client = await authed(s.apiKey);
    const reply = await transaction(
      client,
      s.from,
      ["rita@example.org", "gone2@example.org"],
      rfc822({ from: s.from, to: "rita@example.org", headers: ["Cc: gone2@example.org"] }),
    );
    expect(reply).toBe(`550 5.1.1 ${api.body.error.message}`);
    const [{ n }] = await sql("select count(*)::int as n from emails where account_id = ?", s.accountId);
    expect(n).toBe(0);
    client.close();
  });

  it("caps recipients per message at RCPT TO", async () => {
    const s = await senderViaApi(server, dnsServer, "rcpt");
    const client = await authed(s.apiKey);
    await client.command(`MAIL FROM:<${s.from}>`);
    for (let i = 0; i < 50; i++) expect(await client.command(`RCPT TO:<r${i}@example.org>`)).toMatch(/^250/);
    expect(await client.command("RCPT TO:<one-too-many@example.org>")).toMatch(/^452 4\.5\.3 /);
    client.close();
  });
});

describe("SMTP submission: AUTH", () => {
  it("refuses AUTH before STARTTLS", async () => {
    const s = await server.account();
    const { client } = await RawSmtp.connect(port);
    await client.command("EHLO client.example");
    expect(await client.authPlain("posthaste", s.apiKey)).toMatch(/^5\d\d /);
    expect(await client.command("MAIL FROM:<a@example.org>")).toMatch(/^530/);
    client.close();
  });

  it("refuses a bad, malformed or revoked key, a wrong username and a paused account with 535 5.7.8", async () => {
    const s = await server.account();
    const t = (pass: string, user?: string) =>
      transport(pass, { user })
        .verify()
        .then(
          () => "ok",
          (err: { response?: string }) => err.response,
        );
    expect(await t(s.apiKey)).toBe("ok");
    expect(await t("not-a-key")).toBe("535 5.7.8 Malformed API key.");
    expect(await t(s.apiKey.slice(0, -4) + "abcd")).toBe("535 5.7.8 Invalid or revoked API key.");
    expect(await t(s.apiKey, "someone")).toMatch(/^535 5\.7\.8 The username is "posthaste"/);
    // (Four failures from one address reach this file's limit: start the count again.)
    await sql("delete from auth_rate_limits where key like 'smtp-auth:%'");
    const created = await server.api("POST", "/v1/api-keys", { key: s.apiKey, body: { name: "smtp" } });
    expect(await t(created.body.token)).toBe("ok");
    await server.api("DELETE", `/v1/api-keys/${created.body.id}`, { key: s.apiKey });
    expect(await t(created.body.token)).toBe("535 5.7.8 Invalid or revoked API key.");
    await pauseAccount(s.accountId);
    expect(await t(s.apiKey)).toBe("535 5.7.8 Sending is paused for this account.");
    await resumeAccount(s.accountId);
    await sql("delete from auth_rate_limits where key like 'smtp-auth:%'");
  });

  it("refuses a message when the key was revoked after AUTH, as /v1 would", async () => {
    const s = await senderViaApi(server, dnsServer, "revoke");
    const created = await server.api("POST", "/v1/api-keys", { key: s.apiKey, body: { name: "smtp", permission: "sending_access" } });
    const client = await authed(created.body.token);
    await server.api("DELETE", `/v1/api-keys/${created.body.id}`, { key: s.apiKey });
    const { forgetKeys } = await import("../server/auth/authenticate");
    forgetKeys([created.body.id]);
    const reply = await transaction(client, s.from, ["rita@example.org"], rfc822({ from: s.from, to: "rita@example.org" }));
    expect(reply).toBe("535 5.7.8 Invalid or revoked API key.");
    client.close();
  });

  it("after too many failed tries from one address, refuses AUTH even with a good key, then forgets", async () => {
    const s = await server.account();
    await sql("delete from auth_rate_limits where key like 'smtp-auth:%'");
    const { client } = await RawSmtp.connect(tlsPort, { tls: true });
    await client.command("EHLO client.example");
    for (let i = 0; i < 4; i++) expect(await client.authPlain("posthaste", "re_wrong")).toMatch(/^535 5\.7\.8/);
    expect(await client.authPlain("posthaste", s.apiKey)).toMatch(/^454 4\.7\.0 Too many failed AUTH attempts/);
    client.close();
    await sql("delete from auth_rate_limits where key like 'smtp-auth:%'");
    expect(await transport(s.apiKey).verify()).toBe(true);
  });
});

describe("SMTP submission: shutdown", () => {
  it("on stop, finishes the DATA in progress with 250, then refuses new connections", async () => {
    const s = await senderViaApi(server, dnsServer, "drain");
    const client = await authed(s.apiKey);
    const idle = await authed(s.apiKey);
    await client.command(`MAIL FROM:<${s.from}>`);
    await client.command("RCPT TO:<rita@example.org>");
    expect(await client.command("DATA")).toMatch(/^354/);
    client.write(rfc822({ from: s.from, to: "rita@example.org" }).slice(0, 40));
    const stopping = server.stop();
    stopped = true;
    // The idle connection is told at once; the one in DATA finishes its message.
    expect(await idle.reply()).toMatch(/^421 4\.3\.2/);
    await new Promise((r) => setTimeout(r, 100));
    client.write(rfc822({ from: s.from, to: "rita@example.org" }).slice(40) + "\r\n.\r\n");
    const reply = await client.reply();
    const id = queuedId(reply);
    expect(id).toBeTruthy();
    await expect(RawSmtp.connect(port)).rejects.toThrow();
    await stopping;
    expect(client.closed || (await client.reply()) !== undefined).toBe(true);
  });
});
