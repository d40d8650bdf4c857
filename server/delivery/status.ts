import { sql, type SQL } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import type { emailEvents } from "../db/schema";
import { eventRows, handedSql, storeEventsCtes, WEBHOOK_TASK } from "../events/record";
import { countHourlyCte } from "./hourly-counts";
import { wake } from "../jobs/tasks";
import type { EmailEventData, EventType, NewEvent } from "../events/types";
import { newId } from "../lib/ids";
import { suppress } from "../suppressions/suppress";
import { rows } from "../db/rows";
import { PLANS, runCompiled } from "../db/statements";
import { cte, withList, type Cte } from "../db/cte";
import { shapedQuery } from "../db/shaped";
import { canHandOver, handOver, type Claimed } from "../webhooks/handed-over";

/** Something that happened to a message after it was accepted. */
export type Happening =
  | { type: "sent"; providerId: string }
  | { type: "delivered"; recipient?: string }
  | { type: "delivery_delayed"; detail: string; recipient?: string }
  /** `suppress: false`: a recipient refused for good but not as a hard bounce (kept off the suppression list). */
  | { type: "bounced"; recipient: string; reason: string; suppress?: boolean }
  | { type: "complained"; recipient: string; reason: string }
  | { type: "failed"; error: string };

export interface EmailRef {
  id: string;
  accountId: string;
  from: string;
  to: string[];
  subject: string;
  tags: { name: string; value: string }[];
  /** The template the message was rendered from, when it was. */
  templateId?: string | null;
}

export type Tx = Pick<Db, "execute" | "insert" | "_">;

/**
 * How far along a status is. A status only moves forward: a late "delivered" never
 * overwrites "bounced". delivery_delayed is a timeline entry, not a status.
 */
const RANK: Record<string, number> = { sent: 1, delivered: 2, complained: 3, bounced: 3, failed: 3 };
const rankSql = (col: SQL) =>
  sql`(case ${col} when 'sent' then 1 when 'delivered' then 2 when 'complained' then 3 when 'bounced' then 3 when 'failed' then 3 else 0 end)`;

const EVENT_OF: Record<Happening["type"], EventType> = {
  sent: "email.sent",
  delivered: "email.delivered",
  delivery_delayed: "email.delivery_delayed",
  bounced: "email.bounced",
  complained: "email.complained",
  failed: "email.failed",
};

export function eventData(email: EmailRef, extra: Record<string, unknown> = {}): EmailEventData {
  const data: EmailEventData = { email_id: email.id, from: email.from, to: email.to, subject: email.subject, tags: email.tags };
  if (email.templateId) data.template_id = email.templateId;
  return Object.assign(data, extra);
}

/** What a group of outcomes writes, one array per column (see outcomeColumns). */
export interface OutcomeColumns {
  moves: {
    id: string[];
    status: (string | null)[];
    sentAt: (string | null)[];
    providerId: (string | null)[];
    error: (string | null)[];
    fromDispatch: string[];
  };
  timeline: (typeof emailEvents.$inferInsert)[];
  events: NewEvent[];
  suppressions: { emailId: string; accountId: string; address: string; reason: "hard_bounce" | "complaint" }[];
}

export type OutcomeItem = { email: EmailRef; happenings: Happening[]; fromDispatch?: boolean };

/**
 * The pure half of applyHappenings: each message's furthest status (forward only), its
 * sentAt / provider id / error, a timeline row and an event per happening at strictly
 * increasing times from `now`, and the recipients a complaint or hard bounce suppresses.
 */
export function outcomeColumns(items: OutcomeItem[], now: Date): OutcomeColumns {
  // One array per column: the statement's text is the same whatever the group's size, so it
  // is prepared once (PLANS.outcome, server/db/statements.ts). Every array goes as text[], cast in SQL:
  // postgres.js types an array by its first element (a boolean array as boolean), and
  // drizzle passes timestamptz[] values to it unserialised.
  const moves: OutcomeColumns["moves"] = {
    id: [],
    status: [],
    sentAt: [],
    providerId: [],
    error: [],
    fromDispatch: [],
  };
  const timeline: OutcomeColumns["timeline"] = [];
  const events: NewEvent[] = [];
  const suppressions: OutcomeColumns["suppressions"] = [];
  let tick = 0;
  for (const { email, happenings, fromDispatch } of items) {
    let status: string | null = null;
    let providerId: string | null = null;
    let error: string | null = null;
    let sentAt: Date | null = null;
    for (const h of happenings) {
      // Strictly increasing times keep the timeline (and event created_at) in order.
      const at = new Date(now.getTime() + tick++);
      if ((RANK[h.type] ?? 0) > (status ? RANK[status] : 0)) status = h.type;
      let detail: string | null = null;
      let recipient: string | null = null;
      let extra: Record<string, unknown> = {};
      switch (h.type) {
        case "sent":
          providerId = h.providerId;
          sentAt = at;
          break;
        case "delivered":
          recipient = h.recipient ?? null;
          break;
        case "delivery_delayed":
          detail = h.detail;
          recipient = h.recipient ?? null;
          break;
        case "bounced":
        case "complained":
          detail = h.reason;
          recipient = h.recipient;
          extra = { recipient: h.recipient, reason: h.reason };
          if (h.type === "complained")
            suppressions.push({ emailId: email.id, accountId: email.accountId, address: h.recipient, reason: "complaint" });
          else if (h.suppress !== false)
            suppressions.push({ emailId: email.id, accountId: email.accountId, address: h.recipient, reason: "hard_bounce" });
          break;
        case "failed":
          detail = h.error;
          error = h.error;
          break;
      }
      timeline.push({ id: newId(at.getTime()), emailId: email.id, type: h.type, at, detail, recipient });
      events.push({ accountId: email.accountId, type: EVENT_OF[h.type], emailId: email.id, data: eventData(email, extra), at });
    }
    moves.id.push(email.id);
    moves.status.push(status);
    moves.sentAt.push(sentAt ? sentAt.toISOString() : null);
    moves.providerId.push(providerId);
    moves.error.push(error);
    moves.fromDispatch.push(fromDispatch ? "true" : "false");
  }
  return { moves, timeline, events, suppressions };
}

