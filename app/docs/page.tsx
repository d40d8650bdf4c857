import type { Metadata } from "next";
import Link from "next/link";
import { ERROR_TYPES } from "@/server/errors";
import { CodeBlock } from "../_components/code-block";
import { Prose } from "../_components/prose";
import { ERROR_DOCS } from "./error-reference";

export const metadata: Metadata = { title: "Docs" };

export default function DocsIndex() {
  return (
    <Prose>
      <h1 className="text-3xl font-semibold tracking-tight">Posthaste API</h1>
      <p>
        All endpoints live under <code>/v1</code> and take <code>Authorization: Bearer &lt;API_KEY&gt;</code>. The machine-readable
        description is at{" "}
        <a href="/v1/openapi.json">
          <code>/v1/openapi.json</code>
        </a>
        .
      </p>
      <ul>
        <li>
          <Link href="/docs/api">API reference</Link>: every endpoint, schema and event payload.
        </li>
        <li>
          <Link href="/docs/webhooks">Webhooks</Link>: payloads, retries and verifying signatures in Node and Python.
        </li>
        <li>
          <Link href="/docs/resend">Migrating from Resend</Link>: what to change and what differs.
        </li>
      </ul>
      <h2>Quick start</h2>
      <CodeBlock
        code={`curl -X POST "$BASE_URL/v1/emails" \\
  -H "Authorization: Bearer $POSTHASTE_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"from":"onboarding@posthaste.dev","to":"success@simulator.amazonses.com","subject":"Hello","text":"It works"}'`}
      />
      <h2 id="errors">Errors</h2>
      <p>
        Every error answers <code>{"{ error: { type, message, docs_url }, statusCode, name, message }"}</code> (the top-level three repeat
        the status, type and message where Resend&apos;s SDKs read them). Each <code>type</code> has a page:
      </p>
      <ul>
        {ERROR_TYPES.map((type) => (
          <li key={type}>
            <Link href={`/docs/errors/${type}`}>
              <code>{type}</code>
            </Link>{" "}
            — {ERROR_DOCS[type].summary} <span className="text-muted-foreground">(HTTP {ERROR_DOCS[type].statuses})</span>
          </li>
        ))}
      </ul>
    </Prose>
  );
}
