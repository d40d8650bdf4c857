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
 * Rarer terms are read through the full-text index one time slice at a time, newest first:
 * the words ANDed with the account's lexemes for the slice's hours or days (decision 0053), so
 * the index returns the account's matches in the slice alone, exactly, and its work follows
 * the slice, not the account's history. A slice is sized in the account's messages (its daily
 * usage counters, server/sending/account-rows.ts) to hold, at the density of matches seen so
 * far, about twice the matches still missing; one that returns more than SLICE_CAP_FACTOR ×
 * window is narrowed and read again, so no slice reads more than that many matches whatever
 * the estimate.
 */
const SLICE_CAP_FACTOR = 5;

const HOUR_US = 3_600_000_000;
const DAY_US = 86_400_000_000;
/**
 * A slice of up to this many hours is read by its hours, a wider one by its days (whole
 * days, at most MAX_DAYS of them). GIN visits every ORed lexeme for each item of the rarest
 * ones, so many small lexemes cost more than a few large ones (48 hours: 41 ms, against 1.5 ms
 * for their 2 days, docs/benchmarks.md); a slice is wide only when matches are sparse.
 */
const MAX_HOURS = 6;
const MAX_DAYS = 31;

/**
 * A bounded slice: its lexemes' unit and their range (inclusive), where it starts (µs), and
 * whether a narrower slice could still be read (it holds more than one hour below its top).
 */
type Slice = { unit: "h" | "d"; from: number; to: number; start: number; narrowable: boolean };

/**
 * The slice from about `lo` up to `top` (µs): whole hours, or whole days when it spans more
 * than MAX_HOURS. After a slice found too wide (starting at `above`), a narrower one in hours
 * that starts after it (at most 4 × MAX_HOURS of them), down to the one hour below `top`.
 */
export function sliceOf(lo: number, top: number, above: number | null): Slice {
  // The lexemes reach `top`'s own hour or day: rows at `top` itself may follow it in id order.
  const [lastHour, lastDay] = [Math.floor(top / HOUR_US), Math.floor(top / DAY_US)];
  // The hour of the newest moment below `top`: a slice of that hour alone is read whole.
  const hourBelowTop = Math.floor((top - 1) / HOUR_US);
  const hours = (from: number): Slice => ({ unit: "h", from, to: lastHour, start: from * HOUR_US, narrowable: from < hourBelowTop });
  if (above !== null)
    return hours(Math.min(hourBelowTop, Math.max(Math.floor(lo / HOUR_US), above / HOUR_US + 1, hourBelowTop - 4 * MAX_HOURS + 1)));
  const firstHour = Math.floor(lo / HOUR_US);
  if (lastHour - firstHour < MAX_HOURS) return hours(firstHour);
  const from = Math.max(Math.floor(lo / DAY_US), lastDay - MAX_DAYS + 1);
  return { unit: "d", from, to: lastDay, start: from * DAY_US, narrowable: from * DAY_US < hourBelowTop * HOUR_US };
}

const order = sql`order by created_at desc nulls last, id desc nulls last`;
const fields = sql`id, status, "from", "to", subject, created_at, sent_at, tags, source`;
const usOf = sql`(extract(epoch from created_at) * 1000000)::bigint::text`;
const at = (us: string | number) => sql`(timestamptz 'epoch' + ${String(us)}::bigint * interval '1 microsecond')`;

