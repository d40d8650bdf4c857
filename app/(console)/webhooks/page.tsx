import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { EVENT_TYPES } from "@/server/events/types";
import { Badge, Time } from "../../_components/format";
import { DataTable } from "../../_components/table";
import { CreateWebhookForm, TestEventButton } from "./client";
import { RecentFailures } from "./recent-failures";
import { PageHead } from "../../_components/page-head";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const caller = await api();
  const [{ data: endpoints }, health] = await Promise.all([caller.webhooks.list({}), caller.dashboard.webhookHealth({})]);
  const recent = new Map(health.data.map((h) => [h.id, h]));
  return (
    <>
      <PageHead title="Webhooks">
        Signed POSTs for email events. Verify <code>posthaste-signature</code> with the endpoint&apos;s secret.
      </PageHead>
      <CreateWebhookForm eventTypes={[...EVENT_TYPES]} />
      <DataTable
        headers={["Endpoint", "Events", "State", "Last attempt", "Failures"]}
        actions
        empty={endpoints.length === 0 && "No webhook endpoints yet."}
      >
        {endpoints.map((w) => (
          <tr key={w.id} data-testid="webhook-row">
            <td className="break">
              <Link href={`/webhooks/${w.id}`}>{w.url}</Link>
              {w.description && <div className="muted">{w.description}</div>}
            </td>
            <td>{w.events.includes("*") ? "All events" : w.events.join(", ")}</td>
            <td>
              {w.suspendedByPlan ? (
                <Badge value="suspended" label="suspended by plan" />
              ) : w.enabled ? (
                <Badge value="enabled" />
              ) : (
                <Badge value="disabled" />
              )}
              {w.autoDisabledAt && (
                <div className="muted">
                  auto-disabled <Time ms={w.autoDisabledAt} />
                </div>
              )}
            </td>
            <td>
              <Time ms={w.lastAttemptAt} />
              {w.lastResponseStatus !== null && <div className="muted">HTTP {w.lastResponseStatus}</div>}
              {w.lastError && <div className="muted">{w.lastError}</div>}
            </td>
            <td>
              <span data-testid="consecutive-failures">{w.consecutiveFailures}</span> failed deliveries in a row
              <RecentFailures health={recent.get(w.id)} />
            </td>
            <td>{w.enabled && !w.suspendedByPlan && <TestEventButton id={w.id} />}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
