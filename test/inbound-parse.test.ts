import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetAnswers } from "../server/dns/answer-cache";
import { TASKS } from "../server/jobs/names";
import { wake } from "../server/jobs/tasks";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { messageWithAttachment, mxTransport, queuedIds, receivingDomain } from "./support/inbound";
import { sql } from "./support/db";
import { uniqueDomain } from "./support/senders";
import { waitFor } from "./support/wait";

/**
 * Where a stored message is parsed (docs/inbound.md, step 4): by the process that stored it,
 * with the raw bytes in hand, its row leased to it meanwhile; by the inbound-parse task when
 * that process died; and written in groups where one message the database refuses holds
 * back no other.
 */
let server: TestServer;
let dnsServer: TestDnsServer;
let port: number;

beforeAll(async () => {
  dnsServer = await startDnsServer();
  server = await startTestServer({ SMTP_MX_PORT: "0", DNS_SERVERS: dnsServer.address });
  port = server.mx!.port!;
});
afterAll(async () => {
  await server?.stop();
  await dnsServer?.stop();
});

const rowOf = async (id: string) => (await sql("select * from inbound_emails where id = ?", id))[0];
const parsedRow = (id: string) =>
  waitFor(async () => ((await rowOf(id))?.status === "parsed" ? rowOf(id) : undefined), 15_000, `${id} parsed`);

