import { sql } from "drizzle-orm";
import { getAccount } from "../accounts/account-cache";
import type { Db } from "../db/client";
import type { emails } from "../db/schema";
import { checkCtes, checksPass, countCte, countLater, monthCountSql } from "./counters";
import { isUnmetered, sendLimits } from "./limits";
import { noteMonthCount, resultRows } from "./quota";

export type ChargeVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Charges a scheduled message to the quota and day counters when it dispatches (a
 * scheduled send costs nothing at booking, a cancelled one never). Called by the
 * dispatcher once per message as it leaves `scheduled`. Messages sent at once were
 * charged at acceptance and pass untouched. Only the month's hard limit can stop a
 * booked message here: `ok: false` means it must be marked failed with `reason`.
 */
export async function chargeAtDispatch(db: Db, email: Pick<typeof emails.$inferSelect, "accountId" | "scheduledAt" | "recipientCount" | "testMode">): Promise<ChargeVerdict> {
  if (email.scheduledAt === null) return { ok: true };
  const account = await getAccount(email.accountId);
  if (!account) return { ok: false, reason: "The account no longer exists." };
  const now = new Date();
  const limits = sendLimits(account, now);
  const charge = { accountId: account.id, messages: 1, recipients: email.recipientCount, sandbox: email.testMode ? 1 : 0 };
  if (isUnmetered(limits)) {
    countLater(charge);
    return { ok: true };
  }
  const [row] = resultRows<{ counted: number; month_count: number | null }>(await db.execute(sql`
    with ${checkCtes(charge, limits, { enforceDay: false, now })}, ${countCte(charge, limits, { enforceDay: false, now, gate: checksPass })}
    select (select count(*) from counted)::int as counted, ${monthCountSql(now)} as month_count`));
  if (row.counted < 2) {
    return { ok: false, reason: `Monthly quota exhausted: the account reached its hard limit of ${limits.hardLimit} messages this month.` };
  }
  await noteMonthCount(db, account, limits, row.month_count === null ? null : Number(row.month_count), now);
  return { ok: true };
}
