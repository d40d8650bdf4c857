import { sql, type SQL } from "drizzle-orm";
import { database } from "../db/client";
import { cte, type Cte } from "../db/cte";
import { processShared } from "../lib/process-shared";
import { dayPeriod, monthPeriod } from "../lib/time";
import { SANDBOX_PER_DAY } from "./constants";
import type { SendLimits } from "./limits";
import { log } from "../ops/log";

/**
 * Usage counters (usage_counters: one month row and one UTC-day row per account). They
 * live in the database so every instance shares them; a metered send checks and bumps
 * them in the same statement that stores the message.
 */
export interface Charge {
  accountId: string;
  messages: number;
  recipients: number;
  sandbox: number;
}

/**
 * CTE `chk`, one row: whether the charge fits the counters as this statement sees them
 * (month_ok, day_ok, sandbox_ok). With `enforceDay` false only the month's hard limit
 * holds (dispatch of a scheduled send).
 */
export function checkCte(c: Charge, limits: SendLimits, opts: { enforceDay: boolean; now: Date }): Cte {
  const { m, d, hard, dayLimit, dayCol, dayAdd, sandboxCap } = terms(c, limits, opts);
  return cte(
    "chk",
    sql`select (${hard}::int is null or m_messages + ${c.messages}::int <= ${hard}::int) as month_ok,
             (${dayLimit}::int is null or d_used + ${dayAdd}::int <= ${dayLimit}::int) as day_ok,
             (${sandboxCap}::int is null or d_sandbox + ${c.sandbox}::int <= ${sandboxCap}::int) as sandbox_ok
      from (select coalesce((select messages from usage_counters where account_id = ${c.accountId} and period = ${m}), 0) as m_messages,
             coalesce((select ${dayCol} from usage_counters where account_id = ${c.accountId} and period = ${d}), 0) as d_used,
             coalesce((select sandbox from usage_counters where account_id = ${c.accountId} and period = ${d}), 0) as d_sandbox) prev`,
  );
}

/** `chk` passed: the whole charge fits as this statement sees the counters. */
export const checksPass = (chk: Cte): SQL => sql`(select month_ok and day_ok and sandbox_ok from ${chk.name})`;

/**
 * CTE `counted`: the increment of both rows when `gate` holds, each re-checked on the
 * locked row so concurrent charges cannot pass a limit together (a row that no longer
 * fits is left out: fewer than two rows returned means the charge did not happen whole).
 */
export function countCte(c: Charge, limits: SendLimits, opts: { enforceDay: boolean; now: Date; gate: SQL }): Cte {
  const { m, d, hard, dayLimit, dayCol, dayAdd, sandboxCap } = terms(c, limits, opts);
  return cte(
    "counted",
    sql`insert into usage_counters as u (account_id, period, messages, recipients, sandbox)
      select ${c.accountId}, p.period, ${c.messages}::int, ${c.recipients}::int, ${c.sandbox}::int
      from (values (${m}::text), (${d}::text)) as p(period)
      where ${opts.gate}
      on conflict (account_id, period) do update set
        messages = u.messages + excluded.messages,
        recipients = u.recipients + excluded.recipients,
        sandbox = u.sandbox + excluded.sandbox
      where case when u.period = ${m}
        then (${hard}::int is null or u.messages + excluded.messages <= ${hard}::int)
        else (${dayLimit}::int is null or u.${dayCol} + ${dayAdd}::int <= ${dayLimit}::int)
         and (${sandboxCap}::int is null or u.sandbox + excluded.sandbox <= ${sandboxCap}::int)
      end
      returning period, messages`,
  );
}

function terms(c: Charge, limits: SendLimits, opts: { enforceDay: boolean; now: Date }) {
  const day = opts.enforceDay ? limits.day : null;
  return {
    m: monthPeriod(opts.now),
    d: dayPeriod(opts.now),
    hard: limits.hardLimit,
    dayLimit: day?.limit ?? null,
    dayCol: sql.raw(day?.unit === "recipients" ? "recipients" : "messages"),
    dayAdd: day?.unit === "recipients" ? c.recipients : c.messages,
    // Test mode's cap holds at dispatch too: a scheduled test-mode send counts on the day it goes.
    sandboxCap: c.sandbox > 0 ? SANDBOX_PER_DAY : null,
  };
}

/** The month's count after the charge, from `counted` (null when nothing was counted). */
export function monthCountSql(counted: Cte, now: Date): SQL {
  return sql`(select messages from ${counted.name} where period = ${monthPeriod(now)})`;
}

// Unmetered accounts (no limit of any kind) are counted in memory and written once a
// second: their sends then touch no shared row, so one account's sends never queue on a
// row lock. Usage reads flush first, so this process's own answers are exact.
const pending = processShared("usagePending", () => new Map<string, Charge & { at: Date }>());
const flush = processShared("usageFlush", () => ({ timer: null as NodeJS.Timeout | null }));

export function countLater(c: Charge): void {
  const key = `${c.accountId}|${dayPeriod()}`;
  const entry = pending.get(key);
  if (entry) {
    entry.messages += c.messages;
    entry.recipients += c.recipients;
    entry.sandbox += c.sandbox;
  } else {
    pending.set(key, { ...c, at: new Date() });
  }
  flush.timer ??= setTimeout(() => void flushCounters().catch((err) => log().error({ err }, "usage: could not write counters")), 1000);
  flush.timer.unref?.();
}

export async function flushCounters(): Promise<void> {
  if (flush.timer) clearTimeout(flush.timer);
  flush.timer = null;
  if (pending.size === 0) return;
  const batch = [...pending.values()];
  pending.clear();
  // One row per (account, period): an upsert may not touch the same row twice.
  const sums = new Map<string, { accountId: string; period: string; messages: number; recipients: number; sandbox: number }>();
  for (const c of batch) {
    for (const period of [monthPeriod(c.at), dayPeriod(c.at)]) {
      const key = `${c.accountId}|${period}`;
      const s = sums.get(key) ?? { accountId: c.accountId, period, messages: 0, recipients: 0, sandbox: 0 };
      s.messages += c.messages;
      s.recipients += c.recipients;
      s.sandbox += c.sandbox;
      sums.set(key, s);
    }
  }
  const rows = [...sums.values()].map(
    (s) => sql`(${s.accountId}, ${s.period}, ${s.messages}::int, ${s.recipients}::int, ${s.sandbox}::int)`,
  );
  const { db } = await database();
  try {
    await db.execute(sql`insert into usage_counters as u (account_id, period, messages, recipients, sandbox)
      values ${sql.join(rows, sql`, `)}
      on conflict (account_id, period) do update set
        messages = u.messages + excluded.messages,
        recipients = u.recipients + excluded.recipients,
        sandbox = u.sandbox + excluded.sandbox`);
  } catch (err) {
    // Keep the counts for the next flush rather than lose them (an account deleted meanwhile aside).
    // Drizzle wraps the driver's error; the SQLSTATE is on its cause.
    const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code !== "23503") for (const c of batch) countLater(c);
    throw err;
  }
}
