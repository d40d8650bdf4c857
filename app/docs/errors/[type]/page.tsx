import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ERROR_TYPES, type ErrorType } from "@/server/errors";
import { Breadcrumbs } from "../../../_components/breadcrumbs";
import { CodeBlock } from "../../../_components/code-block";
import { Prose } from "../../../_components/prose";
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
    <Prose>
      <Breadcrumbs
        trail={[
          { href: "/docs", label: "Docs" },
          { href: "/docs#errors", label: "Errors" },
        ]}
        current={type}
      />
      <h1 className="text-3xl font-semibold tracking-tight wrap-anywhere">
        <code>{type}</code>
      </h1>
      <p className="text-muted-foreground">
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
      <CodeBlock
        code={JSON.stringify(
          {
            error: { type, message: "A human-readable explanation, safe to display.", docs_url: `…/docs/errors/${type}` },
            statusCode: parseInt(doc.statuses, 10),
            name: type,
            message: "A human-readable explanation, safe to display.",
          },
          null,
          2,
        )}
      />
      <p className="text-muted-foreground">
        Branch on <code>error.type</code>, not on the message text.
      </p>
    </Prose>
  );
}
