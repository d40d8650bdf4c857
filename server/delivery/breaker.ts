import { sql } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { database, type Db } from "../db/client";
import type { Task } from "../jobs/tasks";
import { deliverySettings } from "./settings";
import { resultRows } from "../db/rows";

export const BREAKER_TASK = "deliverability-breaker";

/**
 * The deliverability breaker (DESIGN.md): over the last 24 h, with at least 100 sends,
 * a bounce rate ≥ 10 % or a complaint rate ≥ 0.5 % holds the account's sending until
 * the rates fall back below. Test-mode mail (simulator practice) does not count.
 */
export async function evaluateBreaker(db: Db, accountIds: string[]): Promise<void> {
  const s = deliverySettings();
  for (const accountId of accountIds) {
    const [stats] = resultRows<{ sends: number; bounces: number; complaints: number; blocked: boolean }>(
      await db.execute(sql`
        select count(*)::int as sends,
               count(*) filter (where e.status = 'bounced')::int as bounces,
               count(*) filter (where e.status = 'complained')::int as complaints,
               (select deliverability_blocked_at is not null from accounts where id = ${accountId}) as blocked
        from emails e
        where e.account_id = ${accountId} and not e.test_mode
          and e.sent_at >= now() - ${s.breakerWindowMs} * interval '1 millisecond'
          and e.status in ('sent', 'delivered', 'bounced', 'complained')`),
    );
    if (!stats) continue;
    const trip =
      stats.sends >= s.breakerMinSends &&
      (stats.bounces / stats.sends >= s.breakerBounceRate || stats.complaints / stats.sends >= s.breakerComplaintRate);
    if (trip === Boolean(stats.blocked)) continue;
    await db.execute(sql`update accounts set deliverability_blocked_at = ${trip ? sql`now()` : sql`null`} where id = ${accountId}`);
    await invalidateAccount(accountId);
  }
}

/** Lifts held accounts once the window has moved past enough of their bad sends. */
async function reviewBlockedAccounts(): Promise<number> {
  const { db } = await database();
  const blocked = resultRows<{ id: string }>(await db.execute(sql`select id from accounts where deliverability_blocked_at is not null`));
  await evaluateBreaker(
    db,
    blocked.map((b) => b.id),
  );
  // Nothing to drain: report 0 so the driver waits for the next interval.
  return 0;
}

export const breakerTask: Task = {
  name: BREAKER_TASK,
  runOnce: reviewBlockedAccounts,
  get idleIntervalMs() {
    return deliverySettings().breakerIntervalMs;
  },
  cron: "*/5 * * * *",
};
