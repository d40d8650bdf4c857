import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { jsonColumn, msColumn } from "./columns";
import { publicStatus } from "./public-status";
import type { EmailDetail, EmailSource, TimelineEntry, TimelineType } from "./schemas";
import { ownedOrThrow } from "../lib/owned";

/** GET /v1/emails/{id}: the message with its timeline, oldest first. */
export async function getEmail(accountId: string, id: string): Promise<EmailDetail> {
  const d = await database();
  const row = await ownedOrThrow("Email", id, async () => {
    const [found] = await d.rows<Record<string, unknown>>(sql`
    select e.id, e.status, e."from", e."to", e.cc, e.bcc, e.reply_to, e.subject, e.tags, e.source, e.ses_message_id, e.error,
      e.created_at, e.sent_at, e.scheduled_at, e.template_id, e.template_version_id,
      (select coalesce(json_agg(json_build_object('type', t.type, 'at', t.at, 'detail', t.detail) order by t.at, t.id), '[]'::json)
         from email_events t where t.email_id = e.id) as timeline
    from emails e where e.id = ${id} and e.account_id = ${accountId}`);
    return found;
  });
  return {
    id: row.id as string,
    status: publicStatus(row.status as string),
    from: row.from as string,
    to: jsonColumn(row.to),
    cc: jsonColumn(row.cc),
    bcc: jsonColumn(row.bcc),
    replyTo: jsonColumn(row.reply_to),
    subject: row.subject as string,
    tags: jsonColumn(row.tags),
    source: row.source as EmailSource,
    sesMessageId: (row.ses_message_id as string | null) ?? null,
    error: (row.error as string | null) ?? null,
    createdAt: msColumn(row.created_at)!,
    sentAt: msColumn(row.sent_at),
    scheduledAt: msColumn(row.scheduled_at),
    template_id: (row.template_id as string | null) ?? null,
    template_version_id: (row.template_version_id as string | null) ?? null,
    timeline: [
      acceptanceEntry(row),
      ...jsonColumn<{ type: TimelineType; at: string; detail: string | null }[]>(row.timeline).map((t) => ({
        type: t.type,
        at: msColumn(t.at)!,
        detail: t.detail ?? null,
      })),
    ],
  };
}

/**
 * A timeline's first entry, `queued` (or `scheduled`) at acceptance, is read off the
 * message row rather than stored as an email_events row: one insert fewer on the send path.
 */
export function acceptanceEntry(row: { scheduled_at?: unknown; created_at?: unknown }): TimelineEntry {
  return {
    type: row.scheduled_at === null || row.scheduled_at === undefined ? "queued" : "scheduled",
    at: msColumn(row.created_at)!,
    detail: null,
  };
}
