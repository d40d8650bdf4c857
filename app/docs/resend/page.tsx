import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumbs } from "../../_components/breadcrumbs";
import { CodeBlock } from "../../_components/code-block";
import { Prose } from "../../_components/prose";

export const metadata: Metadata = { title: "Migrating from Resend" };

export default function ResendMigration() {
  return (
    <Prose>
      <Breadcrumbs trail={[{ href: "/docs", label: "Docs" }]} current="Migrating from Resend" />
      <h1 className="text-3xl font-semibold tracking-tight">Migrating from Resend</h1>
      <h2>What to change</h2>
      <p>
        Point the Resend SDK at this deployment and use a Posthaste API key; the calls stay as they are. The SDK adds its paths (
        <code>/emails</code>, …) to the base URL, so the base URL ends in <code>/v1</code>:
      </p>
      <CodeBlock
        code={`RESEND_BASE_URL=https://mail.example.com/v1
RESEND_API_KEY=ph_…   # a Posthaste key (Dashboard → API keys)`}
      />
      <p>
        Without the SDK, replace <code>https://api.resend.com</code> with <code>https://mail.example.com/v1</code>, or use the typed client
        in <code>client/</code> (see the README). Then add and verify your sending domain here (<code>POST /v1/domains</code>), and register
        your webhook endpoints again: their secrets are new.
      </p>
      <h2>What works the same</h2>
      <ul>
        <li>
          <code>POST /emails</code> with <code>from</code>, <code>to</code>, <code>cc</code>, <code>bcc</code>, <code>subject</code>,{" "}
          <code>html</code>, <code>text</code>, <code>reply_to</code>, <code>attachments</code>, <code>tags</code>, <code>headers</code>,{" "}
          <code>scheduled_at</code>, and the <code>Idempotency-Key</code> header; <code>POST /emails/batch</code> with up to 100 and its{" "}
          <code>Idempotency-Key</code> header (a repeated batch answers with the first batch&apos;s ids and sends nothing again).
        </li>
        <li>
          <code>x-batch-validation: strict</code>, which the SDK sends by default: the first entry failing validation or the account rules
          fails the whole batch with that entry&apos;s error (<code>emails[i]: …</code>) and nothing is stored.
        </li>
        <li>
          Cancelling (<code>POST /emails/{"{id}"}/cancel</code>) and rescheduling (<code>PATCH /emails/{"{id}"}</code>) scheduled mail.
        </li>
        <li>
          API keys with <code>permission: &quot;full_access&quot; | &quot;sending_access&quot;</code>; webhooks with <code>endpoint</code>{" "}
          and <code>status</code>; lists with <code>after</code>, <code>before</code> and <code>has_more</code>; domains with{" "}
          <code>open_tracking</code> and <code>click_tracking</code>.
        </li>
        <li>
          Error bodies carry <code>statusCode</code>, <code>name</code> and <code>message</code> at the top level, as the SDK reads them.
        </li>
        <li>
          Webhook deliveries carry Standard Webhooks headers (<code>webhook-id</code>, <code>webhook-timestamp</code>,{" "}
          <code>webhook-signature</code>): the same scheme as Resend&apos;s <code>svix-*</code> headers under other names. See{" "}
          <Link href="/docs/webhooks#signatures">verifying signatures</Link>.
        </li>
      </ul>
      <h2>What differs</h2>
      <ul>
        <li>
          Our own names are canonical and answers use them: camelCase fields (<code>replyTo</code>, <code>scheduledAt</code>,{" "}
          <code>createdAt</code>), <code>scope: &quot;full&quot; | &quot;send&quot;</code>, <code>url</code>, <code>enabled</code>, list
          pages with <code>hasMore</code> and <code>nextCursor</code> (pass it back as <code>cursor</code>).
        </li>
        <li>Timestamps in resources are Unix milliseconds (integers), not ISO strings; webhook payloads keep ISO 8601.</li>
        <li>
          Errors are <code>{"{ error: { type, message, docs_url }, statusCode, name, message }"}</code> with our eleven types (
          <Link href="/docs#errors">reference</Link>): <code>name</code> is <code>error.type</code>, not one of Resend&apos;s names; branch
          on it, not on the message.
        </li>
        <li>
          A permissive batch (<code>batchValidation: &quot;permissive&quot;</code>, or no header: our own batch) answers 200 with every
          entry in <code>data</code> in input order, its id or its error, then a <code>summary</code> and Resend&apos;s <code>errors</code>{" "}
          list. A suppressed recipient refuses only its own entry, in strict mode too.
        </li>
        <li>
          Answers keep our shapes and add only what the SDK&apos;s types read where it matters: <code>apiKeys.create</code> answers{" "}
          <code>key</code> plus <code>id</code> and <code>token</code>; webhook create and rotate add <code>signing_secret</code> and{" "}
          <code>object</code> beside <code>secret</code>. A field sent under both names (<code>scheduledAt</code> and{" "}
          <code>scheduled_at</code>, …) must agree, else 400 naming the second.
        </li>
        <li>
          An email&apos;s state is <code>status</code> (<code>scheduled</code>, <code>queued</code>, <code>sent</code>,{" "}
          <code>delivered</code>, <code>bounced</code>, <code>complained</code>, <code>failed</code>, <code>canceled</code>) with a{" "}
          <code>timeline</code>.
        </li>
        <li>
          Event types are the eight <code>email.*</code> ones plus <code>quota.exceeded</code>; there are no contact or domain events.
        </li>
        <li>
          Sending, templates (<code>{"{{{KEY}}}"}</code> variables, published versions, sent by id or alias), domains, API keys,
          suppressions, webhooks and usage exist: no audiences, contacts, broadcasts or inbound mail.
        </li>
        <li>
          Test mode is sending from the sandbox sender; the suppression list is managed at <code>/v1/suppressions</code>.
        </li>
      </ul>
    </Prose>
  );
}
