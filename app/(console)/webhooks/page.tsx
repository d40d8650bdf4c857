import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { EVENT_TYPES } from "@/server/events/types";
import { Badge, MadeBy, Time } from "../../_components/format";
import { DataTable } from "../../_components/table";
import { CreateWebhookForm, TestEventButton } from "./client";
import { RecentFailures } from "./recent-failures";
import { PageHead } from "../../_components/page-head";
import { TableCell, TableRow, WIDE_CELL } from "../../_components/ui/table";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const caller = await api();
  const [{ data: endpoints }, health, creators] = await Promise.all([
    caller.webhooks.list({}),
    caller.dashboard.webhookHealth({}),
    caller.dashboard.webhookCreators({}),
  ]);
  const recent = new Map(health.data.map((h) => [h.id, h]));
  const madeBy = new Map(creators.data.map((c) => [c.id, c]));
  return (
    <>
      <PageHead title="Webhooks">
        Signed POSTs for email events. Verify <code>posthaste-signature</code> with the endpoint&apos;s secret.
      </PageHead>
      <CreateWebhookForm eventTypes={[...EVENT_TYPES]} />
      <DataTable
        caption="Webhook endpoints"
        headers={["Endpoint", "Events", "State", "Last attempt", "Failures"]}
        actions
        empty={endpoints.length === 0 && "No webhook endpoints yet."}
      >
        {endpoints.map((w) => (
          <TableRow key={w.id} data-testid="webhook-row">
            <TableCell className={`min-w-56 ${WIDE_CELL}`}>
              <Link href={`/webhooks/${w.id}`} className="font-medium wrap-anywhere">
                {w.url}
              </Link>
              {w.description && <div className="text-muted-foreground wrap-break-word">{w.description}</div>}
              <div className="mt-1 text-muted-foreground">
                Made by <MadeBy creator={madeBy.get(w.id)} />
              </div>
            </TableCell>
            <TableCell className="min-w-32 wrap-break-word">{w.events.includes("*") ? "All events" : w.events.join(", ")}</TableCell>
            <TableCell>
              {w.suspendedByPlan ? (
                <Badge value="suspended" label="suspended by plan" />
              ) : w.enabled ? (
                <Badge value="enabled" />
              ) : (
                <Badge value="disabled" />
              )}
              {w.autoDisabledAt && (
                <div className="mt-1 text-muted-foreground">
                  auto-disabled <Time ms={w.autoDisabledAt} />
                </div>
              )}
            </TableCell>
            <TableCell>
              <Time ms={w.lastAttemptAt} />
              {w.lastResponseStatus !== null && <div className="text-muted-foreground">HTTP {w.lastResponseStatus}</div>}
              {w.lastError && <div className="text-muted-foreground wrap-break-word">{w.lastError}</div>}
            </TableCell>
            <TableCell>
              <span className="tabular-nums" data-testid="consecutive-failures">
                {w.consecutiveFailures}
              </span>{" "}
              failed deliveries in a row
              <RecentFailures health={recent.get(w.id)} />
            </TableCell>
            <TableCell>{w.enabled && !w.suspendedByPlan && <TestEventButton id={w.id} />}</TableCell>
          </TableRow>
        ))}
      </DataTable>
    </>
  );
}
