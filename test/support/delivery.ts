import { promises as dns } from "node:dns";
import net from "node:net";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { database } from "../../server/db/client";
import { emailContents, emailEvents, emails, sinkMessages, webhookEvents } from "../../server/db/schema";
import { selectEmailRows } from "../../server/delivery/email-row";
import { acceptanceEntry } from "../../server/sending/get";
import { TASKS } from "../../server/jobs/names";
import { wake } from "../../server/jobs/tasks";
import { newId } from "../../server/lib/ids";
import type { TestServer } from "./harness";
import type { DnsType, TestDnsServer } from "./dns-server";
import { uniqueDomain } from "./senders";
import { waitFor } from "./wait";
import { withContent } from "../../server/templates/content";

export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

/** A real SMTP server (smtp-server) that keeps what it receives; `reject` answers chosen recipients with a code. */
/** A relay on loopback; `secure`: implicit TLS (smtps) with smtp-server's built-in self-signed certificate. */
/** `port`: listen there (a port a test kept free); `refuseRecipients`: address → "550 5.1.1 …" answered at RCPT TO. */
/** `delayMs`: a slow relay, answering each message's data that long after it arrives. */
export async function startSmtpReceiver(
  opts: { secure?: boolean; port?: number; refuseRecipients?: Map<string, string>; delayMs?: number } = {},
) {
  const messages: Received[] = [];
  let dataStarted = 0;
  let failNext: { code: number; count: number } | null = null;
  const server = new SMTPServer({
    onRcptTo(address, _session, callback) {
      const reply = opts.refuseRecipients?.get(address.address.toLowerCase());
      if (!reply) return callback();
      const [code, ...text] = reply.split(" ");
      callback(Object.assign(new Error(text.join(" ")), { responseCode: Number(code) }));
    },
    secure: opts.secure ?? false,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session, callback) {
      dataStarted++;
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => (opts.delayMs ? setTimeout(answer, opts.delayMs) : answer()));
      const answer = () => {
        if (failNext && failNext.count > 0) {
          failNext.count--;
          const err = Object.assign(new Error(failNext.code >= 500 ? "Mailbox unavailable" : "Try again later"), {
            responseCode: failNext.code,
          });
          return callback(err);
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback(null, `Ok: queued as Q${messages.length}X`);
      };
    },
  });
  // A client that vanishes mid-session (the crash test SIGKILLs the sender) resets its
  // connection; a real MTA shrugs that off, and so must this one.
  server.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "ECONNRESET" && err.code !== "EPIPE") console.error("smtp receiver:", err);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `${opts.secure ? "smtps" : "smtp"}://127.0.0.1:${port}`,
    messages,
    /** Messages whose data began to arrive (a slow relay has some of them in hand). */
    dataStarted: () => dataStarted,
    failNext(code: number, count = 1) {
      failNext = { code, count };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type EmailFields = Partial<typeof emails.$inferInsert> &
  Partial<Omit<typeof emailContents.$inferInsert, "emailId">> & { from: string; to: string[] };

/** Inserts an accepted message the way the sending area does (its content beside it), and wakes dispatch. */
export async function enqueue(accountId: string, fields: EmailFields) {
  const { db } = await database();
  const id = newId();
  const host = fields.from.split("@").pop()!.replace(/>$/, "");
  const scheduled = fields.scheduledAt != null;
  const { html, text, attachments, templateVariables, ...own } = fields;
  await db.insert(emailContents).values({ emailId: id, html, text, attachments, templateVariables });
  await db.insert(emails).values({
    id,
    accountId,
    status: scheduled ? "scheduled" : "queued",
    subject: "Hello",
    recipientCount: fields.to.length + (fields.cc?.length ?? 0) + (fields.bcc?.length ?? 0),
    messageId: `<${id}@${host}>`,
    searchText: "",
    nextAttemptAt: fields.scheduledAt ?? new Date(),
    ...own,
  });
  wake(TASKS.dispatch);
  return id;
}

/** A stored message with its content (none once retention pruned it), as dispatch reads it. */
export async function emailRow(id: string) {
  const { db } = await database();
  const [row] = await selectEmailRows(db, [id]);
  return row;
}

/** A stored message with its content as it is sent (a template's values rendered by its version). */
export async function emailContent(id: string) {
  return withContent(await emailRow(id));
}

/** The stored timeline, its first entry read off the row as GET /v1/emails/{id} does. */
export async function timeline(id: string) {
  const email = await emailRow(id);
  const { db } = await database();
  const rows = await db.select().from(emailEvents).where(eq(emailEvents.emailId, id));
  const first = acceptanceEntry({ scheduled_at: email.scheduledAt, created_at: email.createdAt });
  return [
    { type: first.type, at: new Date(first.at), detail: null as string | null, recipient: null as string | null },
    ...rows.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id)),
  ];
}

