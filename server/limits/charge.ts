import { eq, sql } from "drizzle-orm";
import type { Account } from "../accounts/account-cache";
import type { Db } from "../db/client";
import { accounts, type emails } from "../db/schema";
import { withList } from "../db/cte";
import { checkCte, checksPass, countCte, countLater, monthCountSql } from "./counters";
import { SANDBOX_PER_DAY } from "./constants";
import { isUnmetered, sendLimits } from "./limits";
import { noteMonthCount } from "./quota";
import { resultRows } from "../db/rows";

export type ChargeVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Charges a scheduled message to the quota and day counters when it dispatches (a
 * scheduled send costs nothing at booking, a cancelled one never). Called by the
 * dispatcher once per message as it leaves `scheduled`. Messages sent at once were
 * charged at acceptance and pass untouched. Only the month's hard limit and test mode's
 * daily cap can stop a booked message here: `ok: false` means it must be marked failed
 * with `reason`.
 *
 * Everything goes through `db`, which may be the dispatcher's claim transaction: the
 * account is read through it too (or passed in as `opts.account`), never through the
 * pooled cache, because on PGlite's single connection a read outside an open
 * transaction waits for it forever. The quota.exceeded notice invalidates the account
 * cache outside `db`; a caller inside a transaction passes `opts.defer` and runs the
 * deferred work with its own handle after commit.
 */
export async function chargeAtDispatch(
  db: Db,
  email: Pick<typeof emails.$inferSelect, "accountId" | "scheduledAt" | "recipientCount" | "testMode">,
  opts: { account?: Account | null; defer?: (work: (db: Db) => Promise<void>) => void } = {},
): Promise<ChargeVerdict> {
  if (email.scheduledAt === null) return { ok: true };
  const account =
    opts.account !== undefined
      ? opts.account
      : ((await db.select().from(accounts).where(eq(accounts.id, email.accountId)).limit(1))[0] ?? null);
  if (!account) return { ok: false, reason: "The account no longer exists." };
  const now = new Date();
  const limits = sendLimits(account, now);
  const charge = { accountId: account.id, messages: 1, recipients: email.recipientCount, sandbox: email.testMode ? 1 : 0 };
  if (isUnmetered(limits) && !email.testMode) {
    // Usage counters of unmetered plans are buffered in memory: only count a committed claim.
    if (opts.defer) opts.defer(async () => countLater(charge));
    else countLater(charge);
    return { ok: true };
  }
  const chk = checkCte(charge, limits, { enforceDay: false, now });
  const counted = countCte(charge, limits, { enforceDay: false, now, gate: checksPass(chk) });
  const [row] = resultRows<{ counted: number; month_count: number | null; sandbox_ok: boolean }>(
    await db.execute(sql`
    with ${withList([chk, counted])}
    select (select count(*) from ${counted.name})::int as counted, ${monthCountSql(counted, now)} as month_count,
      (select sandbox_ok from ${chk.name}) as sandbox_ok`),
  );
  if (row.counted < 2) {
    if (row.sandbox_ok === false) {
      return { ok: false, reason: `Test-mode daily cap reached: at most ${SANDBOX_PER_DAY} sends per UTC day from the sandbox sender.` };
    }
    return { ok: false, reason: `Monthly quota exhausted: the account reached its hard limit of ${limits.hardLimit} messages this month.` };
  }
  const monthCount = row.month_count === null ? null : Number(row.month_count);
  const note = (on: Db) => noteMonthCount(on, account, limits, monthCount, now);
  if (opts.defer) opts.defer(note);
  else await note(db);
  return { ok: true };
}
