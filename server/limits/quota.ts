import { sql } from "drizzle-orm";
import { invalidateAccount, type Account } from "../accounts/account-cache";
import type { Db } from "../db/client";
import { recordEvents } from "../events/record";
import type { SendLimits } from "./limits";
import { resultRows } from "../db/rows";

/**
 * `quota.exceeded`, once per month: when a charge took the month's count past the plan
 * limit (into the grace band). accounts.quota_notified_period makes it once even when
 * instances race: only the update that moves the period records the event.
 */
export async function noteMonthCount(
  db: Db,
  account: Account,
  limits: SendLimits,
  monthCount: number | null,
  now = new Date(),
): Promise<void> {
  if (monthCount === null || limits.monthLimit === null || limits.hardLimit === null) return;
  if (monthCount <= limits.monthLimit) return;
  const period = now.toISOString().slice(0, 7);
  if (account.quotaNotifiedPeriod === period) return;
  const fired = await db.transaction(async (tx) => {
    const moved = resultRows<{ id: string }>(
      await tx.execute(sql`update accounts set quota_notified_period = ${period}
      where id = ${account.id} and quota_notified_period is distinct from ${period} returning id`),
    );
    if (moved.length === 0) return false;
    await recordEvents(tx, [
      {
        accountId: account.id,
        type: "quota.exceeded",
        emailId: null,
        data: { month_count: monthCount, month_limit: limits.monthLimit!, hard_limit: limits.hardLimit! },
        at: now,
      },
    ]);
    return true;
  });
  if (fired) await invalidateAccount(account.id);
}
