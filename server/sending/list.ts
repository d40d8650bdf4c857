import { sql, type SQL } from "drizzle-orm";
import { config } from "../config";
import { database } from "../db/client";
import { validationError } from "../errors";
import { isUuid } from "../lib/ids";
import { positionOf } from "./position";
import { decodeCursor, encodeCursor } from "../lib/pagination";
import { jsonColumn, msColumn } from "./columns";
import { publicStatus } from "./public-status";
import { searchQuery } from "./search";
import type { EmailListItem, EmailPage, EmailSource, ListStatus, Tag } from "./schemas";
import { newerFirst, newestMatches, type Match } from "./search-window";
import { inPlan, PLANS } from "../db/statements";

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

// The indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST): ordering must say so to use them.
const at = (us: string) => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
const columns = sql`id, status, "from", "to", subject, created_at, sent_at, tags, source, (extract(epoch from created_at) * 1000000)::bigint::text as us`;

/** A list request: our keyset `cursor`, or Resend's `after` / `before` (an email id). */
export interface ListOptions {
  limit: number;
  cursor?: string;
  after?: string;
  before?: string;
  status?: ListStatus;
  search?: string;
  /** The dashboard's filters (GET /v1/emails has none of them). */
  filters?: ListFilters;
}

/** Created in [createdFrom, createdBefore) and carrying this tag (exact name and value). */
export interface ListFilters {
  createdFrom?: Date;
  createdBefore?: Date;
  tag?: Tag;
}

/**
 * Rows a tag-filtered page reads at most. No index holds tags (one would cost every send),
 * so the account's time index is read in order and the tag checked on each row; a page that
 * reads this many rows ends there, possibly short or empty, with a cursor to go on (as a
 * search page may, "a page may be empty while hasMore is true").
 */
export const TAG_SCAN_ROWS = 5000;

/** The filters' conditions on `emails`: a created_at range the time indexes serve, and a tag check. */
function rangeSql(f: ListFilters | undefined): SQL {
  return sql`${f?.createdFrom ? sql`and created_at >= ${f.createdFrom.toISOString()}::timestamptz` : sql``}
    ${f?.createdBefore ? sql`and created_at < ${f.createdBefore.toISOString()}::timestamptz` : sql``}`;
}
const tagSql = (tag: Tag): SQL => sql`tags @> ${JSON.stringify([{ name: tag.name, value: tag.value }])}::jsonb`;
/** Every filter as conditions on a row (a search checks them on its matches). */
const filterSql = (f: ListFilters | undefined): SQL | undefined =>
  f ? sql`${rangeSql(f)} ${f.tag ? sql`and ${tagSql(f.tag)}` : sql``}` : undefined;

const positionOfEmail = (accountId: string, field: "after" | "before", id: string) =>
  positionOf({ table: "emails", what: "email" }, accountId, field, id);

/**
 * GET /v1/emails. Newest first by (created_at, id) on the account's index; with `search`,
 * by relevance over the full-text index of subject, from and recipients. Keyset cursors;
 * Resend's `after` starts below an email, `before` reads the page just above one (hasMore
 * then says whether newer emails remain, and nextCursor is null: cursors only go older).
 */
export async function listEmails(accountId: string, opts: ListOptions): Promise<EmailPage> {
  const given = (["cursor", "after", "before"] as const).filter((k) => opts[k] !== undefined);
  if (given.length > 1) throw validationError(`${given[1]}: give one of cursor, after and before`);
  const searching = opts.search !== undefined && opts.search.trim() !== "";
  if (searching && (opts.after !== undefined || opts.before !== undefined)) {
    throw validationError(
      `${opts.after !== undefined ? "after" : "before"}: not with search (results come in relevance order); use cursor`,
    );
  }
  const page = searching
    ? await searchEmails(accountId, { ...opts, search: opts.search! })
    : opts.filters?.tag
      ? await tagged(accountId, { ...opts, tag: opts.filters.tag })
      : await timeOrdered(accountId, opts);
  return { ...page, has_more: page.hasMore };
}

/** The statuses a list status stands for: `queued` includes mid-dispatch rows. */
const storedStatuses = (status: ListStatus): string[] => (status === "queued" ? ["queued", "sending"] : [status]);

