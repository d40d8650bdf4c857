import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ERROR_TYPES, type ErrorType } from "@/server/errors";
import { ERROR_DOCS } from "../../error-reference";

export function generateStaticParams() {
  return ERROR_TYPES.map((type) => ({ type }));
}

export const dynamicParams = false;

function isErrorType(value: string): value is ErrorType {
  return (ERROR_TYPES as readonly string[]).includes(value);
}

export async function generateMetadata({ params }: { params: Promise<{ type: string }> }): Promise<Metadata> {
  const { type } = await params;
  return { title: isErrorType(type) ? `${type} error` : "Error reference" };
}

export default async function ErrorTypePage({ params }: { params: Promise<{ type: string }> }) {
  const { type } = await params;
  if (!isErrorType(type)) notFound();
  const doc = ERROR_DOCS[type];
  return (
    <main className="docs">
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link href="/docs">Docs</Link> / <Link href="/docs#errors">Errors</Link> / {type}
      </nav>
      <h1>
        <code>{type}</code>
      </h1>
      <p className="muted">
        {doc.title} · HTTP {doc.statuses}
      </p>
      <p>{doc.summary}</p>
      <h2>Why it happens</h2>
      <ul>
        {doc.causes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      {doc.retryAfter && (
        <>
          <h2>Retry-After</h2>
          <p>{doc.retryAfter}</p>
        </>
      )}
      <h2>What to do</h2>
      <ul>
        {doc.action.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      <h2>Response body</h2>
      <pre>
        {JSON.stringify(
          {
            error: { type, message: "A human-readable explanation, safe to display.", docs_url: `…/docs/errors/${type}` },
            statusCode: parseInt(doc.statuses, 10),
            name: type,
            message: "A human-readable explanation, safe to display.",
          },
          null,
          2,
        )}
      </pre>
      <p className="muted">
        Branch on <code>error.type</code>, not on the message text.
      </p>
    </main>
  );
}
