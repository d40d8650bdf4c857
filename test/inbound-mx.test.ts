import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../client/webhooks";
import { pauseAccount } from "../server/accounts/accounts";
import { forgetAnswers } from "../server/dns/answer-cache";
import { MX_REFUSED_RECIPIENTS_PER_CONNECTION } from "../server/limits/constants";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { messageWithAttachment, mxClient, mxTransport, queuedIds, receivingDomain } from "./support/inbound";
import { sql } from "./support/db";
import { uniqueDomain } from "./support/senders";
import { until, waitFor } from "./support/wait";
import { startWebhookReceiver } from "./support/webhook-receiver";

const MAX_INBOUND_BYTES = 200_000;
let server: TestServer;
let dnsServer: TestDnsServer;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let port: number;

beforeAll(async () => {
  dnsServer = await startDnsServer();
  hooks = await startWebhookReceiver();
  server = await startTestServer({
    SMTP_MX_PORT: "0",
    MAX_INBOUND_BYTES: String(MAX_INBOUND_BYTES),
    DNS_SERVERS: dnsServer.address,
    WEBHOOK_ALLOWED_ORIGINS: hooks.origin,
  });
  port = server.mx!.port!;
});
afterAll(async () => {
  await server?.stop();
  await hooks?.stop();
  await dnsServer?.stop();
});

const inboundRows = (accountId: string) => sql("select * from inbound_emails where account_id = ? order by created_at, id", accountId);
const parsedRow = (id: string) =>
  waitFor(
    async () => (await sql("select * from inbound_emails where id = ? and status <> 'received'", id))[0],
    15_000,
    `inbound ${id} parsed`,
  );

