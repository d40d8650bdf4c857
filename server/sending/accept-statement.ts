import { sql, type Query, type SQL } from "drizzle-orm";
import type { Account } from "../accounts/account-cache";
import type { Database } from "../db/client";
import { cte, withList, type Cte } from "../db/cte";
import { shapedQuery } from "../db/shaped";
import { PLANS, runCompiled } from "../db/statements";
import { checkCte, checksPass, countCte, monthCountSql, type Charge } from "../limits/counters";
import { isUnmetered, type SendLimits } from "../limits/limits";
import { retryAfterSql, takeTokensCte } from "../limits/rate-bucket";
import { blockedRecipientsQuery, type BlockedRecipient } from "../suppressions/blocking";
import { CONTENT_COLUMNS, ROW_COLUMNS, type Prepared, type RowColumn } from "./message-row";

const others = ROW_COLUMNS.filter((c) => c.name !== "id");
const quotedNames = (names: string[]) => sql.raw(names.map((c) => `"${c}"`).join(", "));
const valuesOf = (columns: readonly RowColumn[]) =>
  sql.raw(columns.map((c) => (c.whenOmitted ? `coalesce(r."${c.name}", ${c.whenOmitted})` : `r."${c.name}"`)).join(", "));
const INSERT_COLUMNS = quotedNames(["account_id", "created_at", "status", "next_attempt_at", "id", ...others.map((c) => c.name)]);
const OTHER_VALUES = valuesOf(others);
const CONTENT_INSERT_COLUMNS = quotedNames(["email_id", ...CONTENT_COLUMNS.map((c) => c.name)]);
const CONTENT_VALUES = valuesOf(CONTENT_COLUMNS);
const RECORD_TYPE = sql.raw([...ROW_COLUMNS, ...CONTENT_COLUMNS].map((c) => `"${c.name}" ${c.type}`).join(", "));

/**
 * The inserts of `items` when `admitted` holds: each message's row and, beside it, its
 * content (decision 0045), from one JSON document parsed once. With `abortUnless`, a row
 * whose condition fails gets a null id: the whole statement aborts (23502) and nothing it
 * wrote stays.
 */
function insertRows(items: Prepared[], accountId: string, now: Date, admitted: SQL, abortUnless: SQL | null): Cte[] {
  const id = abortUnless ? sql`case when ${abortUnless} then r."id" end` : sql`r."id"`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const admittedRows = cte(
    "admitted_rows",
    sql`select * from json_to_recordset(${JSON.stringify(items.map((p) => p.row))}::json) as r(${RECORD_TYPE}) where ${admitted}`,
    { materialized: true },
  );
  const ins = cte(
    "ins",
    sql`insert into emails (${INSERT_COLUMNS})
    select ${accountId}, ${at}, case when r.scheduled_at is null then 'queued' else 'scheduled' end, coalesce(r.scheduled_at, ${at}),
      ${id}, ${OTHER_VALUES}
    from ${admittedRows.name} r
    returning 1`,
  );
  const contents = cte(
    "contents",
    sql`insert into email_contents (${CONTENT_INSERT_COLUMNS}) select r."id", ${CONTENT_VALUES} from ${admittedRows.name} r returning 1`,
  );
  return [admittedRows, ins, contents];
}

export interface AcceptResult {
  inserted: number;
  idem: { key: string; id: string }[];
  blocked: BlockedRecipient[];
  month_ok: boolean | null;
  day_ok: boolean | null;
  sandbox_ok: boolean | null;
  rate_ok: boolean | null;
  retry_after: number | null;
  month_count: number | null;
}

/**
 * Stores messages in ONE statement: the idempotency look-up (single sends), the
 * suppression look-up, the quota/day checks, the rate bucket, the counters and the insert
 * (the timeline's first entry is read off the row: see acceptanceEntry). Nothing is
 * written unless every gate passes, so a batch with a suppressed recipient stores nothing
 * and answers with the blocked addresses, for the caller to retry without their entries.
 * A concurrent charge that slips past the snapshot checks aborts the statement (null id)
 * rather than leave counters off. Compiled once per shape (server/db/shaped.ts).
 */
