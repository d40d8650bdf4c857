import { sql, type SQL } from "drizzle-orm";
import { config } from "../config";
import { database } from "../db/client";
import { validationError } from "../errors";
import { isUuid } from "../lib/ids";
import { decodeCursor, encodeCursor } from "../lib/pagination";
import { jsonColumn, msColumn } from "./columns";
import { publicStatus } from "./public-status";
import { searchQuery } from "./search";
import type { EmailListItem, EmailPage, ListStatus } from "./schemas";
import { preparedRows, unjittedRows } from "./statement";

/**
 * List cursors: `t` is a keyset position in the newest-first list; `r` a search position:
 * the window of candidates (`w`, exclusive upper bound; null = the newest) and the last
 * row shown in it (`p`; null = the window's start).
 */
type Cursor =
  { k: "t"; us: string; id: string } | { k: "r"; w: { us: string; id: string } | null; p: { rank: number; us: string; id: string } | null };

const encodeListCursor = (c: Cursor): string => encodeCursor(JSON.stringify(c));

const isPosition = (x: unknown): x is { us: string; id: string } =>
  typeof x === "object" &&
  x !== null &&
  /^\d{1,18}$/.test(String((x as { us?: unknown }).us)) &&
  isUuid(String((x as { id?: unknown }).id));

function decodeListCursor<K extends Cursor["k"]>(value: string, kind: K): Extract<Cursor, { k: K }> {
  try {
    const c = JSON.parse(decodeCursor(value) ?? "") as Cursor;
    if (c.k === kind) {
      if (c.k === "t" && isPosition(c)) return c as Extract<Cursor, { k: K }>;
      if (c.k === "r" && (c.w === null || isPosition(c.w)) && (c.p === null || (isPosition(c.p) && Number.isFinite(c.p.rank)))) {
        return c as Extract<Cursor, { k: K }>;
      }
    }
  } catch {
    /* fall through */
  }
  throw validationError("cursor: not a cursor this list returned (use nextCursor as given, with the same search)");
}

/**
 * Search ranks the newest searchWindow() matches at a time: relevance order within each
 * window, windows newest first. Ranking every match of a word that is in every message
 * would read the whole account; a window keeps a page's cost bounded whatever the term.
 * SEARCH_WINDOW in the environment changes it (tests use a small one to cross windows).
 */
export const searchWindow = (): number => config().search.window;

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
const rareMatches = (): number => config().search.rareMatches;

/** The planner's estimate of the messages (all accounts) a tsquery matches. */
async function estimatedMatches(query: string): Promise<number> {
  const d = await database();
  const [row] = await d.rows<{ "QUERY PLAN": unknown }>(
    sql`explain (format json) select 1 from emails where search_vector @@ to_tsquery('simple', ${query})`,
  );
  const plan = row?.["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan?: { "Plan Rows"?: number } }[];
  return Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? Infinity);
}

// The indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST): ordering must say so to use them.
const at = (us: string) => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
const columns = sql`id, status, "from", "to", subject, created_at, sent_at, tags, (extract(epoch from created_at) * 1000000)::bigint::text as us`;

/**
 * GET /v1/emails. Newest first by (created_at, id) on the account's index; with `search`,
 * by relevance over the full-text index of subject, from and recipients. Keyset cursors.
 */
export async function listEmails(
  accountId: string,
  opts: { limit: number; cursor?: string; status?: ListStatus; search?: string },
): Promise<EmailPage> {
  if (opts.search !== undefined && opts.search.trim() !== "") return searchEmails(accountId, { ...opts, search: opts.search });
  const d = await database();
  const take = opts.limit + 1;
  const c = opts.cursor ? decodeListCursor(opts.cursor, "t") : null;
  const after = c ? sql`and (created_at, id) < (${at(c.us)}, ${c.id})` : sql``;
  const one = (status: SQL) => sql`(select ${columns} from emails where account_id = ${accountId} ${status} ${after}
    order by created_at desc nulls last, id desc nulls last limit ${take})`;
  // `queued` includes mid-dispatch rows: one ordered index scan per stored status, merged.
  const statuses = opts.status === "queued" ? ["queued", "sending"] : opts.status ? [opts.status] : null;
  const parts = statuses ? statuses.map((s) => one(sql`and status = ${s}`)) : [one(sql``)];
  const rows = await preparedRows<Record<string, unknown>>(
    d,
    parts.length === 1
      ? parts[0]
      : sql`select * from (${sql.join(parts, sql` union all `)}) x order by created_at desc, id desc limit ${take}`,
  );
  const hasMore = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  const nextCursor = hasMore && last ? encodeListCursor({ k: "t", us: String(last.us), id: last.id as string }) : null;
  return { data: page.map(toListItem), hasMore, nextCursor };
}

/** The search side of GET /v1/emails: relevance order within windows of the newest matches (searchWindow()). */
async function searchEmails(
  accountId: string,
  opts: { limit: number; cursor?: string; status?: ListStatus; search: string },
): Promise<EmailPage> {
  const d = await database();
  const take = opts.limit + 1;
  const query = searchQuery(opts.search);
  if (query === null) return { data: [], hasMore: false, nextCursor: null };
  const c = opts.cursor ? decodeListCursor(opts.cursor, "r") : null;
  const q = sql`to_tsquery('simple', ${query})`;
  const window = searchWindow();
  const scan = (await estimatedMatches(query)) <= rareMatches() ? 0 : window * SCAN_FACTOR;
  const bound = c?.w ? sql`and (created_at, id) < (${at(c.w.us)}, ${c.w.id})` : sql``;
  const status = opts.status ? sql`and status = ${opts.status}` : sql``;
  const order = sql`order by created_at desc nulls last, id desc nulls last`;
  const fields = sql`id, status, "from", "to", subject, created_at, sent_at, tags, search_vector`;
  // Not prepared: a generic plan would fix one strategy for every term.
  const rows0 = await unjittedRows<Record<string, unknown>>(
    d,
    sql`
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
    ) r on true`,
  );
  const head = rows0[0];
  const rows = rows0.filter((r) => r.id !== null);
  const hasMore = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  // A full window may have older matches behind it: continue with the next window.
  const nextCursor: Cursor | null =
    hasMore && last
      ? { k: "r", w: c?.w ?? null, p: { rank: Number(last.rank), us: String(last.us), id: last.id as string } }
      : Number(head.n) === window
        ? { k: "r", w: { us: String(head.bottom_us), id: head.bottom_id as string }, p: null }
        : null;
  return { data: page.map(toListItem), hasMore: nextCursor !== null, nextCursor: nextCursor && encodeListCursor(nextCursor) };
}

function toListItem(r: Record<string, unknown>): EmailListItem {
  return {
    id: r.id as string,
    status: publicStatus(r.status as string),
    from: r.from as string,
    to: jsonColumn(r.to),
    subject: r.subject as string,
    createdAt: msColumn(r.created_at)!,
    sentAt: msColumn(r.sent_at),
    tags: jsonColumn(r.tags),
  };
}
