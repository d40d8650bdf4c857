import { sql } from "drizzle-orm";
import type { Account } from "../accounts/account-cache";
import { planOf } from "../accounts/plans";
import { database } from "../db/client";
import { dayPeriod, monthPeriod } from "../lib/time";
import { flushCounters } from "./counters";
import { dayLimit } from "./limits";
import type { Usage } from "./schemas";

/**
 * GET /v1/usage: counters and allowances; `day` in the unit of the ceiling actually enforced.
 * `domains` counts live (pending or verified) rows, the ones the plan's allowance counts:
 * a failed row, which GET /v1/domains still lists, holds no allowance.
 */
export async function getUsage(account: Account): Promise<Usage> {
  await flushCounters();
  const d = await database();
  const now = new Date();
  const a = account.id;
  const [row] = await d.rows<Record<string, number>>(sql`select
    coalesce((select messages from usage_counters where account_id = ${a} and period = ${monthPeriod(now)}), 0)::int as month,
    coalesce((select messages from usage_counters where account_id = ${a} and period = ${dayPeriod(now)}), 0)::int as day_messages,
    coalesce((select recipients from usage_counters where account_id = ${a} and period = ${dayPeriod(now)}), 0)::int as day_recipients,
    (select count(*) from domains where account_id = ${a} and status <> 'failed')::int as domains,
    (select count(*) from domains where account_id = ${a} and status <> 'failed' and suspended_at is not null)::int as domains_suspended,
    (select count(*) from webhook_endpoints where account_id = ${a})::int as webhooks,
    (select count(*) from webhook_endpoints where account_id = ${a} and suspended_by_plan)::int as webhooks_suspended`);
  const plan = planOf(account.plan);
  const day = dayLimit(account, now);
  return {
    plan: account.plan,
    month: { count: Number(row.month), limit: plan.month },
    day: { count: Number(day?.unit === "recipients" ? row.day_recipients : row.day_messages), limit: day?.limit ?? null },
    domains: { count: Number(row.domains), limit: plan.domains, suspended: Number(row.domains_suspended) },
    webhooks: { count: Number(row.webhooks), limit: plan.webhooks, suspended: Number(row.webhooks_suspended) },
  };
}
