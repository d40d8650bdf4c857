import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { ActivityChart } from "../_components/activity-chart";
import { Badge, Time } from "../_components/format";
import { PageHead } from "../_components/page-head";
import { UsageCard } from "../_components/usage-card";
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
      <section className="cards" aria-label="Usage">
        <UsageCard testId="usage-month" label="Emails this month" usage={usage.month} meter />
        <UsageCard testId="usage-day" label="Today (UTC)" usage={usage.day} meter />
        <UsageCard testId="usage-domains" label="Domains" usage={usage.domains} />
        <UsageCard testId="usage-webhooks" label="Webhook endpoints" usage={usage.webhooks} />
        <div className="card">
          <div className="label">Live API keys</div>
          <div className="value">{keys.data.length}</div>
        </div>
      </section>
      <ActivityChart title="Activity (UTC days)" days={activity.days} spans={[7, 30]} />
      <Deliverability view={deliverability} />
      <section className="panel" aria-labelledby="recent-emails" data-testid="recent-emails">
        <h2 id="recent-emails" style={{ marginTop: 0 }}>
          Recent emails
        </h2>
        {recent.data.length === 0 ? (
          <p className="muted">No emails yet.</p>
        ) : (
          <ul>
            {recent.data.map((e) => (
              <li key={e.id} data-testid="recent-email">
                <Link href={`/emails/${e.id}`}>{e.subject || "(no subject)"}</Link> <Badge value={e.status} />{" "}
                <span className="muted">
                  to {e.to.join(", ") || "(no recipients)"} · <Time ms={e.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link href="/emails">All emails</Link>
      </section>
      <Checklist steps={checklist} />
    </>
  );
}
