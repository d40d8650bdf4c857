import { sql, type SQL } from "drizzle-orm";
import { database } from "../db/client";
import type { Tag } from "../db/schema";
import { notFound, validationError } from "../errors";
import { isUuid } from "../lib/ids";
import { searchQuery } from "./search";
import { preparedRows, unjittedRows } from "./statement";

/** `sending` is internal (mid-dispatch) and is `queued` on every public surface. */
export const publicStatus = (status: string): string => (status === "sending" ? "queued" : status);

export const LIST_STATUSES = ["scheduled", "queued", "sent", "delivered", "bounced", "complained", "failed", "canceled"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export interface TimelineEntry { type: string; at: number; detail: string | null }

export interface EmailView {
  id: string;
  status: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  tags: Tag[];
  sesMessageId: string | null;
  error: string | null;
  createdAt: number;
  sentAt: number | null;
  scheduledAt: number | null;
  timeline: TimelineEntry[];
}

export interface EmailListItem {
  id: string;
  status: string;
  from: string;
  to: string[];
  subject: string;
  createdAt: number;
  sentAt: number | null;
  tags: Tag[];
}

const toMs = (v: unknown): number | null => (v === null || v === undefined ? null : new Date(v as string).getTime());
const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

/** GET /v1/emails/{id}: the message with its timeline, oldest first. */
export async function getEmail(accountId: string, id: string): Promise<EmailView> {
  if (!isUuid(id)) throw notFound("Email");
  const d = await database();
  const [row] = await preparedRows<Record<string, unknown>>(d, sql`
    select e.id, e.status, e."from", e."to", e.cc, e.bcc, e.reply_to, e.subject, e.tags, e.ses_message_id, e.error,
      e.created_at, e.sent_at, e.scheduled_at,
      (select coalesce(json_agg(json_build_object('type', t.type, 'at', t.at, 'detail', t.detail) order by t.at, t.id), '[]'::json)
         from email_events t where t.email_id = e.id) as timeline
    from emails e where e.id = ${id} and e.account_id = ${accountId}`);
  if (!row) throw notFound("Email");
  return {
    id: row.id as string,
    status: publicStatus(row.status as string),
    from: row.from as string,
    to: json(row.to),
    cc: json(row.cc),
    bcc: json(row.bcc),
    replyTo: json(row.reply_to),
    subject: row.subject as string,
    tags: json(row.tags),
    sesMessageId: (row.ses_message_id as string | null) ?? null,
    error: (row.error as string | null) ?? null,
    createdAt: toMs(row.created_at)!,
    sentAt: toMs(row.sent_at),
    scheduledAt: toMs(row.scheduled_at),
    timeline: [
      acceptanceEntry(row),
      ...json<{ type: string; at: string; detail: string | null }[]>(row.timeline).map((t) => ({ type: t.type, at: toMs(t.at)!, detail: t.detail ?? null })),
    ],
  };
}

/**
 * A timeline's first entry, `queued` (or `scheduled`) at acceptance, is read off the
 * message row rather than stored as an email_events row: one insert fewer on the send path.
 */
export function acceptanceEntry(row: { scheduled_at?: unknown; created_at?: unknown }): TimelineEntry {
  return { type: row.scheduled_at === null || row.scheduled_at === undefined ? "queued" : "scheduled", at: toMs(row.created_at)!, detail: null };
}

/**
 * List cursors: `t` is a keyset position in the newest-first list; `r` a search position:
 * the window of candidates (`w`, exclusive upper bound; null = the newest) and the last
 * row shown in it (`p`; null = the window's start).
 */
type Cursor =
  | { k: "t"; us: string; id: string }
  | { k: "r"; w: { us: string; id: string } | null; p: { rank: number; us: string; id: string } | null };

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

const isPosition = (x: unknown): x is { us: string; id: string } =>
  typeof x === "object" && x !== null && /^\d{1,18}$/.test(String((x as { us?: unknown }).us)) && isUuid(String((x as { id?: unknown }).id));

function decodeCursor<K extends Cursor["k"]>(value: string, kind: K): Extract<Cursor, { k: K }> {
  try {
    const c = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Cursor;
    if (c.k === kind) {
      if (c.k === "t" && isPosition(c)) return c as Extract<Cursor, { k: K }>;
      if (c.k === "r" && (c.w === null || isPosition(c.w)) && (c.p === null || (isPosition(c.p) && Number.isFinite(c.p.rank)))) {
        return c as Extract<Cursor, { k: K }>;
      }
    }
  } catch { /* fall through */ }
  throw validationError("cursor: not a cursor this list returned (use nextCursor as given, with the same search)");
}

/**
 * Search ranks the newest searchWindow() matches at a time: relevance order within each
 * window, windows newest first. Ranking every match of a word that is in every message
 * would read the whole account; a window keeps a page's cost bounded whatever the term.
 * SEARCH_WINDOW in the environment changes it (tests use a small one to cross windows).
 */
export const searchWindow = (): number => Number(process.env.SEARCH_WINDOW || 100);

/**
 * How a window is found: the newest SCAN_FACTOR × window messages are read in time order
 * first; a term common enough to fill the window there costs no more than that. Rarer
 * terms go through the full-text index, where they have few matches (at most one in
 * SCAN_FACTOR messages). The planner cannot make this choice itself: it does not know how
 * recent the matches are and misjudges words missing from its statistics.
 */
const SCAN_FACTOR = 200;

/**
 * A term the planner's statistics put at no more than this many messages in the whole
 * table skips the time-order scan: the full-text index finds its few matches in a few
 * milliseconds, where reading SCAN_FACTOR × window messages to learn that they hold
 * none took 15–30 ms (an address searched for, a rare word). The estimate is what limits
 * the index's own cost; a word the statistics do not list is put below their rarest one.
 * SEARCH_RARE_MATCHES changes it (-1: always scan first; tests run both ways).
 */
const rareMatches = (): number => Number(process.env.SEARCH_RARE_MATCHES ?? 5_000);

/** The planner's estimate of the messages (all accounts) a tsquery matches. */
async function estimatedMatches(query: string): Promise<number> {
  const d = await database();
  const [row] = await d.rows<{ "QUERY PLAN": unknown }>(sql`explain (format json) select 1 from emails where search_vector @@ to_tsquery('simple', ${query})`);
  const plan = row?.["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan?: { "Plan Rows"?: number } }[];
  return Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? Infinity);
}

// The indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST): ordering must say so to use them.
const at = (us: string) => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
const columns = sql`id, status, "from", "to", subject, created_at, sent_at, tags, (extract(epoch from created_at) * 1000000)::bigint::text as us`;

type ListPage = { data: EmailListItem[]; hasMore: boolean; nextCursor: string | null };

/**
 * GET /v1/emails. Newest first by (created_at, id) on the account's index; with `search`,
 * by relevance over the full-text index of subject, from and recipients. Keyset cursors.
 */
export async function listEmails(accountId: string, opts: { limit: number; cursor?: string; status?: ListStatus; search?: string }): Promise<ListPage> {
  if (opts.search !== undefined && opts.search.trim() !== "") return searchEmails(accountId, { ...opts, search: opts.search });
  const d = await database();
  const take = opts.limit + 1;
  const c = opts.cursor ? decodeCursor(opts.cursor, "t") : null;
  const after = c ? sql`and (created_at, id) < (${at(c.us)}, ${c.id})` : sql``;
  const one = (status: SQL) => sql`(select ${columns} from emails where account_id = ${accountId} ${status} ${after}
    order by created_at desc nulls last, id desc nulls last limit ${take})`;
  // `queued` includes mid-dispatch rows: one ordered index scan per stored status, merged.
  const statuses = opts.status === "queued" ? ["queued", "sending"] : opts.status ? [opts.status] : null;
  const parts = statuses ? statuses.map((s) => one(sql`and status = ${s}`)) : [one(sql``)];
  const rows = await preparedRows<Record<string, unknown>>(d, parts.length === 1 ? parts[0]
    : sql`select * from (${sql.join(parts, sql` union all `)}) x order by created_at desc, id desc limit ${take}`);
  const hasMore = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  const nextCursor = hasMore && last ? encodeCursor({ k: "t", us: String(last.us), id: last.id as string }) : null;
  return { data: page.map(toListItem), hasMore, nextCursor };
}

/** The search side of GET /v1/emails: relevance order within windows of the newest matches (searchWindow()). */
async function searchEmails(accountId: string, opts: { limit: number; cursor?: string; status?: ListStatus; search: string }): Promise<ListPage> {
  const d = await database();
  const take = opts.limit + 1;
  const query = searchQuery(opts.search);
  if (query === null) return { data: [], hasMore: false, nextCursor: null };
  const c = opts.cursor ? decodeCursor(opts.cursor, "r") : null;
  const q = sql`to_tsquery('simple', ${query})`;
  const window = searchWindow();
  const scan = (await estimatedMatches(query)) <= rareMatches() ? 0 : window * SCAN_FACTOR;
  const bound = c?.w ? sql`and (created_at, id) < (${at(c.w.us)}, ${c.w.id})` : sql``;
  const status = opts.status ? sql`and status = ${opts.status}` : sql``;
  const order = sql`order by created_at desc nulls last, id desc nulls last`;
  const fields = sql`id, status, "from", "to", subject, created_at, sent_at, tags, search_vector`;
  // Not prepared: a generic plan would fix one strategy for every term.
  const rows0 = await unjittedRows<Record<string, unknown>>(d, sql`
    with recent as (
      select * from (select ${fields} from emails where account_id = ${accountId} ${bound} ${order} limit ${scan}) s
      where search_vector @@ ${q} ${status} ${order} limit ${window}
    ), indexed as materialized (
      select ${fields} from emails
      where (select count(*) from recent) < ${window} and account_id = ${accountId} and search_vector @@ ${q} ${status} ${bound}
    ), cand as (
      select * from recent where (select count(*) from recent) = ${window}
      union all (select * from indexed ${order} limit ${window})
    ), ranked as (
      select id, status, "from", "to", subject, created_at, sent_at, tags,
        (extract(epoch from created_at) * 1000000)::bigint::text as us, ts_rank(search_vector, ${q})::float8 as rank from cand
    ), win as (
      select count(*)::int as n, min(us::bigint)::text as bottom_us from ranked
    )
    select win.n, win.bottom_us, (select min(id) from ranked where us = win.bottom_us) as bottom_id, r.*
    from win left join lateral (
      select * from ranked
      ${c?.p ? sql`where (rank, created_at, id) < (${c.p.rank}::float8, ${at(c.p.us)}, ${c.p.id})` : sql``}
      order by rank desc, created_at desc, id desc limit ${take}
    ) r on true`);
  const head = rows0[0];
  const rows = rows0.filter((r) => r.id !== null);
  const hasMore = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  // A full window may have older matches behind it: continue with the next window.
  const nextCursor: Cursor | null = hasMore && last
    ? { k: "r", w: c?.w ?? null, p: { rank: Number(last.rank), us: String(last.us), id: last.id as string } }
    : Number(head.n) === window
      ? { k: "r", w: { us: String(head.bottom_us), id: head.bottom_id as string }, p: null }
      : null;
  return { data: page.map(toListItem), hasMore: nextCursor !== null, nextCursor: nextCursor && encodeCursor(nextCursor) };
}

function toListItem(r: Record<string, unknown>): EmailListItem {
  return {
    id: r.id as string,
    status: publicStatus(r.status as string),
    from: r.from as string,
    to: json(r.to),
    subject: r.subject as string,
    createdAt: toMs(r.created_at)!,
    sentAt: toMs(r.sent_at),
    tags: json(r.tags),
  };
}

/**
 * DELETE /v1/emails/{id}: cancels a message still `scheduled` (decided by its stored
 * status, under the row lock the dispatcher also takes); 409 once it has left.
 */
export async function cancelEmail(accountId: string, id: string): Promise<{ id: string; canceled: boolean }> {
  if (!isUuid(id)) throw notFound("Email");
  const d = await database();
  const [row] = await preparedRows<{ canceled: number }>(d, sql`
    with c as (
      update emails set status = 'canceled', next_attempt_at = null
      where id = ${id} and account_id = ${accountId} and status = 'scheduled' returning id
    ), ev as (
      insert into email_events (id, email_id, type, at) select gen_random_uuid()::text, id, 'canceled', clock_timestamp() from c
    )
    select (select count(*) from c)::int as canceled`);
  if (row.canceled === 1) return { id, canceled: true };
  const [current] = await preparedRows<{ status: string }>(d, sql`select status from emails where id = ${id} and account_id = ${accountId}`);
  if (!current) throw notFound("Email");
  // The reference's table: any state other than scheduled is 409, a cancelled message included.
  if (current.status === "canceled") throw validationError("The email has already been canceled.", 409);
  throw validationError(`The email has already been dispatched (status ${publicStatus(current.status)}) and can no longer be canceled.`, 409);
}
