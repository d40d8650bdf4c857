import { sql, type SQL } from "drizzle-orm";
import { ACCOUNT_SEARCH_VECTOR } from "../db/schema";
import type { RowsOf } from "../db/statements";
import { accountRows, dailyPoints } from "./account-rows";

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
 * heap is read only for the account's matches inside the slice. A slice is sized in the
 * account's messages (its daily usage counters, server/sending/account-rows.ts) to hold, at
 * the density of matches seen so far, about twice the matches still missing; one that
 * returns more than SLICE_CAP_FACTOR × window is narrowed and read again, so no slice reads
 * more than that many matches whatever the estimate.
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
  // With it, the account's oldest message and its daily usage counters since that day.
  type Scanned = Match & { hit: boolean; n: string; top_us: string; oldest_us: string | null; days: string };
  const scanned = await rows<Scanned>(sql`
    select t.*,
      (select ${usOf} from emails where account_id = ${accountId} ${below} ${order} limit 1) as top_us,
      (extract(epoch from o.oldest) * 1000000)::bigint::text as oldest_us,
      (select coalesce(json_agg(json_build_array(substr(period, 3), messages) order by period), '[]')::text
        from usage_counters where account_id = ${accountId}
        and period >= 'd:' || to_char(o.oldest at time zone 'UTC', 'YYYY-MM-DD') and period < 'e') as days
    from (select min(created_at) as oldest from emails where account_id = ${accountId}) o, (
      select ${fields}, us, hit, n, case when hit then ts_rank(search_vector, ${q})::float8 end as rank from (
        select ${fields}, search_vector, ${usOf} as us, (search_vector @@ ${q} ${status}) as hit, row_number() over (${order}) as n
        from emails where account_id = ${accountId} ${below} ${order} limit ${recentRows}
      ) s where hit or n = ${recentRows}
      limit ${upTo}
    ) t`);
  const found: Match[] = scanned.filter((r) => r.hit).map(({ hit: _h, n: _n, top_us: _t, oldest_us: _o, days: _d, ...m }) => m as Match);
  const last = scanned.find((r) => Number(r.n) === recent);
  if (found.length >= window || !last) return found.slice(0, window);

  const cap = window * SLICE_CAP_FACTOR;
  const [top, oldest, start] = [Number(last.top_us), Number(last.oldest_us), Number(last.us)];
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

  // Where the account's messages lie in time: its counters, anchored where the newest-first
  // read stopped (`recent` messages above it, at the pace it saw); counters short of that
  // (rows written without them) give way to the messages spread evenly at that pace.
  const pace = recent / Math.max(top - start, 1);
  const days = JSON.parse(last.days) as [string, number][];
  const held = days.reduce((sum, [, messages]) => sum + messages, 0);
  const counted = held >= recent;
  let messages = counted
    ? accountRows(dailyPoints(days, oldest))
    : accountRows([
        [oldest, 0],
        [top, pace * Math.max(top - oldest, 1)],
      ]);
  if (!opts.below || !counted) messages = messages.anchored(start, (counted ? held : messages.before(top)) - recent, pace);

  let hi: Position | { us: string; id: null } = { us: last.us, id: last.id };
  let read = recent;
  let density = found.length / read;
  // The bound of a slice that held more than `cap`: the next must lie above it.
  let tooWide: number | null = null;
  for (;;) {
    const upper: number = Number(hi.us);
    const older = messages.before(upper);
    // The slice's lower bound, or null for everything older: when the older matches expected
    // at this density fit in one statement (none seen yet: no density to size a slice by).
    // A slice's pages come back lossy from its BitmapAnd and every row on them is rechecked
    // (the index's expression rebuilt for each), so it costs several times more a match than
    // the full-text index alone, whose rows come back exact: up to `cap` older matches, one
    // read of them all is the cheaper (docs/benchmarks.md).
    const wanted = (2 * (window - found.length + 1)) / density;
    let lo: number | null = density * older > cap ? Math.min(Math.floor(messages.at(older - wanted)), upper - 1) : null;
    if (lo !== null && lo <= oldest) lo = null;
    // Narrowing where the counters cannot tell (fewer messages than the slice held): a quarter.
    if (tooWide !== null && (lo === null || lo <= tooWide)) lo = Math.floor(upper - (upper - tooWide) / 4);
    const narrowable = lo === null || upper - lo > 1;
    const got = await sliceOf(lo, hi, narrowable ? cap + 1 : null);
    const sliced = older - (lo === null ? 0 : messages.before(lo));
    if (got.length > cap && narrowable) {
      // Denser than estimated: at least cap + 1 in the slice; size the next by that.
      density = Math.max(density, (cap + 1) / Math.max(sliced, 1));
      tooWide = lo ?? oldest;
      continue;
    }
    tooWide = null;
    found.push(...got);
    if (lo === null || found.length >= window) return found.sort(newerFirst).slice(0, window);
    read += sliced;
    density = found.length / read;
    hi = { us: String(lo), id: null };
  }
}
