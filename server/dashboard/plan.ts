import type { Account } from "../accounts/account-cache";
import { planOf } from "../accounts/plans";
import { sendLimits } from "../limits/limits";
import type { PlanLimits } from "./schemas";

/** The account's plan as the send path enforces it today (the ramp or review throttle included). */
export function readPlanLimits(account: Account, now = new Date()): PlanLimits {
  const plan = planOf(account.plan);
  const limits = sendLimits(account, now);
  return {
    plan: account.plan,
    month: limits.monthLimit,
    hardLimit: limits.hardLimit,
    day: limits.day,
    domains: plan.domains,
    webhooks: plan.webhooks,
    rate: limits.rate,
  };
}