async function timeOrdered(accountId: string, opts: ListOptions): Promise<Omit<EmailPage, "has_more">> {
  const d = await database();
  const take = opts.limit + 1;
  const c = opts.cursor
    ? decodeListCursor(opts.cursor, "t")
    : opts.after !== undefined
      ? await positionOfEmail(accountId, "after", opts.after)
      : null;
  const upward = opts.before !== undefined ? await positionOfEmail(accountId, "before", opts.before) : null;
  const bound = c
    ? sql`and (created_at, id) < (${at(c.us)}, ${c.id})`
    : upward
      ? sql`and (created_at, id) > (${at(upward.us)}, ${upward.id})`
      : sql``;
  // Upward is the index read backwards: ascending with nulls first, or the index is not used.
  const dir = upward ? sql`asc nulls first` : sql`desc nulls last`;
  const one = (status: SQL) => sql`(select ${columns} from emails where account_id = ${accountId} ${status} ${bound}
    ${rangeSql(opts.filters)} order by created_at ${dir}, id ${dir} limit ${take})`;
  // `queued` includes mid-dispatch rows: one ordered index scan per stored status, merged.
  const statuses = opts.status ? storedStatuses(opts.status) : null;
  const parts = statuses ? statuses.map((s) => one(sql`and status = ${s}`)) : [one(sql``)];
  const rows = await d.rows<Record<string, unknown>>(
    parts.length === 1
      ? parts[0]
      : sql`select * from (${sql.join(parts, sql` union all `)}) x order by created_at ${dir}, id ${dir} limit ${take}`,
  );
  const hasMore = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  if (upward) return { data: page.reverse().map(toListItem), hasMore, nextCursor: null };
  const last = page[page.length - 1];
  const nextCursor = hasMore && last ? encodeListCursor({ k: "t", us: String(last.us), id: last.id as string }) : null;
  return { data: page.map(toListItem), hasMore, nextCursor };
}

/**
 * A tag-filtered page, newest first: at most TAG_SCAN_ROWS rows of the account's time index
 * (within the created_at range), each checked for the tag and status. The cursor is the
 * keyset position of the last row shown, or of the last row read when the scan ran out.
 */
async function tagged(
  accountId: string,
  opts: { limit: number; cursor?: string; status?: ListStatus; tag: Tag; filters?: ListFilters },
): Promise<Omit<EmailPage, "has_more">> {
  const c = opts.cursor ? decodeListCursor(opts.cursor, "t") : null;
  const bound = c ? sql`and (created_at, id) < (${at(c.us)}, ${c.id})` : sql``;
  const status = opts.status ? sql`and status = any(${sql.param(storedStatuses(opts.status))}::text[])` : sql``;
  const order = sql`order by created_at desc nulls last, id desc nulls last`;
  const cap = sql.raw(String(TAG_SCAN_ROWS));
  const { rows } = await database();
  // Literal limits, as in the search scan: the plan must read the index in order, whatever the values.
  const found = await rows<Record<string, unknown> & { hit: boolean; n: string }>(sql`
    select * from (
      select ${columns}, (${tagSql(opts.tag)} ${status}) as hit, row_number() over (${order}) as n
      from emails where account_id = ${accountId} ${rangeSql(opts.filters)} ${bound} ${order} limit ${cap}
    ) s where hit or n = ${cap}
    limit ${sql.raw(String(opts.limit + 1))}`);
  const hits = found.filter((r) => r.hit);
  const end = found.find((r) => Number(r.n) === TAG_SCAN_ROWS);
  const page = hits.slice(0, opts.limit);
  const resume = hits.length > opts.limit ? page[page.length - 1] : end;
  return {
    data: page.map(toListItem),
    hasMore: resume !== undefined,
    nextCursor: resume ? encodeListCursor({ k: "t", us: String(resume.us), id: resume.id as string }) : null,
  };
}

/** (rank, position) descending: the order of a page within its window. */
const byRelevance = (a: Match, b: Match): number => (a.rank !== b.rank ? (a.rank < b.rank ? 1 : -1) : newerFirst(a, b));

/** The search side of GET /v1/emails: relevance order within windows of the newest matches (searchWindow()). */
async function searchEmails(
  accountId: string,
  opts: { limit: number; cursor?: string; status?: ListStatus; search: string; filters?: ListFilters },
): Promise<Omit<EmailPage, "has_more">> {
  const query = searchQuery(opts.search);
  if (query === null) return { data: [], hasMore: false, nextCursor: null };
  const c = opts.cursor ? decodeListCursor(opts.cursor, "r") : null;
  const window = searchWindow();
  const d = await database();
  const matches = await inPlan(d, PLANS.search, (rows) =>
    newestMatches(rows, { accountId, query, status: opts.status, filter: filterSql(opts.filters), below: c?.w ?? null, window }),
  );
  const shown = c?.p ?? null;
  // The rest of the window after the last row shown (that row's rank and position).
  const ranked = matches.sort(byRelevance).filter((m) => !shown || byRelevance(m, { ...m, ...shown }) > 0);
  const hasMore = ranked.length > opts.limit;
  const page = ranked.slice(0, opts.limit);
  const last = page[page.length - 1];
  // A full window may have older matches behind it: continue with the next window.
  const bottom = matches.length === window ? [...matches].sort(newerFirst)[window - 1] : null;
  const nextCursor: Cursor | null =
    hasMore && last
      ? { k: "r", w: c?.w ?? null, p: { rank: last.rank, us: last.us, id: last.id } }
      : bottom
        ? { k: "r", w: { us: bottom.us, id: bottom.id }, p: null }
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
    source: r.source as EmailSource,
  };
}
