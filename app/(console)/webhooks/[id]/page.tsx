import { ArrowLeftIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { EVENT_TYPES } from "@/server/events/types";
import { Copyable } from "../../../_components/copyable";
import { Badge, Time } from "../../../_components/format";
import { orNotFound } from "../../../_components/not-found";
import { PageHead } from "../../../_components/page-head";
import { Pager } from "../../../_components/pager";
import { Properties, Property } from "../../../_components/properties";
import { DataTable } from "../../../_components/table";
import { Badge as BadgeUi } from "../../../_components/ui/badge";
import { Card } from "../../../_components/ui/card";
import { TableCell, TableRow, WIDE_CELL } from "../../../_components/ui/table";
import { DeleteWebhookButton, EditWebhookForm, EnableSwitch, ResendButton, RotateSecret, TestEventButton } from "../client";
import { RecentFailures } from "../recent-failures";

export const metadata: Metadata = { title: "Webhook endpoint" };

/** The body as sent, indented for reading (it went out as one line). */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export default async function WebhookPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ cursor?: string }>;
}) {
  const { id } = await params;
  const { cursor } = await searchParams;
  const caller = await api();
  const endpoint = await orNotFound(caller.webhooks.get({ id }));
  const log = await caller.webhooks.attempts({ id, limit: "50", cursor: cursor || undefined });
  const [events, health] = await Promise.all([
    caller.dashboard.webhookEvents({ ids: [...new Set(log.data.map((a) => a.eventId))] }),
    caller.dashboard.webhookHealth({}),
  ]);
  // Each attempt's request body (the event as POSTed), and which events were tests.
  const bodies = new Map(events.data.map((e) => [e.id, e]));
  return (
    <>
      <PageHead
        // A URL is one long token: let it break anywhere rather than push the page wider.
        title={<span className="wrap-anywhere">{endpoint.url}</span>}
        above={
          <Link href="/webhooks" className="inline-flex items-center gap-1 text-sm">
            <ArrowLeftIcon className="size-4" aria-hidden /> Webhooks
          </Link>
        }
      >
        <span className="flex flex-wrap gap-1.5">
          {endpoint.suspendedByPlan ? (
            <Badge value="suspended" label="suspended by plan" />
          ) : endpoint.enabled ? (
            <Badge value="enabled" />
          ) : (
            <Badge value="disabled" />
          )}
          {endpoint.autoDisabledAt && <Badge value="failed" label="auto-disabled" />}
        </span>
      </PageHead>
      <div className="mb-6 flex flex-wrap items-start gap-x-6 gap-y-3">
        {endpoint.enabled && !endpoint.suspendedByPlan && (
          <div>
            <TestEventButton id={endpoint.id} />
          </div>
        )}
        <EnableSwitch id={endpoint.id} enabled={endpoint.enabled} />
        <RotateSecret id={endpoint.id} />
        <DeleteWebhookButton id={endpoint.id} />
      </div>
      <Card className="mb-6">
        <Properties>
          <Property label="Id">
            <Copyable value={endpoint.id} label="Copy endpoint id" className="-my-1.5" />
          </Property>
          <Property label="Events">{endpoint.events.includes("*") ? "All events" : endpoint.events.join(", ")}</Property>
          <Property label="Consecutive failures">
            <span className="tabular-nums" data-testid="consecutive-failures">
              {endpoint.consecutiveFailures}
            </span>{" "}
            <span className="text-muted-foreground">deliveries in a row that failed every retry</span>
          </Property>
          <Property label="Recent attempts">
            <RecentFailures health={health.data.find((h) => h.id === endpoint.id)} />
          </Property>
          <Property label="Last attempt">
            <Time ms={endpoint.lastAttemptAt} />
            {endpoint.lastResponseStatus !== null && ` · HTTP ${endpoint.lastResponseStatus}`}
          </Property>
          {endpoint.lastError && <Property label="Last error">{endpoint.lastError}</Property>}
          {endpoint.autoDisabledAt && (
            <Property label="Auto-disabled">
              <Time ms={endpoint.autoDisabledAt} /> after 20 deliveries in a row failed every retry. Re-enable it once the receiver works.
            </Property>
          )}
          <Property label="Created">
            <Time ms={endpoint.createdAt} />
          </Property>
        </Properties>
      </Card>
      <section aria-labelledby="log" className="mb-6">
        <h2 id="log" className="mb-3 text-lg font-semibold">
          Delivery log
        </h2>
        <DataTable
          caption="Delivery attempts, newest first"
          headers={["Time", "Event", "Attempt", "Response", "Duration", "Delivery"]}
          actions
          empty={log.data.length === 0 && "No delivery attempts yet."}
        >
          {log.data.map((a) => (
            <TableRow key={a.id} data-testid="attempt-row">
              <TableCell>
                <Time ms={a.at} />
              </TableCell>
              <TableCell className={`min-w-48 ${WIDE_CELL}`}>
                <code>{a.eventType}</code>
                {bodies.get(a.eventId)?.test && (
                  <>
                    {" "}
                    <BadgeUi tone="info" data-testid="test-event-badge">
                      test
                    </BadgeUi>
                  </>
                )}
                <Copyable value={a.eventId} label="Copy event id" className="text-xs text-muted-foreground" />
                {bodies.has(a.eventId) && (
                  <details className="mt-1" data-testid="attempt-payload">
                    <summary className="cursor-pointer text-sm">Payload</summary>
                    <pre className="mt-1 rounded-md bg-code p-2 text-xs whitespace-pre-wrap wrap-anywhere">
                      {pretty(bodies.get(a.eventId)!.body)}
                    </pre>
                  </details>
                )}
              </TableCell>
              <TableCell className="tabular-nums">{a.attempt}</TableCell>
              <TableCell className={`min-w-32 ${WIDE_CELL}`}>
                {a.responseStatus !== null ? (
                  <Badge value={a.responseStatus < 300 ? "succeeded" : "failed"} label={`HTTP ${a.responseStatus}`} />
                ) : (
                  <Badge value="failed" label="no response" />
                )}
                {a.error && <div className="mt-1 text-muted-foreground wrap-break-word">{a.error}</div>}
                {a.responseBodyHead && (
                  <details className="mt-1" data-testid="attempt-response">
                    <summary className="cursor-pointer text-sm">Response body (first bytes)</summary>
                    <pre className="mt-1 rounded-md bg-code p-2 text-xs whitespace-pre-wrap wrap-anywhere">{a.responseBodyHead}</pre>
                  </details>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{a.durationMs} ms</TableCell>
              <TableCell>
                <Badge value={a.deliveryStatus} />
              </TableCell>
              <TableCell>
                <ResendButton id={endpoint.id} eventId={a.eventId} />
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
        <Pager
          first={cursor ? `/webhooks/${id}` : null}
          firstLabel="Newest"
          next={log.nextCursor ? `/webhooks/${id}?cursor=${encodeURIComponent(log.nextCursor)}` : null}
          nextLabel="Older"
        />
      </section>
      <EditWebhookForm
        id={endpoint.id}
        url={endpoint.url}
        description={endpoint.description}
        events={endpoint.events}
        eventTypes={[...EVENT_TYPES]}
        includeContent={endpoint.includeContent}
      />
    </>
  );
}
