import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { ActivityChart } from "../_components/activity-chart";
import { Badge, Time } from "../_components/format";
import { PageHead } from "../_components/page-head";
import { Card, CardHeader, CardTitle } from "../_components/ui/card";
import { StatCard, UsageCard } from "../_components/usage-card";
import { Checklist } from "./checklist";
import { Deliverability } from "./deliverability";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const caller = await api();
  const [usage, keys, activity, deliverability, checklist, recent] = await Promise.all([
    caller.usage.get({}),
    caller.apiKeys.list({}),
    // One read of 30 days; the chart's 7-day view is its tail.
    caller.dashboard.activity({ range: "30d" }),
    caller.dashboard.deliverability({}),
    caller.dashboard.checklist({}),
    caller.emails.list({ limit: 5 }),
  ]);
  return (
    <>
      <PageHead title="Overview">
        Plan <strong data-testid="plan">{usage.plan}</strong> · <Link href="/usage">Usage and limits</Link>
      </PageHead>
      <section className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Usage">
        <UsageCard testId="usage-month" label="Emails this month" usage={usage.month} meter />
        <UsageCard testId="usage-day" label="Today (UTC)" usage={usage.day} meter />
        <UsageCard testId="usage-domains" label="Domains" usage={usage.domains} />
        <UsageCard testId="usage-webhooks" label="Webhook endpoints" usage={usage.webhooks} />
        <StatCard label="Live API keys">
          <div className="text-2xl font-semibold tabular-nums">{keys.data.length}</div>
        </StatCard>
      </section>
      <ActivityChart title="Activity (UTC days)" days={activity.days} spans={[7, 30]} />
      <Deliverability view={deliverability} />
      <Card role="region" aria-labelledby="recent-emails" className="mb-6" data-testid="recent-emails">
        <CardHeader>
          <CardTitle id="recent-emails">Recent emails</CardTitle>
        </CardHeader>
        {recent.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No emails yet.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {recent.data.map((e) => (
              <li key={e.id} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1" data-testid="recent-email">
                <Link href={`/emails/${e.id}`} className="min-w-0 wrap-anywhere">
                  {e.subject || "(no subject)"}
                </Link>
                <Badge value={e.status} />
                <span className="min-w-0 wrap-anywhere text-muted-foreground">
                  to {e.to.join(", ") || "(no recipients)"} · <Time ms={e.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link href="/emails" className="text-sm">
          All emails
        </Link>
      </Card>
      <Checklist steps={checklist} />
    </>
  );
}
