import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { Limit } from "../_components/format";

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

export default async function OverviewPage() {
  const caller = await api();
  const [usage, keys] = await Promise.all([caller.usage.get({}), caller.apiKeys.list({})]);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Overview</h1>
          <p className="muted">
            Plan <strong data-testid="plan">{usage.plan}</strong>
          </p>
        </div>
      </div>
      <section className="cards" aria-label="Usage">
        <div className="card" data-testid="usage-month">
          <div className="label">Emails this month</div>
          <div className="value">
            <Limit {...usage.month} />
          </div>
          <Meter {...usage.month} />
        </div>
        <div className="card" data-testid="usage-day">
          <div className="label">Today (UTC)</div>
          <div className="value">
            <Limit {...usage.day} />
          </div>
          <Meter {...usage.day} />
        </div>
        <div className="card" data-testid="usage-domains">
          <div className="label">Domains</div>
          <div className="value">
            <Limit count={usage.domains.count} limit={usage.domains.limit} />
          </div>
          {usage.domains.suspended > 0 && <div className="badge bad">{usage.domains.suspended} suspended by plan</div>}
        </div>
        <div className="card" data-testid="usage-webhooks">
          <div className="label">Webhook endpoints</div>
          <div className="value">
            <Limit count={usage.webhooks.count} limit={usage.webhooks.limit} />
          </div>
          {usage.webhooks.suspended > 0 && <div className="badge bad">{usage.webhooks.suspended} suspended by plan</div>}
        </div>
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
