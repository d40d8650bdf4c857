import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { Limit } from "../_components/format";
import { PageHead } from "../_components/page-head";
import { Badge } from "../_components/ui/badge";
import { Card, CardHeader, CardTitle } from "../_components/ui/card";

export const metadata: Metadata = { title: "Overview" };

function Meter({ count, limit }: { count: number; limit: number | null }) {
  if (limit === null || limit === 0) return null;
  const pct = Math.min(100, Math.round((count / limit) * 100));
  return (
    <div
      className="h-1.5 overflow-hidden rounded-full bg-muted"
      role="meter"
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={count}
      aria-label={`${pct}% used`}
    >
      {/* The width is the data itself, so it stays an inline style. */}
      <div className="h-full rounded-full bg-primary" style={{ width: `${pct}%` }} />
    </div>
  );
}

function StatCard({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  return (
    <Card className="gap-2 sm:p-5" data-testid={testId}>
      <div className="text-sm text-muted-foreground">{label}</div>
      {children}
    </Card>
  );
}

/** A count against its plan limit, with a meter or the number the plan parked. */
function UsageCard(props: {
  testId: string;
  label: string;
  usage: { count: number; limit: number | null; suspended?: number };
  meter?: boolean;
}) {
  const { count, limit, suspended = 0 } = props.usage;
  return (
    <StatCard label={props.label} testId={props.testId}>
      <div className="text-2xl font-semibold tabular-nums">
        <Limit count={count} limit={limit} />
      </div>
      {props.meter && <Meter count={count} limit={limit} />}
      {suspended > 0 && <Badge tone="danger">{suspended} suspended by plan</Badge>}
    </StatCard>
  );
}

export default async function OverviewPage() {
  const caller = await api();
  const [usage, keys] = await Promise.all([caller.usage.get({}), caller.apiKeys.list({})]);
  return (
    <>
      <PageHead title="Overview">
        Plan <strong data-testid="plan">{usage.plan}</strong>
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
      <Card role="region" aria-labelledby="get-started">
        <CardHeader>
          <CardTitle id="get-started">Get started</CardTitle>
        </CardHeader>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>
            <Link href="/api-keys">Create an API key</Link>.
          </li>
          <li>
            Send a test from the sandbox sender to <code className="wrap-anywhere">success@simulator.amazonses.com</code> (see{" "}
            <Link href="/docs">the docs</Link>).
          </li>
          <li>
            <Link href="/domains">Add and verify your domain</Link> to send from your own address.
          </li>
          <li>
            <Link href="/webhooks">Add a webhook endpoint</Link> to hear about deliveries, bounces and complaints.
          </li>
        </ol>
      </Card>
    </>
  );
}
