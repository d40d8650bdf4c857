import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { ActivityChart } from "../../_components/activity-chart";
import { PageHead } from "../../_components/page-head";
import { UsageCard } from "../../_components/usage-card";

export const metadata: Metadata = { title: "Usage" };

const count = (n: number | null) => (n === null ? "unlimited" : n.toLocaleString("en-US"));

const DAY_KIND = {
  plan: "the plan's daily quota",
  ramp: "new-account ramp: grows day by day after approval",
  throttle: "review throttle set by the operator",
} as const;

export default async function UsagePage() {
  const caller = await api();
  const [usage, plan, month] = await Promise.all([
    caller.usage.get({}),
    caller.dashboard.plan({}),
    caller.dashboard.activity({ range: "month" }),
  ]);
  return (
    <>
      <PageHead title="Usage">
        This month and today (UTC) against plan <strong data-testid="plan">{plan.plan}</strong>.
      </PageHead>
      <section className="cards" aria-label="Usage">
        <UsageCard testId="usage-month" label="Emails this month" usage={usage.month} meter />
        <UsageCard testId="usage-day" label={`Today (${plan.day?.unit ?? "messages"})`} usage={usage.day} meter />
      </section>
      <ActivityChart title="This month, by day" days={month.days} />
      <section className="panel" aria-labelledby="limits" data-testid="plan-limits">
        <h2 id="limits" style={{ marginTop: 0 }}>
          Plan limits
        </h2>
        <dl className="props">
          <dt>Emails per month</dt>
          <dd data-testid="limit-month">
            {count(plan.month)}
            {plan.hardLimit !== null && plan.hardLimit !== plan.month && (
              <span className="muted"> (sending stops at {count(plan.hardLimit)}: a 10% grace)</span>
            )}
          </dd>
          <dt>Per day</dt>
          <dd data-testid="limit-day">
            {plan.day ? (
              <>
                {count(plan.day.limit)} {plan.day.unit} <span className="muted">({DAY_KIND[plan.day.kind]})</span>
              </>
            ) : (
              "no daily cap"
            )}
          </dd>
          <dt>Domains</dt>
          <dd data-testid="limit-domains">
            {usage.domains.count} of {count(plan.domains)}
          </dd>
          <dt>Webhook endpoints</dt>
          <dd data-testid="limit-webhooks">
            {usage.webhooks.count} of {count(plan.webhooks)}
          </dd>
          <dt>Send rate</dt>
          <dd data-testid="limit-rate">
            {plan.rate ? `${plan.rate.perSecond} emails per second, bursts of up to ${plan.rate.burst}` : "unlimited"}
          </dd>
        </dl>
      </section>
    </>
  );
}