/** The account's lexemes for a slice's hours or days, ORed: a tsquery. */
const lexemes = (accountId: string, slice: Slice) => sql`(
  select string_agg(quote_literal('@' || ${accountId} || ${`/${slice.unit}`} || n), ' | ')
  from generate_series(${slice.from}::bigint, ${slice.to}::bigint) n)::tsquery`;

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
  // The window function carries only each row's id and whether it matches: the shown
  // fields of those that come back are read by id, a lateral read (so a nested loop, in
  // time order) of at most `window` + 1 rows. Carrying every field through the window took
  // 5–7 ms of 2,000 rows, against 3 (docs/benchmarks.md).
  // With it, the account's oldest message and its daily usage counters since that day, read
  // once (an aggregate's subquery is not folded into the rows it is joined to).
  type Scanned = Match & { hit: boolean; n: string; top_us: string; oldest_us: string | null; days: string };
  const scanned = await rows<Scanned>(sql`
    select t.*, o.oldest_us, o.days,
      (select ${usOf} from emails where account_id = ${accountId} ${below} ${order} limit 1) as top_us
    from (
      select (extract(epoch from min(created_at)) * 1000000)::bigint::text as oldest_us,
        (select coalesce(json_agg(json_build_array(substr(period, 3), messages) order by period), '[]')::text
          from usage_counters where account_id = ${accountId}
          and period >= 'd:' || to_char(min(emails.created_at) at time zone 'UTC', 'YYYY-MM-DD') and period < 'e') as days
      from emails where account_id = ${accountId}
    ) o, (
      select f.*, s.hit, s.n from (
        select id, (search_vector @@ ${q} ${status}) as hit, row_number() over (${order}) as n
        from emails where account_id = ${accountId} ${below} ${order} limit ${recentRows}
      ) s cross join lateral (
        select ${fields}, ${usOf} as us, case when s.hit then ts_rank(search_vector, ${q})::float8 end as rank
        from emails where emails.id = s.id limit 1
      ) f
      where s.hit or s.n = ${recentRows}
      limit ${upTo}
    ) t`);
  const found: Match[] = scanned.filter((r) => r.hit).map(({ hit: _h, n: _n, top_us: _t, oldest_us: _o, days: _d, ...m }) => m as Match);
  const last = scanned.find((r) => Number(r.n) === recent);
  if (found.length >= window || !last) return found.slice(0, window);

  const cap = window * SLICE_CAP_FACTOR;
  const [top, oldest, start] = [Number(last.top_us), Number(last.oldest_us), Number(last.us)];
  const read = (slice: Slice | null, hi: Position | { us: string; id: null }, limit: number | null) =>
    rows<Match>(sql`
      select ${fields}, ${usOf} as us, ts_rank(search_vector, ${q})::float8 as rank from emails
      where account_id || '' = ${accountId} and ${sql.raw(ACCOUNT_SEARCH_VECTOR)} @@ (${q} && ${slice ? lexemes(accountId, slice) : sql`quote_literal('@' || ${accountId})::tsquery`}) ${status}
        ${slice ? sql`and created_at >= ${at(slice.start)}` : sql``}
        and (created_at, id) < (${at(hi.us)}, ${hi.id ?? ""}) and numnode(${q}) > 0
      limit ${limit}`);
  // The words are matched with the account's lexemes ANDed in (decisions 0049, 0053), so the
  // full-text index returns this account's matches alone, in the slice's hours or days, or,
  // for the last, open slice (everything older), in all its mail. The account condition is
  // written so no B-tree serves it and the time bounds can use no index: the full-text index
  // alone finds a slice's rows, exactly, and the heap reads those. An id of "" makes the row
  // comparison a plain created_at < bound. PostgreSQL's parser drops what its locale does not
  // call a letter or digit (½, ²): a query left with no word ANDed with the account's lexemes
  // would match all the account's mail in them, so such a query reads nothing.

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
  let seen = recent;
  let density = found.length / seen;
  // The start of a slice that held more than `cap`: the next must start after it.
  let tooWide: number | null = null;
  for (;;) {
    const upper: number = Number(hi.us);
    const older = messages.before(upper);
    // The slice's lower bound, or none for everything older: when the older matches expected
    // at this density fit in one statement (none seen yet: no density to size a slice by).
    // Up to `cap` older matches, one read of them all costs less than several slices.
    const wanted = (2 * (window - found.length + 1)) / density;
    let lo: number | null = density * older > cap ? Math.min(Math.floor(messages.at(older - wanted)), upper - 1) : null;
    // Narrowing where the counters cannot tell (fewer messages than the slice held): a quarter.
    if (tooWide !== null && (lo === null || lo <= tooWide)) lo = Math.floor(upper - (upper - tooWide) / 4);
    let slice: Slice | null = lo === null ? null : sliceOf(lo, upper, tooWide);
    if (slice && slice.start <= oldest && tooWide === null) slice = null;
    const narrowable = slice?.narrowable ?? true;
    const got = await read(slice, hi, narrowable ? cap + 1 : null);
    const sliced = older - (slice === null ? 0 : messages.before(slice.start));
    if (got.length > cap && narrowable) {
      // Denser than estimated: at least cap + 1 in the slice; size the next by that.
      density = Math.max(density, (cap + 1) / Math.max(sliced, 1));
      tooWide = slice?.start ?? Math.floor(oldest / HOUR_US) * HOUR_US;
      continue;
    }
    tooWide = null;
    found.push(...got);
    if (slice === null || found.length >= window) return found.sort(newerFirst).slice(0, window);
    seen += sliced;
    density = found.length / seen;
    hi = { us: String(slice.start), id: null };
  }
}
