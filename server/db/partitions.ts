import { sql } from "drizzle-orm";
import { waitingList } from "./schema";
import { config } from "../config";
import { EVENT_REMOVAL_LOCK } from "./locks";
import { pgCode } from "./pg-code";
import { resultRows } from "./rows";
import type { Database } from "./types";

/**
 * Time partitions (decision 0048): the tables retention removes whole are partitioned by range
 * of their key, a UUIDv7 that starts with its row's creation time, so a day's rows are one
 * table that retention drops instead of deleting them a row at a time.
 *
 * Each table has, made by migration 0027: `<table>_before` (every key below the day the
 * migration ran: the rows from before it), `<table>_beyond` (keys from 2100 on: only UUIDv4s,
 * the ids rows had before every id was a UUIDv7), `<table>_default` (whatever falls between
 * the dated partitions: the rows retention kept when it dropped their partition, UUIDv4s,
 * days not made yet) and dated partitions `<table>_pYYYYMMDD`, made ahead of time here.
 * Names and bounds are ours (dates and hex), never a tenant's.
 */

const DAY_MS = 86_400_000;
/** Dated partitions exist this far ahead, so a day's rows never wait for theirs. */
const AHEAD_MS = 3 * DAY_MS;
/** How long a statement here waits for a table lock before giving up until the next run. */
const LOCK_TIMEOUT = "200ms";
/** Keys per statement copying kept rows back, so a large backlog is not one huge statement. */
const COPY_BACK_KEYS = 10_000;

/** Runs one statement and returns its rows. */
export type Query = <T = Record<string, unknown>>(text: string) => Promise<T[]>;
/** Runs `work` in one transaction. */
export type InTransaction = (work: (query: Query) => Promise<void>) => Promise<void>;

/** Raw statements on a database handle (the migrations use their drivers' own, server/db/migrate.ts). */
export const queryOf =
  (database: Database): Query =>
  (text) =>
    database.rows(sql.raw(text));
export const transactionsOf =
  ({ db }: Database): InTransaction =>
  (work) =>
    db.transaction((tx) => work(async (text) => resultRows(await tx.execute(sql.raw(text)))));

/** A partitioned table, and the rows of a partition that must stay when retention drops it. */
interface Partitioned {
  table: string;
  key: string;
  /**
   * A query (one column, `key`) naming the partition's rows retention must not remove yet: a
   * superset is harmless (rows kept are pruned row by row from the default partition later).
   */
  kept?: (partition: Dated) => string;
  /** Dropped only once this table's dated partitions of the same time are gone. */
  after?: string;
  /** An advisory lock (server/db/locks.ts) a drop holds, against what writes rows it keeps. */
  lock?: string;
}

/**
 * In the order retention drops them: deliveries before their events, since an event stays
 * while any delivery of it does.
 */
export const PARTITIONED: readonly Partitioned[] = [
  {
    table: "email_contents",
    key: "email_id",
    // Mail still waiting to leave keeps its content (emails_dispatch_idx holds exactly those).
    kept: ({ lo, hi }) => `select id as key from emails where status in ${waitingList} and id >= ${literal(lo)} and id < ${literal(hi)}`,
  },
  { table: "email_events", key: "id" },
  { table: "webhook_attempts", key: "id" },
  { table: "webhook_deliveries", key: "id", kept: ({ name }) => `select id as key from ${name} where status = 'pending'` },
  {
    table: "webhook_events",
    key: "id",
    kept: ({ lo, hi }) =>
      `select distinct event_id as key from webhook_deliveries where event_id >= ${literal(lo)} and event_id < ${literal(hi)}`,
    after: "webhook_deliveries",
    lock: EVENT_REMOVAL_LOCK,
  },
];

/** A table's partitions that are not dated (migration 0027 made them), by what they hold. */
export const undated = (table: string) => ({ before: `${table}_before`, default: `${table}_default`, beyond: `${table}_beyond` });

/** All of them: retention prunes their rows one at a time, as before 0048. */
export const undatedPartitions = (table: string) => Object.values(undated(table));