/** What the sink provider stored for a message: one row per copy handed over. */
export async function sinkCopies(emailId: string) {
  const { db } = await database();
  return db.select().from(sinkMessages).where(eq(sinkMessages.emailId, emailId));
}

export async function eventsFor(id: string) {
  const { db } = await database();
  const rows = await db.select().from(webhookEvents).where(eq(webhookEvents.emailId, id));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)).map((r) => r.payload as any);
}

export const FINAL = new Set(["sent", "delivered", "bounced", "complained", "failed"]);

export async function waitForStatus(id: string, statuses: string[] | Set<string> = FINAL, timeoutMs = 15_000) {
  const want = statuses instanceof Set ? statuses : new Set(statuses);
  return waitFor(
    async () => {
      const row = await emailRow(id);
      return row && want.has(row.status) ? row : null;
    },
    timeoutMs,
    `email ${id} to reach ${[...want].join("/")}`,
  );
}

/** A resolver for mailauth that asks the test DNS server. */
export function resolverFor(address: string) {
  const r = new dns.Resolver();
  r.setServers([address]);
  return async (name: string, type: string) => (type === "TXT" ? r.resolveTxt(name) : r.resolve(name, type as "A"));
}

/**
 * A sending domain made the way a user makes one: POST /v1/domains, publish its records
 * on the test DNS server, POST /v1/domains/{id}/verify until it is verified.
 */
export async function verifiedDomainViaApi(server: Pick<TestServer, "api">, apiKey: string, dnsServer: TestDnsServer, name: string) {
  const created = await server.api("POST", "/v1/domains", { key: apiKey, body: { name } });
  if (created.status !== 201) throw new Error(`POST /v1/domains: ${created.status} ${created.text}`);
  const byKey = new Map<string, { name: string; type: DnsType; values: string[] }>();
  for (const r of [...created.body.dnsRecords, ...created.body.recommendedRecords]) {
    const entry = byKey.get(`${r.name}|${r.type}`) ?? { name: r.name, type: r.type as DnsType, values: [] as string[] };
    entry.values.push(r.value);
    byKey.set(`${r.name}|${r.type}`, entry);
  }
  for (const e of byKey.values()) dnsServer.set(e.name, e.type, e.values);
  const domain = await waitFor(
    async () => {
      const res = await server.api("POST", `/v1/domains/${created.body.id}/verify`, { key: apiKey });
      return res.body.status === "verified" ? res.body : null;
    },
    15_000,
    `domain ${name} to verify`,
  );
  return { id: domain.id as string, name };
}

/** A fresh account with a domain verified the way a user verifies one, and a `from` on it. */
export async function senderViaApi(server: TestServer, dnsServer: TestDnsServer, label: string) {
  const account = await server.account();
  const { name } = await verifiedDomainViaApi(server, account.apiKey, dnsServer, uniqueDomain(label));
  return { ...account, domain: name, from: `news@${name}` };
}

/** POST /v1/emails; returns the accepted id (throws on any other answer). */
export async function sendViaApi(server: TestServer, apiKey: string, body: Record<string, unknown>): Promise<string> {
  const res = await server.api("POST", "/v1/emails", { key: apiKey, body });
  if (res.status !== 200) throw new Error(`POST /v1/emails: ${res.status} ${res.text}`);
  return res.body.id;
}

/** A loopback port nothing listens on (yet): connections to it are refused. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A relay that accepts connections, greets, and then never answers a command. */
export async function startSilentRelay(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    socket.write("220 silent.test ESMTP\r\n");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    connections: () => sockets.size,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