export function acceptStatement(
  account: Account,
  limits: SendLimits,
  items: Prepared[],
  opts: { checkKeys: string[]; screen?: Prepared[]; now: Date },
): Query {
  const a = account.id;
  const immediate = items.filter((p) => p.immediate);
  const charge: Charge = {
    accountId: a,
    messages: immediate.length,
    recipients: immediate.reduce((n, p) => n + p.recipients.length, 0),
    sandbox: immediate.filter((p) => p.testMode).length,
  };
  // Look-ups only when there is something to look up: each shape is its own prepared statement.
  const ctes: Cte[] = [];
  const gates: SQL[] = [];
  let idem: Cte | null = null;
  if (opts.checkKeys.length) {
    idem = cte(
      "idem",
      sql`select idempotency_key as key, id from emails where account_id = ${a}
      and idempotency_key = any(${sql.param(opts.checkKeys)}::text[])`,
    );
    ctes.push(idem);
    gates.push(sql`not exists (select 1 from ${idem.name})`);
  }
  // `screen`: the messages whose recipients are checked, when more than those inserted
  // (a batch's entries repeating an idempotency key answer as the first one, if not blocked).
  const screen = opts.screen ?? items;
  const blocked = cte(
    "blocked",
    blockedRecipientsQuery(a, {
      all: [...new Set(screen.flatMap((p) => p.recipients))],
      bulk: [...new Set(screen.filter((p) => p.bulk).flatMap((p) => p.recipients))],
    }),
  );
  ctes.push(blocked);
  gates.push(sql`not exists (select 1 from ${blocked.name})`);
  const free = sql.join(gates, sql` and `);
  const metered = isMetered(limits, items);
  const counting = metered && charge.messages > 0;
  let admitted = free;
  let chk: Cte | null = null;
  // A booking of scheduled sends alone charges nothing (they are charged as they dispatch):
  // counters already past a cap, by dispatches or a plan change, are no reason to refuse it.
  if (counting) {
    chk = checkCte(charge, limits, { enforceDay: true, now: opts.now });
    ctes.push(chk);
    admitted = sql`${free} and ${checksPass(chk)}`;
  }
  const rate = limits.rate;
  const n = items.length;
  let bucket: Cte | null = null;
  if (rate) {
    bucket = takeTokensCte(a, rate, n, admitted);
    ctes.push(bucket);
    admitted = sql`exists (select 1 from ${bucket.name})`;
  }
  const counted = counting ? countCte(charge, limits, { enforceDay: true, now: opts.now, gate: admitted }) : null;
  if (counted) ctes.push(counted);
  const abortUnless = counted ? sql`(select count(*) from ${counted.name}) = 2` : null;
  const [admittedRows, ins, contents] = insertRows(items, a, opts.now, admitted, abortUnless);
  ctes.push(admittedRows, ins, contents);
  const retryAfter = rate ? retryAfterSql(a, rate, n) : sql`null::int`;
  const fromChk = (column: string) => (chk ? sql`(select ${sql.raw(column)} from ${chk.name})` : sql`null::boolean`);
  return shapedQuery(
    sql`with ${withList(ctes)}
    select (select count(*) from ${ins.name})::int as inserted,
      ${idem ? sql`(select json_agg(json_build_object('key', key, 'id', id)) from ${idem.name})` : sql`null::json`} as idem,
      (select json_agg(json_build_object('address', address, 'reason', reason)) from ${blocked.name}) as blocked,
      ${fromChk("month_ok")} as month_ok,
      ${fromChk("day_ok")} as day_ok,
      ${fromChk("sandbox_ok")} as sandbox_ok,
      ${bucket ? sql`exists (select 1 from ${bucket.name})` : sql`null::boolean`} as rate_ok,
      ${retryAfter} as retry_after,
      ${counted ? monthCountSql(counted, opts.now) : sql`null::int`} as month_count`,
  );
}

/** Whether a send goes through the counted gates: any limit, or a test-mode send (its daily cap). */
export function isMetered(limits: SendLimits, items: Prepared[]): boolean {
  return !isUnmetered(limits) || items.some((p) => p.immediate && p.testMode);
}

const parseList = <T>(v: unknown): T[] => (v === null ? [] : typeof v === "string" ? JSON.parse(v) : v) as T[];

/** Runs an accept statement; its JSON columns parsed on either driver. */
export async function runStatement(d: Database, statement: Query): Promise<AcceptResult> {
  const [row] = await runCompiled<AcceptResult>(d, PLANS.accept, statement);
  return {
    ...row,
    idem: parseList(row.idem),
    blocked: parseList(row.blocked),
    retry_after: row.retry_after === null ? null : Number(row.retry_after),
    month_count: row.month_count === null ? null : Number(row.month_count),
  };
}