/**
 * The smallest UUIDv7 of a millisecond: every id made before `ms` sorts below it. Ids are
 * made at the row's creation time, so a time range is a range of ids.
 */
export function idFloor(ms: number): string {
  const hex = ms.toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** The millisecond an id floor (or any UUIDv7) starts with. */
function floorMs(id: string): number {
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const dayName = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, "");

/**
 * Days per dated partition: one day while retention is a month or less, so pruning follows
 * RETENTION_DAYS within a day; longer retention (or none) widens them to keep about thirty,
 * since reads that cannot choose a partition by key (a message's timeline) visit each one.
 */
export function partitionDays(retentionDays: number | null): number {
  return retentionDays === null ? 30 : Math.max(1, Math.ceil(retentionDays / 30));
}

interface Dated {
  name: string;
  lo: string;
  hi: string;
}

/** The dated partitions of `table`, oldest first, with their bounds read from the catalog. */
async function datedPartitions(query: Query, table: string): Promise<Dated[]> {
  const found = await query<{ name: string; bound: string }>(
    `select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
     from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = ${literal(table)}::regclass`,
  );
  const dated: Dated[] = [];
  for (const { name, bound } of found) {
    const range = /^FOR VALUES FROM \('([0-9a-f-]{36})'\) TO \('([0-9a-f-]{36})'\)$/.exec(bound);
    if (name.startsWith(`${table}_p`) && range) dated.push({ name, lo: range[1], hi: range[2] });
  }
  return dated.sort((a, b) => (a.lo < b.lo ? -1 : 1));
}

/** Where `<table>_before` ends: the first key of the day the partitions began (migration 0027). */
export async function beforeEnd(query: Query, table: string): Promise<string> {
  const [{ bound }] = await query<{ bound: string }>(
    `select pg_get_expr(c.relpartbound, c.oid) as bound from pg_class c where c.oid = ${literal(undated(table).before)}::regclass`,
  );
  const end = /TO \('([0-9a-f-]{36})'\)$/.exec(bound);
  if (!end) throw new Error(`${undated(table).before} has no upper bound: ${bound}`);
  return end[1];
}

/**
 * Runs `work` in a transaction holding the partitions' lock, waiting at most LOCK_TIMEOUT for
 * each table lock. One not granted in time leaves the work to the next run (nothing here is
 * urgent: a day's partition is made days ahead, and an old one waits an hour more).
 */
async function maintain(inTransaction: InTransaction, work: (query: Query) => Promise<void>): Promise<boolean> {
  try {
    await inTransaction(async (query) => {
      await query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
      await query(`select pg_advisory_xact_lock(hashtext('partitions'))`);
      await work(query);
    });
    return true;
  } catch (err) {
    if (pgCode(err) !== "55P03") throw err;
    return false;
  }
}

/**
 * Makes the dated partitions from the end of the last one (or today) to AHEAD_MS from now.
 * A new partition is filled before it is attached with any rows of its range the default
 * partition holds (UUIDv4s that happen to fall there), so attaching it finds none left.
 * Returns how many it made.
 */
export async function ensurePartitions(
  inTransaction: InTransaction,
  days = partitionDays(config().retentionDays),
  now = Date.now(),
): Promise<number> {
  let made = 0;
  for (const { table, key } of PARTITIONED) {
    let count = 0;
    const committed = await maintain(inTransaction, async (query) => {
      const dated = await datedPartitions(query, table);
      const last = dated.at(-1);
      let from = Math.max(last ? floorMs(last.hi) : 0, startOfDay(now));
      while (from < now + AHEAD_MS) {
        const to = from + days * DAY_MS;
        const [name, lo, hi] = [`${table}_p${dayName(from)}`, literal(idFloor(from)), literal(idFloor(to))];
        await query(`create table ${name} (like ${table} including defaults including constraints)`);
        await query(
          `with moved as (delete from ${undated(table).default} where ${key} >= ${lo} and ${key} < ${hi} returning *)
           insert into ${name} select * from moved`,
        );
        await query(`alter table ${table} attach partition ${name} for values from (${lo}) to (${hi})`);
        count++;
        from = to;
      }
    });
    if (committed) made += count;
  }
  return made;
}

/**
 * Drops the dated partitions wholly older than `floor` (an idFloor). A table's are detached in
 * one transaction, with the rows that must stay copied back by key (their range has no
 * partition any more, so they land in the default one, pruned row by row). `DETACH … CONCURRENTLY`
 * would not lock the parent, but it refuses a table with a default partition and cannot run in
 * a transaction, which the kept rows need (between the detach and their copy they would be
 * nowhere). Each detached partition is then emptied and dropped
 * in transactions of their own, which lock only it (and, for a moment, what its foreign keys
 * reference): removing its files takes tens of milliseconds a gigabyte, and the table stays
 * open to the send path meanwhile. One detached and not dropped (the process stopped between
 * the two) is dropped on the next run.
 * Returns how many it dropped.
 */
export async function dropPartitionsBefore(inTransaction: InTransaction, floor: string): Promise<number> {
  let dropped = 0;
  const remaining = new Map<string, Dated[]>();
  for (const { table, key, kept, after, lock } of PARTITIONED) {
    let found: Dated[] = [];
    let left: Dated[] = [];
    let detached: string[] = [];
    const committed = await maintain(inTransaction, async (query) => {
      if (lock) await query(`select pg_advisory_xact_lock(hashtext(${literal(lock)}))`);
      found = await datedPartitions(query, table);
      detached = await detachedPartitions(query, table);
      const blocking = remaining.get(after ?? "") ?? [];
      const firstKept = found.findIndex((p) => p.hi > floor || blocking.some((other) => other.lo < p.hi));
      const due = firstKept < 0 ? found : found.slice(0, firstKept);
      left = found.slice(due.length);
      // The rows kept are few and found through indexes: never a plan that reads a partition
      // whole (stale statistics can suggest one).
      for (const method of ["seqscan", "hashjoin", "mergejoin"]) await query(`set local enable_${method} = off`);
      // Their keys are read before the first detach, which locks the table whole (sends insert
      // into email_contents) until commit: under that lock only lookups by key remain. What is
      // kept only shrinks meanwhile (mail leaves the queue, deliveries settle; an event's new
      // deliveries wait for `lock`), so the keys read are a superset.
      const keep = new Map<Dated, string[]>();
      if (kept) for (const p of due) keep.set(p, await keysOf(query, kept(p)));
      for (const p of due) {
        await query(`alter table ${table} detach partition ${p.name}`);
        const keys = keep.get(p) ?? [];
        for (let i = 0; i < keys.length; i += COPY_BACK_KEYS) {
          const some = keys.slice(i, i + COPY_BACK_KEYS).map(literal);
          await query(`insert into ${table} select * from ${p.name} p where p.${key} = any(array[${some.join(", ")}]::text[])`);
        }
        detached.push(p.name);
      }
    });
    remaining.set(table, committed ? left : found);
    if (!committed) continue;
    for (const name of detached) {
      // Emptied first: the files go at the truncate's commit, which locks only this table; the
      // drop then locks the tables its foreign keys reference (webhook_endpoints) for a moment.
      const emptied = await maintain(inTransaction, (query) => query(`truncate ${name}`).then(() => undefined));
      if (emptied && (await maintain(inTransaction, (query) => query(`drop table ${name}`).then(() => undefined)))) dropped++;
    }
  }
  return dropped;
}

/** The `key` column of a query's rows. */
async function keysOf(query: Query, text: string): Promise<string[]> {
  return (await query<{ key: string }>(text)).map((r) => r.key);
}

/** Dated partitions of `table` detached and not yet dropped: plain tables by a partition's name. */
async function detachedPartitions(query: Query, table: string): Promise<string[]> {
  const found = await query<{ name: string }>(
    `select relname as name from pg_class
     where relkind = 'r' and not relispartition and relnamespace = current_schema()::regnamespace
       and relname ~ ${literal(`^${table}_p[0-9]{8}$`)}`,
  );
  return found.map((r) => r.name);
}
