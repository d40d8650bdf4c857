import { sql, type SQL } from "drizzle-orm";
import { ACCOUNT_SEARCH_VECTOR } from "../db/schema";
import type { RowsOf } from "../db/statements";

/** A position in the newest-first order: created_at in µs since the epoch, then id. */
export type Position = { us: string; id: string };

/** A matching message as the list shows it, with its position and relevance. */
export type Match = Record<string, unknown> & Position & { rank: number };

/**
 * The newest RECENT_FACTOR × window messages are read in time order first: a term in at
 * least one message in RECENT_FACTOR fills its window there, at a cost that follows the
 * page (a word in 1 of 10 messages reads about 10 × window).
 */
const RECENT_FACTOR = 20;

/**
 * Rarer terms are read through the full-text index (the words with the account's lexeme
 * ANDed in) ANDed with the created_at BRIN index, one time slice at a time, newest first: the
 * heap is read only for the account's matches inside the slice. A slice is sized from the
 * density seen so far to hold about twice the matches still missing; one that returns more
 * than SLICE_CAP_FACTOR × window is narrowed and read again, so no slice reads more than that
 * many matches whatever the estimate.
 */
const SLICE_CAP_FACTOR = 5;

const order = sql`order by created_at desc nulls last, id desc nulls last`;
const fields = sql`id, status, "from", "to", subject, created_at, sent_at, tags, source`;
const usOf = sql`(extract(epoch from created_at) * 1000000)::bigint::text`;
const at = (us: string | number) => sql`(timestamptz 'epoch' + ${String(us)}::bigint * interval '1 microsecond')`;

/** Newest first: a before b when a is newer. */
export function newerFirst(a: Position, b: Position): number {
  const d = BigInt(b.us) - BigInt(a.us);
  return d > 0n ? 1 : d < 0n ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The newest `window` messages of an account matching `query` (a tsquery text) older than
 * `below` (null: from the newest), newest first, each with its ts_rank. Every statement's
 * plan is fixed by its shape, not by statistics (run it under PLANS.search, server/db/statements.ts).
 */
export async function newestMatches(
  rows: RowsOf,
  opts: { accountId: string; query: string; status?: string; filter?: SQL; below: Position | null; window: number },
): Promise<Match[]> {
  const { accountId, window } = opts;
  const q = sql`to_tsquery('simple', ${opts.query})`;
  // `filter`: the dashboard's further conditions (`and …`), checked wherever the status is.
  const status = sql`${opts.status ? sql`and status = ${opts.status}` : sql``} ${opts.filter ?? sql``}`;
  const recent = window * RECENT_FACTOR;
  // Literal limits: a generic plan guessing at a parameter's value might sort instead of reading the index in order.
  const [recentRows, upTo] = [sql.raw(String(recent)), sql.raw(String(window + 1))];
  const below = opts.below ? sql`and (created_at, id) < (${at(opts.below.us)}, ${opts.below.id})` : sql``;

  // The newest `recent` messages in time order; stops early once `window` of them match.
  // The last one read comes back too (hit false) to say where the slices start. (Not
  // first_value() for the newest: PostgreSQL seeks back to the frame's head row by row.)
  // With it, the account's oldest message and how many it holds: its daily usage counters
  // since that day (server/limits/counters.ts), an estimate enough to choose a first slice.
  type Scanned = Match & { hit: boolean; n: string; top_us: string; oldest_us: string | null; held: string };
  const scanned = await rows<Scanned>(sql`
    select t.*,
      (select ${usOf} from emails where account_id = ${accountId} ${below} ${order} limit 1) as top_us,
      (extract(epoch from o.oldest) * 1000000)::bigint::text as oldest_us,
      (select coalesce(sum(messages), 0) from usage_counters where account_id = ${accountId}
        and period >= 'd:' || to_char(o.oldest at time zone 'UTC', 'YYYY-MM-DD') and period < 'e')::text as held
    from (select min(created_at) as oldest from emails where account_id = ${accountId}) o, (
      select ${fields}, us, hit, n, case when hit then ts_rank(search_vector, ${q})::float8 end as rank from (
        select ${fields}, search_vector, ${usOf} as us, (search_vector @@ ${q} ${status}) as hit, row_number() over (${order}) as n
        from emails where account_id = ${accountId} ${below} ${order} limit ${recentRows}
      ) s where hit or n = ${recentRows}
      limit ${upTo}
    ) t`);
  const found: Match[] = scanned.filter((r) => r.hit).map(({ hit: _h, n: _n, top_us: _t, oldest_us: _o, held: _c, ...m }) => m as Match);
  const last = scanned.find((r) => Number(r.n) === recent);
  if (found.length >= window || !last) return found.slice(0, window);

  const cap = window * SLICE_CAP_FACTOR;
  const top = Number(last.top_us);
  const oldest = Number(last.oldest_us);
  const sliceOf = (lo: number | null, hi: Position | { us: string; id: null }, limit: number | null) =>
    rows<Match>(sql`
      select ${fields}, ${usOf} as us, ts_rank(search_vector, ${q})::float8 as rank from emails
      where account_id || '' = ${accountId} and ${sql.raw(ACCOUNT_SEARCH_VECTOR)} @@ (${q} && quote_literal('@' || ${accountId})::tsquery) ${status}
        ${lo === null ? sql`` : sql`and created_at >= ${at(lo)} and created_at <= ${at(hi.us)}`}
        and (created_at, id) < (${at(hi.us)}, ${hi.id ?? ""}) and numnode(${q}) > 0
      limit ${limit}`);
  // The words are matched with the account's lexeme ANDed in (decision 0049), so the
  // full-text index returns this account's matches alone; the account condition is written
  // so no B-tree serves it: a bounded slice is always the BitmapAnd of the two indexes, whose
  // heap reads follow the account's matches in the slice. The last, open slice (everything
  // older) has no bound the BRIN index can use, so it is the full-text index alone: ANDing a
  // range that covers the rest of the table costs more than it saves. An id of "" makes the
  // row comparison a plain created_at < bound. PostgreSQL's parser drops what its locale
  // does not call a letter or digit (½, ²): a query left with no word ANDed with the
  // account's lexeme would match all the account's mail, so such a query reads nothing.

  let hi: Position | { us: string; id: null } = { us: last.us, id: last.id };
  for (let first = true; ; first = false) {
    const covered = Math.max(top - Number(hi.us), 1000);
    // A term whose matches among the newest, at that density through the account's older
    // messages, would fit in one statement (an address, a name, a word in 1 of 1,000): the
    // full-text index alone returns every older match at once. More than `cap` is narrowed.
    let span =
      first && (found.length * Math.max(Number(last.held) - recent, 0)) / recent <= cap
        ? Infinity
        : Math.ceil(Math.max(3 * covered, (2 * covered * (window - found.length + 1)) / (found.length + 1)));
    for (;;) {
      const lo: number = Number(hi.us) - span;
      const open = lo <= oldest;
      const got = await sliceOf(open ? null : lo, hi, span > 1 ? cap + 1 : null);
      if (got.length > cap && span > 1) {
        span = Math.ceil(Math.min(span, Number(hi.us) - oldest) / 4);
        continue;
      }
      found.push(...got);
      if (open || found.length >= window) return found.sort(newerFirst).slice(0, window);
      hi = { us: String(lo), id: null };
      break;
    }
  }
}
