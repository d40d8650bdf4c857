import { rows } from "./db";

/** A received message as the MX listener and the parse task would leave it (tests of the read side). */
export interface SeedInbound {
  from?: string;
  to?: string[];
  subject?: string;
  html?: string | null;
  text?: string | null;
  receivedFor?: string[];
  status?: "received" | "parsed" | "failed";
  createdAt?: Date;
  auth?: { spf: string; dkim: string; dmarc: string; arc: string; header: string } | null;
  attachments?: {
    filename: string | null;
    contentType: string;
    content: Buffer;
    disposition?: "attachment" | "inline";
    contentId?: string;
  }[];
}

/** Inserts one inbound row (status parsed unless given) and its attachments; returns their ids. */
export async function seedInbound(accountId: string, m: SeedInbound = {}): Promise<{ id: string; attachmentIds: string[] }> {
  const { sql } = await import("drizzle-orm");
  const { newId } = await import("../../server/lib/ids");
  const createdAt = m.createdAt ?? new Date();
  const id = newId(createdAt.getTime());
  const to = m.to ?? ["support@in.example.com"];
  const subject = m.subject ?? "Hello";
  const raw = Buffer.from(
    `From: ${m.from ?? "ada@example.com"}\r\nTo: ${to.join(", ")}\r\nSubject: ${subject}\r\n\r\n${m.text ?? "Hi"}\r\n`,
  );
  const auth = m.auth === undefined ? { spf: "pass", dkim: "fail", dmarc: "none", arc: "none", header: "mx.test; spf=pass" } : m.auth;
  await rows(sql`insert into inbound_emails (id, account_id, status, mail_from, received_for, client_ip, helo, auth, size, raw,
      message_id, "from", "to", subject, text, html, headers, created_at, parsed_at)
    values (${id}, ${accountId}, ${m.status ?? "parsed"}, 'bounce@example.com', ${JSON.stringify(m.receivedFor ?? to)}::jsonb, '192.0.2.1', 'mail.example.com',
      ${auth === null ? null : JSON.stringify(auth)}::jsonb, ${raw.length}, ${raw}, ${`<${id}@example.com>`}, ${m.from ?? "ada@example.com"},
      ${JSON.stringify(to)}::jsonb, ${subject}, ${m.text === undefined ? "Hi" : m.text}, ${m.html === undefined ? "<p>Hi</p>" : m.html},
      ${JSON.stringify({ subject, from: m.from ?? "ada@example.com" })}::jsonb, ${createdAt.toISOString()}::timestamptz, now())`);
  const attachmentIds: string[] = [];
  for (const a of m.attachments ?? []) {
    const aid = newId();
    attachmentIds.push(aid);
    await rows(sql`insert into inbound_attachments (id, inbound_email_id, account_id, filename, content_type, content_disposition, content_id, size, content)
      values (${aid}, ${id}, ${accountId}, ${a.filename}, ${a.contentType}, ${a.disposition ?? "attachment"}, ${a.contentId ?? null}, ${a.content.length}, ${a.content})`);
  }
  return { id, attachmentIds };
}