async function endpoint(apiKey: string, path: string, body: Record<string, unknown> = {}) {
  const res = await server.api("POST", "/v1/webhooks", {
    key: apiKey,
    body: { url: hooks.origin + path, events: ["email.received"], ...body },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string; includeContent: boolean };
}

async function transaction(port: number, from: string, to: string[], data: string) {
  const client = await mxClient(port);
  const replies = [await client.command(`MAIL FROM:<${from}>`)];
  for (const r of to) replies.push(await client.command(`RCPT TO:<${r}>`));
  if (replies.every((r) => r.startsWith("250"))) {
    expect(await client.command("DATA")).toMatch(/^354/);
    client.write(`${data}\r\n.\r\n`);
    replies.push(await client.reply());
  }
  await client.command("QUIT");
  return replies;
}

describe("the MX listener", () => {
  it("takes a 10 KB message with an attachment from nodemailer, stores it before the 250, parses it and signs email.received", async () => {
    const { accountId, apiKey } = await server.account();
    const { name } = await receivingDomain(accountId);
    const plain = await endpoint(apiKey, "/received");
    const withContent = await endpoint(apiKey, "/received-content", { includeContent: true });
    expect(withContent.includeContent).toBe(true);
    const patched = await server.api("PATCH", `/v1/webhooks/${plain.id}`, { key: apiKey, body: { includeContent: false } });
    expect(patched.body.includeContent).toBe(false);
    expect((await server.api("PATCH", `/v1/webhooks/${plain.id}`, { key: apiKey, body: { includeContent: "yes" } })).status).toBe(400);
    const message = messageWithAttachment(10);
    const info = await mxTransport(port).sendMail({
      from: "Ada Lovelace <ada@sender.example>",
      to: `Support <support@${name}>`,
      cc: "audit@elsewhere.example",
      replyTo: "replies@sender.example",
      envelope: { from: "bounces@sender.example", to: [`support+123@${name}`] },
      messageId: "<ticket-123@sender.example>",
      ...message,
    });
    const [id] = queuedIds(info.response);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = (await sql("select status, size, received_for, mail_from, client_ip, helo from inbound_emails where id = ?", id))[0];
    expect(stored).toMatchObject({
      mail_from: "bounces@sender.example",
      received_for: [`support+123@${name}`],
      helo: "mail.sender.example",
    });
    expect(stored.size).toBeGreaterThan(10_000);

    const row = await parsedRow(id);
    expect(row).toMatchObject({
      status: "parsed",
      account_id: accountId,
      from: "Ada Lovelace <ada@sender.example>",
      to: [`Support <support@${name}>`],
      cc: ["audit@elsewhere.example"],
      reply_to: ["replies@sender.example"],
      subject: message.subject,
      message_id: "<ticket-123@sender.example>",
      plus_part: "123",
      error: null,
    });
    expect(row.text.trim()).toBe(message.text.trim());
    expect(row.html).toContain("cid:logo@sender");
    expect(row.headers["message-id"]).toBe("<ticket-123@sender.example>");
    expect(row.headers.received).toContain("mail.sender.example");
    expect(row.auth).toMatchObject({ spf: expect.any(String), dkim: "none" });
    const attachments = await sql(
      "select id, filename, content_type, content_disposition, content_id, size, content from inbound_attachments where inbound_email_id = ? order by filename",
      id,
    );
    expect(attachments.map((a) => [a.filename, a.content_type, a.content_disposition, a.content_id])).toEqual([
      ["logo.png", "image/png", "inline", "logo@sender"],
      ["report.csv", "text/csv", "attachment", null],
    ]);
    expect(Buffer.from(attachments[1].content).toString()).toBe(message.attachments[0].content);
    expect(attachments[1].size).toBe(message.attachments[0].content.length);

    const [got] = await until(
      () => hooks.at("/received"),
      (l) => l.length === 1,
      15_000,
      "email.received",
    );
    const event = verifyWebhook<any>({ secret: plain.secret, rawBody: got.raw, signature: got.headers["posthaste-signature"] as string });
    expect(got.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(event.type).toBe("email.received");
    expect(event.data).toEqual({
      email_id: id,
      created_at: new Date(row.created_at).toISOString(),
      from: "Ada Lovelace <ada@sender.example>",
      to: [`Support <support@${name}>`],
      cc: ["audit@elsewhere.example"],
      bcc: [],
      received_for: [`support+123@${name}`],
      message_id: "<ticket-123@sender.example>",
      subject: message.subject,
      attachments: expect.arrayContaining(
        attachments.map((a) => ({
          id: a.id,
          filename: a.filename,
          content_type: a.content_type,
          content_disposition: a.content_disposition,
          content_id: a.content_id,
        })),
      ),
    });
    const [full] = await until(
      () => hooks.at("/received-content"),
      (l) => l.length === 1,
    );
    const fullEvent = verifyWebhook<any>({
      secret: withContent.secret,
      rawBody: full.raw,
      signature: full.headers["posthaste-signature"] as string,
    });
    expect(fullEvent.data.text.trim()).toBe(message.text.trim());
    expect(fullEvent.data.html).toContain("cid:logo@sender");
    // Once per row, however the task runs.
    await new Promise((r) => setTimeout(r, 500));
    expect(hooks.at("/received")).toHaveLength(1);
    expect((await sql("select count(*)::int as n from webhook_events where email_id = ?", id))[0].n).toBe(1);
  });

  it("computes SPF, DKIM and DMARC of the sending host against DNS (a DKIM-signed message)", async () => {
    const { accountId } = await server.account();
    const { name } = await receivingDomain(accountId);
    const senderDomain = uniqueDomain("sender");
    const { privateKey, publicKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "der" },
    });
    dnsServer.set(`s1._domainkey.${senderDomain}`, "TXT", [`v=DKIM1; k=rsa; p=${publicKey.toString("base64")}`]);
    dnsServer.set(senderDomain, "TXT", ["v=spf1 ip4:127.0.0.1 -all"]);
    dnsServer.set(`_dmarc.${senderDomain}`, "TXT", ["v=DMARC1; p=reject"]);
    const info = await mxTransport(port, { dkim: { domainName: senderDomain, keySelector: "s1", privateKey } }).sendMail({
      from: `news@${senderDomain}`,
      to: `hello@${name}`,
      subject: "signed",
      text: "A signed message.",
    });
    const row = await parsedRow(queuedIds(info.response)[0]);
    expect(row.auth).toMatchObject({ spf: "pass", dkim: "pass", dmarc: "pass", arc: "none" });
    expect(row.auth.header).toContain(`dkim=pass`);
    expect(row.auth.header).toContain(`header.d=${senderDomain}`);

    // The host is no longer in the SPF policy: SPF fails, the aligned DKIM signature alone keeps DMARC passing.
    dnsServer.set(senderDomain, "TXT", ["v=spf1 -all"]);
    forgetAnswers(); // the minute the service reuses an answer for (server/dns/answer-cache.ts) has passed
    const forged = await mxTransport(port, { dkim: { domainName: senderDomain, keySelector: "s1", privateKey } }).sendMail({
      from: `news@${senderDomain}`,
      to: `hello@${name}`,
      subject: "signed",
      text: "A signed message.",
    });
    const [forgedId] = queuedIds(forged.response);
    const spoofed = await parsedRow(forgedId);
    expect(spoofed.auth).toMatchObject({ spf: "fail", dkim: "pass", dmarc: "pass" });
  });

  it("refuses at RCPT: unknown domains, relaying, a paused account, a domain not receiving; AUTH is not offered", async () => {
    const { accountId } = await server.account();
    const { name } = await receivingDomain(accountId);
    const sendOnly = uniqueDomain("sendonly");
    const { addDomain } = await import("./support/senders");
    await addDomain(accountId, sendOnly, { dkim: false });
    const client = await mxClient(port);
    expect(await client.command("AUTH PLAIN AGFAYg==")).toMatch(/^5\d\d/);
    expect(await client.command("MAIL FROM:<someone@sender.example>")).toMatch(/^250/);
    expect(await client.command("RCPT TO:<nobody@unknown-domain.example>")).toMatch(/^550 5\.1\.1 /);
    expect(await client.command("RCPT TO:<victim@gmail.com>")).toMatch(/^550 5\.1\.1 /);
    expect(await client.command(`RCPT TO:<someone@${sendOnly}>`)).toMatch(/^550 5\.1\.1 /);
    expect(await client.command("RCPT TO:<not an address>")).toMatch(/^5\d\d/);
    expect(await client.command(`RCPT TO:<ok@${name}>`)).toMatch(/^250/);
    expect(await client.command(`RCPT TO:<OK@${name.toUpperCase()}>`)).toMatch(/^250/);
    await pauseAccount(accountId);
    expect(await client.command(`RCPT TO:<later@${name}>`)).toMatch(/^550 5\.1\.1 /);
    await client.command("QUIT");
  });

  it("closes a connection that guesses too many recipients", async () => {
    const client = await mxClient(port);
    expect(await client.command("MAIL FROM:<harvester@sender.example>")).toMatch(/^250/);
    for (let i = 1; i < MX_REFUSED_RECIPIENTS_PER_CONNECTION; i++)
      expect(await client.command(`RCPT TO:<guess${i}@nowhere.example>`)).toMatch(/^550/);
    expect(await client.command("RCPT TO:<last@nowhere.example>")).toMatch(/^421 /);
    expect(await client.reply()).toBe("");
  });

  it("refuses a message over MAX_INBOUND_BYTES with 552 once it ends, storing nothing", async () => {
    const { accountId } = await server.account();
    const { name } = await receivingDomain(accountId);
    const client = await mxClient(port);
    expect(await client.command(`MAIL FROM:<big@sender.example> SIZE=${MAX_INBOUND_BYTES + 1}`)).toMatch(/^552/);
    expect(await client.command("MAIL FROM:<big@sender.example>")).toMatch(/^250/);
    expect(await client.command(`RCPT TO:<big@${name}>`)).toMatch(/^250/);
    expect(await client.command("DATA")).toMatch(/^354/);
    client.write(`Subject: big\r\n\r\n`);
    const line = `${"x".repeat(998)}\r\n`;
    for (let i = 0; i < Math.ceil((MAX_INBOUND_BYTES * 1.5) / line.length); i++) client.write(line);
    client.write(".\r\n");
    expect(await client.reply()).toMatch(/^552 5\.3\.4 /);
    // The connection stays usable.
    expect(await client.command("RSET")).toMatch(/^250/);
    await client.command("QUIT");
    expect(await inboundRows(accountId)).toHaveLength(0);
  });

  it("one message for two accounts: one row each, each seeing only its own recipients", async () => {
    const a = await server.account();
    const b = await server.account();
    const da = await receivingDomain(a.accountId);
    const db = await receivingDomain(b.accountId);
    const replies = await transaction(
      port,
      "both@sender.example",
      [`one@${da.name}`, `two@${db.name}`, `three@${da.name}`],
      `From: both@sender.example\r\nTo: one@${da.name}, two@${db.name}\r\nSubject: shared\r\n\r\nFor both of you.`,
    );
    const ids = queuedIds(replies[replies.length - 1]);
    expect(ids).toHaveLength(2);
    const [ra] = await inboundRows(a.accountId);
    const [rb] = await inboundRows(b.accountId);
    expect(ra.received_for).toEqual([`one@${da.name}`, `three@${da.name}`]);
    expect(rb.received_for).toEqual([`two@${db.name}`]);
    expect(new Set([ra.id, rb.id])).toEqual(new Set(ids));
    const parsedA = await parsedRow(ra.id);
    const parsedB = await parsedRow(rb.id);
    expect(parsedA.subject).toBe("shared");
    expect(parsedB.subject).toBe("shared");
  });

  it("keeps a message it cannot parse as failed, with its raw bytes", async () => {
    const { accountId } = await server.account();
    const { name } = await receivingDomain(accountId);
    // Deeper than INBOUND_MAX_NESTING_DEPTH: postal-mime refuses it.
    let body = "leaf";
    for (let i = 0; i < 30; i++) body = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${body}\r\n--b${i}--`;
    const replies = await transaction(port, "deep@sender.example", [`deep@${name}`], `Subject: deep\r\nMIME-Version: 1.0\r\n${body}`);
    const [id] = queuedIds(replies[replies.length - 1]);
    const row = await parsedRow(id);
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/could not be parsed/);
    expect(Buffer.from(row.raw).toString()).toContain("leaf");
  });

  it("a port in use is a start-up error naming SMTP_MX_PORT", async () => {
    const { startMxListener } = await import("../server/inbound/listener");
    await expect(startMxListener({ port, host: "127.0.0.1" })).rejects.toThrow(/SMTP_MX_PORT: port \d+ is already in use/);
  });
});
