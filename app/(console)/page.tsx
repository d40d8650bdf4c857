import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { Limit } from "../_components/format";
import { PageHead } from "../_components/page-head";

export const metadata: Metadata = { title: "Overview" };

function Meter({ count, limit }: { count: number; limit: number | null }) {
  if (limit === null || limit === 0) return null;
  const pct = Math.min(100, Math.round((count / limit) * 100));
  return (
    <div className="meter" role="meter" aria-valuemin={0} aria-valuemax={limit} aria-valuenow={count} aria-label={`${pct}% used`}>
      <span style={{ width: `${pct}%` }} />
    </div>
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
    <div className="card" data-testid={props.testId}>
      <div className="label">{props.label}</div>
      <div className="value">
        <Limit count={count} limit={limit} />
      </div>
      {props.meter && <Meter count={count} limit={limit} />}
      {suspended > 0 && <div className="badge bad">{suspended} suspended by plan</div>}
    </div>
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
      <section className="panel">
        <h2 style={{ marginTop: 0 }}>Get started</h2>
        <ol>
          <li>
            <Link href="/api-keys">Create an API key</Link>.
          </li>
          <li>
            Send a test from the sandbox sender to <code>success@simulator.amazonses.com</code> (see <Link href="/docs">the docs</Link>).
          </li>
          <li>
            <Link href="/domains">Add and verify your domain</Link> to send from your own address.
          </li>
          <li>
            <Link href="/webhooks">Add a webhook endpoint</Link> to hear about deliveries, bounces and complaints.
          </li>
        </ol>
      </section>
    </>
  );
}
