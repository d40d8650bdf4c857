import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { EVENT_TYPES } from "@/server/events/types";
import { Badge, Time } from "../../../_components/format";
import { orNotFound } from "../../../_components/not-found";
import { Pager } from "../../../_components/pager";
import { DataTable } from "../../../_components/table";
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
      <nav className="muted" style={{ marginBottom: 8 }}>
        <Link href="/webhooks">← Webhooks</Link>
      </nav>
      <div className="page-head">
        <div>
          <h1 className="break" style={{ wordBreak: "break-all" }}>
            {endpoint.url}
          </h1>
          <div className="actions">
            {endpoint.suspendedByPlan ? (
              <Badge value="suspended" label="suspended by plan" />
            ) : endpoint.enabled ? (
              <Badge value="enabled" />
            ) : (
              <Badge value="disabled" />
            )}
            {endpoint.autoDisabledAt && <Badge value="failed" label="auto-disabled" />}
          </div>
        </div>
        <div className="actions">
          {endpoint.enabled && !endpoint.suspendedByPlan && <TestEventButton id={endpoint.id} />}
          <EnableSwitch id={endpoint.id} enabled={endpoint.enabled} />
          <RotateSecret id={endpoint.id} />
          <DeleteWebhookButton id={endpoint.id} />
        </div>
      </div>
      <section className="panel">
        <dl className="props">
          <dt>Events</dt>
          <dd>{endpoint.events.includes("*") ? "All events" : endpoint.events.join(", ")}</dd>
          <dt>Consecutive failures</dt>
          <dd>
            <span data-testid="consecutive-failures">{endpoint.consecutiveFailures}</span>{" "}
            <span className="muted">deliveries in a row that failed every retry</span>
          </dd>
          <dt>Recent attempts</dt>
          <dd>
            <RecentFailures health={health.data.find((h) => h.id === endpoint.id)} />
          </dd>
          <dt>Last attempt</dt>
          <dd>
            <Time ms={endpoint.lastAttemptAt} />
            {endpoint.lastResponseStatus !== null && ` · HTTP ${endpoint.lastResponseStatus}`}
          </dd>
          {endpoint.lastError && (
            <>
              <dt>Last error</dt>
              <dd>{endpoint.lastError}</dd>
            </>
          )}
          {endpoint.autoDisabledAt && (
            <>
              <dt>Auto-disabled</dt>
              <dd>
                <Time ms={endpoint.autoDisabledAt} /> after 20 deliveries in a row failed every retry. Re-enable it once the receiver works.
              </dd>
            </>
          )}
          <dt>Created</dt>
          <dd>
            <Time ms={endpoint.createdAt} />
          </dd>
        </dl>
      </section>
      <section aria-labelledby="log">
        <h2 id="log">Delivery log</h2>
        <DataTable
          headers={["Time", "Event", "Attempt", "Response", "Duration", "Delivery"]}
          actions
          empty={log.data.length === 0 && "No delivery attempts yet."}
        >
          {log.data.map((a) => (
            <tr key={a.id} data-testid="attempt-row">
              <td>
                <Time ms={a.at} />
              </td>
              <td>
                <code>{a.eventType}</code>
                {bodies.get(a.eventId)?.test && (
                  <>
                    {" "}
                    <span className="badge" data-testid="test-event-badge">
                      test
                    </span>
                  </>
                )}
                <div className="muted mono">{a.eventId}</div>
                {bodies.has(a.eventId) && (
                  <details data-testid="attempt-payload">
                    <summary>Payload</summary>
                    <pre className="break">{pretty(bodies.get(a.eventId)!.body)}</pre>
                  </details>
                )}
              </td>
              <td>{a.attempt}</td>
              <td>
                {a.responseStatus !== null ? (
                  <Badge value={a.responseStatus < 300 ? "succeeded" : "failed"} label={`HTTP ${a.responseStatus}`} />
                ) : (
                  <Badge value="failed" label="no response" />
                )}
                {a.error && <div className="muted">{a.error}</div>}
                {a.responseBodyHead && (
                  <details data-testid="attempt-response">
                    <summary>Response body (first bytes)</summary>
                    <pre className="break">{a.responseBodyHead}</pre>
                  </details>
                )}
              </td>
              <td>{a.durationMs} ms</td>
              <td>
                <Badge value={a.deliveryStatus} />
              </td>
              <td>
                <ResendButton id={endpoint.id} eventId={a.eventId} />
              </td>
            </tr>
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
      />
    </>
  );
}
