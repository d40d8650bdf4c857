import type { Account } from "../accounts/account-cache";
import { hardLimit, planOf } from "../accounts/plans";
import { config } from "../config";

const DAY_MS = 86_400_000;

/** The daily ceiling actually enforced and the unit it counts. */
export interface DayLimit {
  limit: number;
  unit: "messages" | "recipients";
  /** plan: the plan's daily quota (quota_exceeded); ramp/throttle: capacity guards (rate_limited). */
  kind: "plan" | "ramp" | "throttle";
}

export interface SendLimits {
  rate: { perSecond: number; burst: number } | null;
  monthLimit: number | null;
  hardLimit: number | null;
  day: DayLimit | null;
}

/** The new-account ramp stage for today, or null once the ramp is over (or none is configured). */
export function rampStage(account: Account, now = new Date()): number | null {
  const stages = config().rampStages;
  if (stages.length === 0) return null;
  if (!account.approvedAt) return stages[0];
  const today = Math.floor(now.getTime() / DAY_MS);
  const approvedDay = Math.floor(account.approvedAt.getTime() / DAY_MS);
  return stages[today - approvedDay] ?? null;
}

/**
 * The day ceiling: the ramp stage or the review throttle where either applies (the
 * lower when both do), counted in recipients; otherwise the plan's daily cap in messages.
 */
export function dayLimit(account: Account, now = new Date()): DayLimit | null {
  const ramp = rampStage(account, now);
  const throttle = account.throttlePerDay;
  if (ramp !== null || throttle !== null) {
    if (throttle !== null && (ramp === null || throttle <= ramp)) return { limit: throttle, unit: "recipients", kind: "throttle" };
    return { limit: ramp!, unit: "recipients", kind: "ramp" };
  }
  const plan = planOf(account.plan);
  return plan.day === null ? null : { limit: plan.day, unit: "messages", kind: "plan" };
}

export function sendLimits(account: Account, now = new Date()): SendLimits {
  const plan = planOf(account.plan);
  return {
    rate: plan.rate,
    monthLimit: plan.month,
    hardLimit: plan.month === null ? null : hardLimit(plan.month),
    day: dayLimit(account, now),
  };
}

/** Nothing to enforce: the send path may skip the gates and count usage in the background. */
export function isUnmetered(limits: SendLimits): boolean {
  return limits.rate === null && limits.hardLimit === null && limits.day === null;
}
