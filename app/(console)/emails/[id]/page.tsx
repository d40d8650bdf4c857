import { ArrowLeftIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { api } from "@/lib/trpc/server";
import { CodeBlock } from "../../../_components/code-block";
import { Copyable } from "../../../_components/copyable";
import { Badge, Time } from "../../../_components/format";
import { LiveRefresh } from "../../../_components/live-refresh";
import { orNotFound } from "../../../_components/not-found";
import { PageHead } from "../../../_components/page-head";
import { Properties, Property } from "../../../_components/properties";
import { Card, CardHeader, CardTitle } from "../../../_components/ui/card";
import { CancelEmailButton } from "./client";

export const metadata: Metadata = { title: "Email" };

/** A card with its own heading, named for the landmark list. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="mb-6" role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      {children}
    </Card>
  );
}

/** A collapsed part of the message (headers, raw MIME) that opens in place. */
function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border">
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium select-none hover:bg-accent">{summary}</summary>
      <div className="border-t p-4">{children}</div>
    </details>
  );
}

export default async function EmailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await api();
  const email = await orNotFound(caller.emails.get({ id }));
  // The sink provider keeps the rendered message; other providers have none to show.
  const message = await caller.dashboard.sinkMessage({ emailId: id }).catch(() => null);
  const [rewrite] = (await caller.dashboard.rewrites({ ids: [id] })).data;
  return (
    <>
      <PageHead
        title={email.subject || "(no subject)"}
        above={
          <Link href="/emails" className="inline-flex items-center gap-1 text-sm">
            <ArrowLeftIcon className="size-4" aria-hidden /> Emails
          </Link>
        }
        actions={email.status === "scheduled" && <CancelEmailButton id={email.id} />}
      >
        <Badge value={email.status} />
      </PageHead>
      <LiveRefresh shown={[{ id: email.id, status: email.status }]} />
      <Card className="mb-6">
        <Properties>
          <Property label="Id">
            <span data-testid="copy-id">
              <Copyable value={email.id} label="Copy email id" className="-my-1.5" />
            </span>
          </Property>
          <Property label="From">{email.from}</Property>
          <Property label="To">{email.to.join(", ")}</Property>
          {rewrite && (
            <Property label="Meant for">
              <span data-testid="rewritten-recipients">
                {rewrite.rewrittenFrom.join(", ")}{" "}
                <span className="text-muted-foreground">
                  (test mode: mail from the sandbox sender reaches only the account email and the simulators, so it went to the account
                  email instead)
                </span>
              </span>
            </Property>
          )}
          {email.cc.length > 0 && <Property label="Cc">{email.cc.join(", ")}</Property>}
          {email.bcc.length > 0 && <Property label="Bcc">{email.bcc.join(", ")}</Property>}
          {email.replyTo.length > 0 && <Property label="Reply-To">{email.replyTo.join(", ")}</Property>}
          <Property label="Created">
            <Time ms={email.createdAt} />
          </Property>
          {email.scheduledAt && (
            <Property label="Scheduled for">
              <Time ms={email.scheduledAt} />
            </Property>
          )}
          <Property label="Sent">
            <Time ms={email.sentAt} />
          </Property>
          <Property label="Provider id">
            {email.sesMessageId ? <Copyable value={email.sesMessageId} label="Copy provider id" className="-my-1.5" /> : "—"}
          </Property>
          {email.error && <Property label="Error">{email.error}</Property>}
          {email.template_id && (
            <Property label="Template" testId="email-template">
              <Link href={`/templates/${email.template_id}`} className="font-mono wrap-anywhere">
                {email.template_id}
              </Link>
            </Property>
          )}
          {email.tags.length > 0 && (
            <Property label="Tags">
              <span className="flex flex-wrap gap-1">
                {email.tags.map((t) => (
                  <Badge key={t.name} value="tag" label={`${t.name}: ${t.value}`} />
                ))}
              </span>
            </Property>
          )}
        </Properties>
      </Card>
      <Section id="timeline" title="Timeline">
        <ol className="relative ml-2 border-l-2 pl-6" data-testid="timeline">
          {email.timeline.map((t, i) => (
            <li key={`${t.type}-${t.at}-${i}`} className="relative pb-4 last:pb-0">
              <span className="absolute top-1.5 -left-[calc(1.5rem+6px)] size-2.5 rounded-full bg-primary" aria-hidden />
              <div className="flex flex-wrap items-center gap-2">
                <Badge value={t.type} /> <Time ms={t.at} />
              </div>
              {t.detail && <div className="mt-1 text-sm text-muted-foreground wrap-break-word">{t.detail}</div>}
            </li>
          ))}
        </ol>
      </Section>
      {message && (
        <Section id="rendered" title="Rendered message">
          {message.html ? (
            // Sandboxed with no scripts and no same-origin: the mail's HTML cannot touch the dashboard.
            // White behind it in both themes: mail is designed for a white page.
            <iframe
              className="min-h-[420px] w-full rounded-lg border bg-white"
              title="HTML body"
              sandbox=""
              srcDoc={message.html}
              data-testid="html-preview"
            />
          ) : (
            <CodeBlock code={message.text ?? ""} label="Copy text" testId="text-preview" wrap />
          )}
          <div className="flex flex-col gap-3">
            {message.html && message.text && (
              <Disclosure summary="Plain-text part">
                <CodeBlock code={message.text} label="Copy text" testId="text-preview" className="my-0" wrap />
              </Disclosure>
            )}
            {message.attachments.length > 0 && (
              <div>
                <h3 className="mb-2 font-semibold">Attachments</h3>
                <ul className="list-disc pl-5 text-sm">
                  {message.attachments.map((a, i) => (
                    <li key={i} className="wrap-anywhere">
                      {a.filename ?? "(unnamed)"}{" "}
                      <span className="text-muted-foreground">
                        {a.mimeType}, {a.size} bytes
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <Disclosure summary="Headers">
              <Properties className="sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
                {message.headers.map((h, i) => (
                  <Property key={i} label={<span className="wrap-anywhere">{h.key}</span>}>
                    <span className="font-mono text-xs wrap-anywhere">{h.value}</span>
                  </Property>
                ))}
              </Properties>
            </Disclosure>
            <Disclosure summary="Raw MIME">
              <CodeBlock code={message.raw} label="Copy raw message" className="my-0" wrap />
            </Disclosure>
          </div>
        </Section>
      )}
    </>
  );
}