/**
 * Applies what happened to a set of messages in one go: the status (forward only),
 * sentAt/sesMessageId/error, one timeline row per happening, the matching webhook
 * event, the hourly counts (charts, breaker), and suppression of hard-bounced or complaining
 * recipients (naming the message). Status, timeline, events and counts are one statement;
 * when a bounce or complaint suppresses a recipient, run it in a transaction so the
 * suppression agrees with them. `fromDispatch` rows are only touched while still held by
 * dispatch (status 'sending'), so a lease we lost to another worker cannot be overwritten.
 *
 * On the database (`on` a Database) the statement commits by itself, so the webhook
 * deliveries it owes may be handed over, and it runs compiled once per shape as
 * PLANS.outcome declares; in a transaction drizzle compiles it.
 */
export async function applyHappenings(on: Database | Tx, items: OutcomeItem[], now = new Date()): Promise<void> {
  const autocommit = isDatabase(on);
  const { moves, timeline, events, suppressions } = outcomeColumns(items, now);
  if (!moves.id.length) return;
  // One statement: the status moves, and only for rows that moved (a lost lease changes
  // nothing) the timeline rows, the events and the deliveries they owe are stored with it.
  const moved = cte(
    "moved",
    sql`update emails e set
        status = case when r.status is not null and ${rankSql(sql`r.status`)} > ${rankSql(sql`e.status`)} then r.status else e.status end,
        sent_at = coalesce(r.sent_at::timestamptz, e.sent_at),
        ses_message_id = coalesce(r.provider_id, e.ses_message_id),
        error = coalesce(r.error, e.error),
        next_attempt_at = case when r.from_dispatch::boolean then null else e.next_attempt_at end
      from unnest(${sql.param(moves.id)}::text[], ${sql.param(moves.status)}::text[], ${sql.param(moves.sentAt)}::text[],
                  ${sql.param(moves.providerId)}::text[], ${sql.param(moves.error)}::text[], ${sql.param(moves.fromDispatch)}::text[])
        as r(id, status, sent_at, provider_id, error, from_dispatch)
      where e.id = r.id and (not r.from_dispatch::boolean or e.status = 'sending')
      returning e.id, e.account_id, e.test_mode`,
  );
  const parts: Cte[] = [moved];
  if (timeline.length) {
    const column = <K extends keyof (typeof timeline)[number]>(k: K) => sql.param(timeline.map((t) => t[k] ?? null));
    const at = sql.param(timeline.map((t) => (t.at as Date).toISOString()));
    const stored = cte(
      "timeline",
      sql`insert into email_events (id, email_id, type, at, detail, recipient)
      select t.id, t.email_id, t.type, t.at::timestamptz, t.detail, t.recipient
      from unnest(${column("id")}::text[], ${column("emailId")}::text[], ${column("type")}::text[], ${at}::text[],
                  ${column("detail")}::text[], ${column("recipient")}::text[]) as t(id, email_id, type, at, detail, recipient)
      where t.email_id in (select id from ${moved.name})
      returning email_id, type, at`,
    );
    // The hourly counts (charts, breaker) move with the timeline they count.
    parts.push(stored, countHourlyCte(stored, moved));
  }
  // Delivered by this process without a claim once the statement has committed (server/webhooks/handed-over.ts).
  const leased = autocommit && events.length > 0 && canHandOver();
  const owing = events.length
    ? storeEventsCtes(eventRows(events).columns, sql`v.email_id in (select id from ${moved.name})`, leased)
    : null;
  if (owing) parts.push(owing.ev, owing.owed);
  const owedSql = owing ? sql`(select count(*)::int from ${owing.owed.name})` : sql`0`;
  const statement = sql`with ${withList(parts)}
    select coalesce((select json_agg(id) from ${moved.name}), '[]'::json) as moved, ${owedSql} as owed,
      ${owing && leased ? handedSql(owing) : sql`null::json`} as handed`;
  type Result = { moved: string[]; owed: number; handed: Claimed[] | null };
  const [row] = isDatabase(on) ? await runCompiled<Result>(on, PLANS.outcome, shapedQuery(statement)) : await rows<Result>(on, statement);
  const movedIds = new Set(row.moved);
  for (const s of suppressions)
    if (movedIds.has(s.emailId)) await suppress(isDatabase(on) ? on.db : on, s.accountId, s.address, s.reason, s.emailId);
  if (row.handed?.length) handOver(row.handed);
  else if (Number(row.owed) > 0) wake(WEBHOOK_TASK);
}

const isDatabase = (on: Database | Tx): on is Database => "runCompiled" in on;