describe("parsing a stored message", () => {
  it("happens in the process that stored it: the row is leased to it until parsed, and the task never claims it", async () => {
    const { accountId } = await server.account();
    const { name } = await receivingDomain(accountId);
    forgetAnswers();
    dnsServer.setDelay(1200); // the sender's SPF and DMARC lookups hold the parse that long
    try {
      const info = await mxTransport(port).sendMail({
        from: `ada@${uniqueDomain("slow")}`,
        to: `support@${name}`,
        ...messageWithAttachment(4),
      });
      const [id] = queuedIds(info.response);
      const held = await rowOf(id);
      expect(held.status).toBe("received");
      expect(held.parse_attempts).toBe(1);
      expect(new Date(held.parse_lease_until).getTime()).toBeGreaterThan(Date.now() + 20_000);
      wake(TASKS.inboundParse); // a run of the task now finds nothing to take
      const row = await parsedRow(id);
      expect(row.parse_attempts).toBe(1);
      expect(row.parse_lease_until).toBeNull();
      expect(row.subject).toBe("Ticket 123: printer on fire");
      expect((await sql("select count(*)::int as n from inbound_attachments where inbound_email_id = ?", id))[0].n).toBe(2);
      expect((await sql("select count(*)::int as n from webhook_events where email_id = ?", id))[0].n).toBe(1);
    } finally {
      dnsServer.setDelay(0);
    }
  });

  it("is taken over by the task when the process that held it died (its lease ran out)", async () => {
    const { accountId } = await server.account();
    const { name } = await receivingDomain(accountId);
    const info = await mxTransport(port).sendMail({ from: "ada@sender.example", to: `support@${name}`, subject: "orphan", text: "Hi" });
    const [id] = queuedIds(info.response);
    await parsedRow(id);
    // As a process that died after storing it leaves the row: received, leased, its lease over.
    await sql(
      `update inbound_emails set status = 'received', parse_attempts = 1, parse_lease_until = now() - interval '1 second',
        subject = null, parsed_at = null where id = ?`,
      id,
    );
    await sql("delete from webhook_events where email_id = ?", id);
    wake(TASKS.inboundParse);
    const row = await parsedRow(id);
    expect(row.parse_attempts).toBe(2);
    expect(row.subject).toBe("orphan");
    expect((await sql("select count(*)::int as n from webhook_events where email_id = ?", id))[0].n).toBe(1);
  });

  it("reads a message over 256 KiB on its own when the task takes it (it does not come with the claim)", async () => {
    const { accountId } = await server.account();
    const { newId } = await import("../server/lib/ids");
    const big = Buffer.alloc(300 * 1024, 7);
    const raw = Buffer.from(
      [
        "From: Big Sender <big@sender.example>",
        "To: support@in.example",
        "Subject: a large attachment",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain",
        "",
        "See attached.",
        "--b",
        'Content-Type: application/octet-stream; name="big.bin"',
        "Content-Transfer-Encoding: base64",
        "",
        big.toString("base64").replace(/.{76}/g, "$&\r\n"),
        "--b--",
        "",
      ].join("\r\n"),
    );
    // As the listener stores a message no process parses in hand: received, not leased.
    const id = newId();
    await sql(
      `insert into inbound_emails (id, account_id, mail_from, received_for, client_ip, helo, size, raw)
       values (?, ?, 'big@sender.example', '["support@in.example"]'::jsonb, '192.0.2.1', 'sender.example', ?, decode(?, 'base64'))`,
      id,
      accountId,
      raw.length,
      raw.toString("base64"),
    );
    wake(TASKS.inboundParse);
    const row = await parsedRow(id);
    expect(row.subject).toBe("a large attachment");
    expect(row.parse_attempts).toBe(1);
    const [attachment] = await sql("select filename, size, content from inbound_attachments where inbound_email_id = ?", id);
    expect(attachment).toMatchObject({ filename: "big.bin", size: big.length });
    expect(Buffer.from(attachment.content).equals(big)).toBe(true);
  });

  it("is written in groups, and a message the database refuses holds back none of the others in its group", async () => {
    const { accountId } = await server.account();
    const { settleParsed } = await import("../server/inbound/settle");
    const { storeInbound } = await import("../server/inbound/store");
    const { parseInbound } = await import("../server/inbound/parse");
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const [id] = await storeInbound({
        raw: Buffer.from(`From: a@x.example\r\nTo: b@y.example\r\nSubject: group ${i}\r\n\r\nHello ${i}\r\n`),
        mailFrom: "a@x.example",
        recipients: [{ address: `b${i}@y.example`, accountId }],
        clientIp: "192.0.2.1",
        helo: "x.example",
        secure: false,
        host: "mx.test",
      });
      ids.push(id);
    }
    // Once parsed as usual, back to stored and held (no run takes them): this test settles them itself.
    await waitFor(
      async () => (await sql("select count(*)::int as n from inbound_emails where id in ? and status = 'received'", ids))[0].n === 0,
      15_000,
      "first parse",
    );
    await sql("update inbound_emails set status = 'received', parse_lease_until = now() + interval '1 hour' where id in ?", ids);
    await sql("delete from webhook_events where email_id in ?", ids);
    await sql("delete from inbound_attachments where inbound_email_id in ?", ids);
    const messages = await Promise.all(
      ids.map(async (id, i) => {
        const parsed = await parseInbound(Buffer.from(`Subject: group ${i}\r\n\r\nHello ${i}\r\n`));
        // PostgreSQL refuses a NUL in text: what no parse leaves, but a statement must survive.
        if (i === 2) parsed.text = "bad \u0000 text";
        return { id, accountId, receivedFor: [`b${i}@y.example`], createdAt: new Date(), parsed, auth: null };
      }),
    );
    const results = await Promise.allSettled(messages.map((m) => settleParsed(m)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    const rows = await sql("select id, status, text from inbound_emails where id in ? order by id", ids);
    expect(rows.filter((r) => r.status === "parsed")).toHaveLength(5);
    expect(rows.find((r) => r.id === ids[2]).status).toBe("received");
    expect((await sql("select count(*)::int as n from webhook_events where email_id in ?", ids))[0].n).toBe(5);
    // Settling again changes nothing: the row is no longer received.
    expect(await settleParsed(messages[0])).toBe(false);
    expect((await sql("select count(*)::int as n from webhook_events where email_id in ?", ids))[0].n).toBe(5);
    // The refused one would wait in the parse backlog (flow control counts it) for its hour.
    await sql("delete from inbound_emails where id in ?", ids);
  });
});
