import { TASKS } from "../jobs/names";
import { sql } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { database, type Db } from "../db/client";
import type { Task } from "../jobs/tasks";
import { deliverySettings } from "./settings";
import { resultRows } from "../db/rows";
import { utcTrunc } from "./hourly-counts";

/** The breaker's window and thresholds (BREAKER_* settings). */
export interface BreakerThresholds {
  windowMs: number;
  minSends: number;
  bounceRate: number;
  complaintRate: number;
}

export function breakerThresholds(): BreakerThresholds {
  const s = deliverySettings();
  return {
    windowMs: s.breakerWindowMs,
    minSends: s.breakerMinSends,
    bounceRate: s.breakerBounceRate,
    complaintRate: s.breakerComplaintRate,
  };
}

/** An account's sends, bounces and complaints in the breaker's window, and whether it holds sending now. */
export interface BreakerStats {
  sends: number;
  bounces: number;
  complaints: number;
  blocked: boolean;
}

/**
 * What the breaker judges (the dashboard shows the same numbers): what happened to the
 * account's mail, test mode apart, in the UTC hours the window reaches into (the window
 * plus the part of an hour it starts in), from the hourly counts the status path keeps
 * (server/delivery/hourly-counts.ts): a few rows an hour, whatever the account's size.
 */
export async function breakerStats(db: Pick<Db, "execute">, accountId: string, t = breakerThresholds()): Promise<BreakerStats> {
  const [stats] = resultRows<BreakerStats>(
    await db.execute(sql`
      select coalesce(sum(c.sent), 0)::int as sends,
             coalesce(sum(c.bounced), 0)::int as bounces,
             coalesce(sum(c.complained), 0)::int as complaints,
             coalesce((select deliverability_blocked_at is not null from accounts where id = ${accountId}), false) as blocked
      from email_hourly_counts c
      where c.account_id = ${accountId} and not c.test_mode
        and c.hour >= ${utcTrunc("hour", sql`now() - ${t.windowMs} * interval '1 millisecond'`)}`),
  );
  return {
    sends: Number(stats.sends),
    bounces: Number(stats.bounces),
    complaints: Number(stats.complaints),
    blocked: Boolean(stats.blocked),
  };
}

/** The rule: enough sends in the window, and either rate at or above its threshold. */
export function breakerTrips(stats: Omit<BreakerStats, "blocked">, t: BreakerThresholds): boolean {
  return stats.sends >= t.minSends && (stats.bounces / stats.sends >= t.bounceRate || stats.complaints / stats.sends >= t.complaintRate);
}

/**
 * The deliverability breaker (docs/design.md): over the last 24 h, with at least 100 sends,
 * a bounce rate ≥ 10 % or a complaint rate ≥ 0.5 % holds the account's sending until
 * the rates fall back below. Test-mode mail (simulator practice) does not count.
 */
export async function evaluateBreaker(db: Db, accountIds: string[]): Promise<void> {
  const t = breakerThresholds();
  for (const accountId of accountIds) {
    const stats = await breakerStats(db, accountId, t);
    const trip = breakerTrips(stats, t);
    if (trip === stats.blocked) continue;
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
  name: TASKS.breaker,
  runOnce: reviewBlockedAccounts,
  get idleIntervalMs() {
    return deliverySettings().breakerIntervalMs;
  },
  cron: "*/5 * * * *",
};
