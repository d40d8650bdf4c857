import { ArrowLeftIcon, DownloadIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { api } from "@/lib/trpc/server";
import { CodeBlock } from "../../../_components/code-block";
import { Copyable } from "../../../_components/copyable";
import { Badge, Time } from "../../../_components/format";
import { orNotFound } from "../../../_components/not-found";
import { PageHead } from "../../../_components/page-head";
import { Properties, Property } from "../../../_components/properties";
import { Button } from "../../../_components/ui/button";
import { Card, CardHeader, CardTitle } from "../../../_components/ui/card";

export const metadata: Metadata = { title: "Received email" };

/**
 * Put before the message's own HTML in the sandboxed frame: nothing loads from the network
 * (remote images are how senders learn a message was opened), only inline styles and data: images.
 */
const FRAME_CSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">`;

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

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default async function ReceivedEmailPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ view?: string }>;
}) {
  const { id } = await params;
  const { view } = await searchParams;
  const caller = await api();
  const email = await orNotFound(caller.inbound.get({ id }));
  const { data: attachments } = await caller.inbound.attachments({ id });
  const showText = view === "text" || !email.html;
  const tab = (name: "html" | "text", label: string, active: boolean) => (
    <Link
      href={name === "text" ? `/inbound/${id}?view=text` : `/inbound/${id}`}
      aria-current={active ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-accent" : "text-muted-foreground hover:bg-accent"}`}
    >
      {label}
    </Link>
  );
  return (
    <>
      <PageHead
        title={email.subject || "(no subject)"}
        above={
          <Link href="/inbound" className="inline-flex items-center gap-1 text-sm">
            <ArrowLeftIcon className="size-4" aria-hidden /> Inbound
          </Link>
        }
        actions={
          email.raw && (
            <Button asChild variant="outline">
              <a href={email.raw.download_url} download data-testid="raw-download">
                <DownloadIcon className="size-4" aria-hidden /> Raw message
              </a>
            </Button>
          )
        }
      >
        <Badge value={email.status} />
      </PageHead>
      <Card className="mb-6">
        <Properties>
          <Property label="Id">
            <Copyable value={email.id} label="Copy id" className="-my-1.5" />
          </Property>
          <Property label="From">{email.from}</Property>
          <Property label="To">{email.to.join(", ") || "—"}</Property>
          {email.cc.length > 0 && <Property label="Cc">{email.cc.join(", ")}</Property>}
          {email.reply_to.length > 0 && <Property label="Reply-To">{email.reply_to.join(", ")}</Property>}
          <Property label="Received for">{email.received_for.join(", ")}</Property>
          <Property label="Received">
            <Time ms={Date.parse(email.created_at)} />
          </Property>
          {email.message_id && (
            <Property label="Message-ID">
              <span className="font-mono text-xs wrap-anywhere">{email.message_id}</span>
            </Property>
          )}
          <Property label="Authentication">
            {email.authentication ? (
              <span className="flex flex-wrap gap-1" data-testid="auth-results">
                {(["spf", "dkim", "dmarc", "arc"] as const).map((check) => (
                  <Badge
                    key={check}
                    value={email.authentication![check]}
                    label={`${check.toUpperCase()}: ${email.authentication![check]}`}
                  />
                ))}
              </span>
            ) : (
              "not checked"
            )}
          </Property>
        </Properties>
      </Card>
      <Section id="message" title="Message">
        {email.html && (
          <nav className="mb-3 flex gap-1" aria-label="Body">
            {tab("html", "HTML", !showText)}
            {tab("text", "Text", showText)}
          </nav>
        )}
        {showText ? (
          <CodeBlock code={email.text ?? ""} label="Copy text" testId="inbound-text" className="my-0" wrap />
        ) : (
          // No scripts, no same origin, no forms, no popups, no top navigation; the CSP blocks every network fetch.
          // White behind it in both themes: mail is designed for a white page.
          <iframe
            className="min-h-[420px] w-full rounded-lg border bg-white"
            title="HTML body"
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={FRAME_CSP + email.html}
            data-testid="inbound-html"
          />
        )}
      </Section>
      {attachments.length > 0 && (
        <Section id="attachments" title="Attachments">
          <ul className="flex flex-col gap-2 text-sm" data-testid="inbound-attachments">
            {attachments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2">
                <a href={a.download_url} download className="font-medium wrap-anywhere">
                  {a.filename ?? "(unnamed)"}
                </a>
                <span className="text-muted-foreground">
                  {a.content_type}, {sizeText(a.size)}
                  {a.content_disposition === "inline" && ", inline"}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-muted-foreground">Download links expire an hour after this page was loaded.</p>
        </Section>
      )}
      <Section id="headers" title="Headers">
        <Properties className="sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          {Object.entries(email.headers).map(([key, value]) => (
            <Property key={key} label={<span className="wrap-anywhere">{key}</span>}>
              <span className="font-mono text-xs wrap-anywhere">{value}</span>
            </Property>
          ))}
        </Properties>
      </Section>
    </>
  );
}
