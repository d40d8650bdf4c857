import type { Metadata } from "next";
import Link from "next/link";
import { eventExample } from "@/server/api/examples";
import { EVENT_DOCS } from "@/server/events/schemas";
import { EVENT_TYPES } from "@/server/events/types";
import { Breadcrumbs } from "../../_components/breadcrumbs";
import { CodeBlock } from "../../_components/code-block";
import { Prose } from "../../_components/prose";
import { DataTable } from "../../_components/table";
import { TableCell, TableRow, WIDE_CELL } from "../../_components/ui/table";
import { NODE_POSTHASTE, NODE_STANDARD, PYTHON_POSTHASTE, PYTHON_STANDARD } from "./verify-samples";

export const metadata: Metadata = { title: "Webhooks" };

const DATA_FIELDS = {
  email: "email_id, from, to, subject, tags",
  recipient: "email_id, from, to, subject, tags, recipient, reason",
  opened: "email_id, from, to, subject, tags, open { timestamp, userAgent, ipAddress }",
  clicked: "email_id, from, to, subject, tags, click { timestamp, userAgent, ipAddress, link }",
  quota: "month_count, month_limit, hard_limit",
  inbound:
    "email_id, created_at, from, to, cc, bcc, received_for, message_id, subject, attachments [{ id, filename, content_type, content_disposition, content_id }] (text, html with include_content)",
};

export default function WebhooksDocs() {
  return (
    <Prose>
      <Breadcrumbs trail={[{ href: "/docs", label: "Docs" }]} current="Webhooks" />
      <h1 className="text-3xl font-semibold tracking-tight">Webhooks</h1>
      <p>
        Register an endpoint with <code>POST /v1/webhooks</code> (https, port 443, a public host) and the event types it wants, or{" "}
        <code>[&quot;*&quot;]</code> for all ten. Each event is POSTed to it as JSON. The <Link href="/docs/api">API reference</Link>{" "}
        describes every payload under <em>Webhooks</em>.
      </p>
      <h2>Delivery</h2>
      <ul>
        <li>
          At least once and unordered: dedupe on the event&apos;s <code>id</code>, sequence by <code>created_at</code>.
        </li>
        <li>
          Answer any 2xx within 10 seconds. Anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (eight attempts over
          about 28 hours).
        </li>
        <li>
          After 20 deliveries in a row that exhausted every retry the endpoint is switched off (<code>autoDisabledAt</code>) and the account
          owner is emailed. <code>PATCH</code> it with <code>{"{ enabled: true }"}</code> to resume.
        </li>
        <li>
          <code>GET /v1/webhooks/{"{id}"}/attempts</code> shows each attempt; <code>POST /v1/webhooks/{"{id}"}/resend</code> delivers a
          stored event again.
        </li>
      </ul>
      <h2>Payload</h2>
      <p>
        <code>{"{ id, type, created_at, data }"}</code>: <code>created_at</code> is ISO 8601.
      </p>
      <DataTable caption="Event types" headers={["Type", "Meaning", "Data"]}>
        {EVENT_TYPES.map((type) => (
          <TableRow key={type}>
            <TableCell className="whitespace-nowrap">
              <code>{type}</code>
            </TableCell>
            <TableCell className={`min-w-48 ${WIDE_CELL}`}>{EVENT_DOCS[type].meaning}</TableCell>
            <TableCell className={`min-w-48 wrap-anywhere ${WIDE_CELL}`}>
              <code>{DATA_FIELDS[EVENT_DOCS[type].data]}</code>
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
      <CodeBlock code={JSON.stringify(eventExample("email.bounced"), null, 2)} label="Copy example payload" />
      <h2 id="signatures">Verifying signatures</h2>
      <p>
        The endpoint&apos;s secret (<code>whsec_…</code>) is shown when it is created and when it is rotated. Every delivery is signed
        twice; check either one, on the raw body bytes before any JSON parsing, with a constant-time comparison, and refuse timestamps more
        than five minutes away from now.
      </p>
      <ul>
        <li>
          <strong>Standard Webhooks</strong>: <code>webhook-id</code> (the event id), <code>webhook-timestamp</code> (Unix seconds) and{" "}
          <code>webhook-signature: v1,&lt;base64&gt;</code>, the HMAC-SHA256 of <code>{"<webhook-id>.<webhook-timestamp>.<raw body>"}</code>{" "}
          keyed with the base64-decoded part of the secret after <code>whsec_</code>. Standard Webhooks libraries verify it as they are.
        </li>
        <li>
          <strong>posthaste-signature</strong>: <code>t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>, the HMAC-SHA256 of{" "}
          <code>{"<t>.<raw body>"}</code> keyed with the whole secret string, with <code>posthaste-event-id</code> and{" "}
          <code>posthaste-timestamp</code> beside it.
        </li>
      </ul>
      <h3>Node</h3>
      <CodeBlock code={NODE_STANDARD} />
      <CodeBlock code={NODE_POSTHASTE} />
      <p>
        The typed client in <code>client/</code> verifies either scheme: <code>verifyWebhook</code> checks <code>posthaste-signature</code>,{" "}
        <code>verifyStandardWebhook</code> the <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code>{" "}
        headers, and <code>verifyWebhookRequest</code> takes the request&apos;s headers and checks <code>posthaste-signature</code> when
        present, else the Standard Webhooks headers. Each returns the parsed event or throws <code>WebhookVerificationError</code>.
      </p>
      <h3>Python</h3>
      <CodeBlock code={PYTHON_STANDARD} />
      <CodeBlock code={PYTHON_POSTHASTE} />
    </Prose>
  );
}
