import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { cte, withList } from "../db/cte";
import { inboundAttachments, inboundEmails, type InboundAuthResults } from "../db/schema";
import { jsonRows } from "../db/json-rows";
import { shapedQuery } from "../db/shaped";
import { PLANS, runCompiled } from "../db/statements";
import { eventRows, handedSql, storeEventsCtes, WEBHOOK_TASK } from "../events/record";
import { canHandOver, claimedContent, handOver, type Claimed } from "../webhooks/handed-over";
import type { InboundEventData } from "../events/types";
import { wake } from "../jobs/tasks";
import { newId } from "../lib/ids";
import { groupedWriter } from "../lib/grouped";
import { inboundMessages } from "../ops/metrics";
import { plusPartOf, type ParsedInbound } from "./parse";

/** A stored message, parsed, waiting to be written. */
export interface ParsedMessage {
  id: string;
  accountId: string;
  receivedFor: string[];
  createdAt: Date;
  parsed: ParsedInbound;
  auth: InboundAuthResults | null;
}

/** The email.received payload's data: Resend's metadata shape, plus received_for. */
export function receivedEventData(
  row: { id: string; createdAt: Date; receivedFor: string[] },
  parsed: Pick<ParsedInbound, "from" | "to" | "cc" | "bcc" | "messageId" | "subject">,
  attachments: { id: string; filename: string | null; contentType: string; contentDisposition: string; contentId: string | null }[],
): InboundEventData {
  return {
    email_id: row.id,
    created_at: row.createdAt.toISOString(),
    from: parsed.from ?? "",
    to: parsed.to,
    cc: parsed.cc,
    bcc: parsed.bcc,
    received_for: row.receivedFor,
    message_id: parsed.messageId,
    subject: parsed.subject ?? "",
    attachments: attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      content_type: a.contentType,
      content_disposition: a.contentDisposition,
      content_id: a.contentId,
    })),
  };
}

/** What a parse adds to its inbound row. */
const PARSED = jsonRows(inboundEmails, [
  "id",
  "auth",
  "messageId",
  "from",
  "to",
  "cc",
  "bcc",
  "replyTo",
  "subject",
  "text",
  "html",
  "headers",
  "plusPart",
]);
/** An attachment row, its bytes as base64. */
const ATTACHED = jsonRows(
  inboundAttachments,
  ["id", "inboundEmailId", "accountId", "filename", "contentType", "contentDisposition", "contentId", "size", "content"],
  { sentAs: { content: "text" } },
);

/**
 * Writes parsed messages and their events in ONE statement, each only while its row is
 * still `received` (the guard: a run that lost its lease, or a second run after a crash,
 * writes no second set of attachments and no second event). The messages and the
 * attachments go as one JSON document each (attachment bytes as base64, a third fewer
 * bytes than bytea's hex), so the text is the same for any number of messages: compiled
 * once, named. Returns the ids of the rows it settled.
 */
async function settleAll(items: ParsedMessage[]): Promise<Set<string>> {
  const messages: Parameters<typeof PARSED.json>[0][number][] = [];
  const attachments: Parameters<typeof ATTACHED.json>[0][number][] = [];
  const events = items.map((m) => {
    const stored = m.parsed.attachments.map((a) => ({ ...a, id: newId() }));
    for (const a of stored)
      attachments.push({
        ...a,
        inboundEmailId: m.id,
        accountId: m.accountId,
        size: a.content.length,
        content: a.content.toString("base64"),
      });
    const p = m.parsed;
    messages.push({ ...p, id: m.id, auth: m.auth, plusPart: plusPartOf(m.receivedFor) });
    return {
      accountId: m.accountId,
      type: "email.received" as const,
      emailId: m.id,
      data: receivedEventData(m, p, stored),
    };
  });
  const settled = cte(
    "settled",
    sql`update inbound_emails i set status = 'parsed', ${PARSED.assignments("p")}, parsed_at = now(), parse_lease_until = null
      from ${PARSED.from(messages, "p")}
      where i.id = p.id and i.status = 'received'
      returning i.id, i.account_id, i.text, i.html`,
  );
  const attached = cte(
    "attached",
    sql`insert into inbound_attachments (${ATTACHED.names()})
      select ${ATTACHED.values("a", { content: sql`decode(a.content, 'base64')` })}
      from ${ATTACHED.from(attachments, "a")}
      where a.inbound_email_id in (select id from ${settled.name})`,
  );
  // Delivered by this process without a claim once the statement has committed, as outcomes' are (status.ts).
  const leased = canHandOver();
  const stored = storeEventsCtes(eventRows(events).columns, sql`v.email_id in (select id from ${settled.name})`, leased);
  // A data-modifying CTE runs to completion whether or not the statement reads it (attached).
  const query = shapedQuery(sql`with ${withList([settled, attached, stored.ev, stored.owed])}
    select (select coalesce(array_agg(id), '{}') from ${settled.name}) as settled, (select count(*) from ${stored.owed.name})::int as owed,
      ${leased ? handedSql(stored, claimedContent(settled.name)) : sql`null::json`} as handed`);
  const [row] = await runCompiled<{ settled: string[]; owed: number; handed: Claimed[] | null }>(await database(), PLANS.default, query);
  if (row.handed?.length) handOver(row.handed);
  else if (Number(row.owed) > 0) wake(WEBHOOK_TASK);
  return new Set(row.settled);
}

/** The bytes a message adds to the statement, roughly (bodies and attachments as base64). */
const weight = (m: ParsedMessage) =>
  (m.parsed.text?.length ?? 0) + (m.parsed.html?.length ?? 0) + m.parsed.attachments.reduce((n, a) => n + a.content.length * 1.34, 0);

/** Parsed messages written together, up to 64 or a statement of about 8 MiB; a message the database refuses holds back no other. */
const settleGrouped = groupedWriter<ParsedMessage, boolean>(
  "inboundSettle",
  { items: 64, weight: { of: weight, most: 8 * 1024 * 1024 } },
  async (messages) => {
    const settled = await settleAll(messages);
    return messages.map((m) => settled.has(m.id));
  },
);

/**
 * Writes a parsed message (settleAll), grouped with the others parsed meanwhile. Resolves
 * whether this call settled the row (false: it was no longer `received`); rejects when the
 * database refused it (the row stays leased, and a later run of the task retries it until
 * MAX_ATTEMPTS marks it failed).
 */
export async function settleParsed(message: ParsedMessage): Promise<boolean> {
  const settled = await settleGrouped(message);
  if (settled) inboundMessages.inc({ outcome: "parsed", reason: "" });
  return settled;
}

/** The message could not be parsed: failed with why, its raw kept (and its auth results, when they were computed). */
export async function settleFailed(id: string, error: string, auth: InboundAuthResults | null = null): Promise<void> {
  const { rows } = await database();
  await rows(sql`update inbound_emails set status = 'failed', error = ${error.slice(0, 500)}, auth = ${auth === null ? null : JSON.stringify(auth)}::jsonb,
      parsed_at = now(), parse_lease_until = null
    where id = ${id} and status = 'received'`);
}
