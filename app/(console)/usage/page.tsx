import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { ActivityChart } from "../../_components/activity-chart";
import { PageHead } from "../../_components/page-head";
import { Properties, Property } from "../../_components/properties";
import { Card, CardHeader, CardTitle } from "../../_components/ui/card";
import { UsageCard } from "../../_components/usage-card";

export const metadata: Metadata = { title: "Usage" };

const count = (n: number | null) => (n === null ? "unlimited" : n.toLocaleString("en-US"));

const bytes = (n: number) => (n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

const DAY_KIND = {
  plan: "the plan's daily quota",
  ramp: "new-account ramp: grows day by day after approval",
  throttle: "review throttle set by the operator",
} as const;

export default async function UsagePage() {
  const caller = await api();
  const [usage, plan, month, inbound] = await Promise.all([
    caller.usage.get({}),
    caller.dashboard.plan({}),
    caller.dashboard.activity({ range: "month" }),
    caller.dashboard.inboundStorage({}),
  ]);
  return (
    <>
      <PageHead title="Usage">
        This month and today (UTC) against plan <strong data-testid="plan">{plan.plan}</strong>.
      </PageHead>
      <section className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Usage">
        <UsageCard testId="usage-month" label="Emails this month" usage={usage.month} meter />
        <UsageCard testId="usage-day" label={`Today (${plan.day?.unit ?? "messages"})`} usage={usage.day} meter />
      </section>
      <ActivityChart title="This month, by day" days={month.days} />
      <Card role="region" aria-labelledby="limits" data-testid="plan-limits">
        <CardHeader>
          <CardTitle id="limits">Plan limits</CardTitle>
        </CardHeader>
        <Properties>
          <Property label="Emails per month" testId="limit-month">
            {count(plan.month)}
            {plan.hardLimit !== null && plan.hardLimit !== plan.month && (
              <span className="text-muted-foreground"> (sending stops at {count(plan.hardLimit)}: a 10% grace)</span>
            )}
          </Property>
          <Property label="Per day" testId="limit-day">
            {plan.day ? (
              <>
                {count(plan.day.limit)} {plan.day.unit} <span className="text-muted-foreground">({DAY_KIND[plan.day.kind]})</span>
              </>
            ) : (
              "no daily cap"
            )}
          </Property>
          <Property label="Domains" testId="limit-domains">
            {usage.domains.count} of {count(plan.domains)}
          </Property>
          <Property label="Webhook endpoints" testId="limit-webhooks">
            {usage.webhooks.count} of {count(plan.webhooks)}
          </Property>
          <Property label="Received mail stored" testId="inbound-storage">
            {count(inbound.count)} {inbound.count === 1 ? "message" : "messages"}, {bytes(inbound.bytes)}
          </Property>
          <Property label="Send rate" testId="limit-rate">
            {plan.rate ? `${plan.rate.perSecond} emails per second, bursts of up to ${plan.rate.burst}` : "unlimited"}
          </Property>
        </Properties>
      </Card>
    </>
  );
}
