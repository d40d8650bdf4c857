import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { toApiError } from "@/server/errors";
import { MAX_SEARCH_CHARS } from "@/server/limits/constants";
import { Badge, Time } from "../../_components/format";
import { Field } from "../../_components/field";
import { ErrorAlert } from "../../_components/notice";
import { PageHead } from "../../_components/page-head";
import { Pager } from "../../_components/pager";
import { DataTable } from "../../_components/table";
import { Button } from "../../_components/ui/button";
import { Card } from "../../_components/ui/card";
import { Input } from "../../_components/ui/input";
import { TableCell, TableRow, WIDE_CELL } from "../../_components/ui/table";

export const metadata: Metadata = { title: "Inbound" };

const ONE_LINE = "block truncate @max-2xl:max-w-none @max-2xl:whitespace-normal @max-2xl:wrap-anywhere";

type Search = { search?: string; cursor?: string };

function href(params: Search): string {
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as [string, string][]);
  const s = q.toString();
  return s ? `/inbound?${s}` : "/inbound";
}

/** What to do before anything arrives: receiving is a domain's capability, proven by its MX record. */
function EmptyState() {
  return (
    <Card className="text-sm" data-testid="inbound-empty">
      <p className="font-medium">No mail received yet.</p>
      <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
        <li>
          On <Link href="/domains">Domains</Link>, turn on receiving for a domain (best a subdomain such as <code>in.example.com</code>, so
          an existing mailbox&apos;s MX is not taken over), or with <code>PATCH /v1/domains/&#123;id&#125;</code> and{" "}
          <code>capabilities: &#123; receiving: &quot;enabled&quot; &#125;</code>.
        </li>
        <li>Publish the domain&apos;s Receiving MX record at your DNS host and wait for it to verify.</li>
        <li>
          Mail to any address at that domain then appears here, in <code>GET /v1/emails/receiving</code> (
          <Link href="/docs/api">API reference</Link>) and in <code>email.received</code> webhook events.
        </li>
      </ol>
    </Card>
  );
}

export default async function InboundPage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = await searchParams;
  const search = params.search?.trim() || undefined;
  const caller = await api();
  let page: Awaited<ReturnType<typeof caller.dashboard.inbound>> | null = null;
  let error: string | null = null;
  try {
    page = await caller.dashboard.inbound({ search, cursor: params.cursor || undefined, limit: 25 });
  } catch (err) {
    error = toApiError(err).message;
  }
  const nothingYet = page && page.data.length === 0 && !search && !params.cursor;
  return (
    <>
      <PageHead title="Inbound">Mail received at this account&apos;s receiving domains, newest first.</PageHead>
      {!nothingYet && (
        <Card className="mb-6">
          <form
            key={search ?? ""}
            className="flex flex-wrap items-end gap-3 [&>[data-slot=field]]:min-w-64 [&>[data-slot=field]]:flex-1"
            method="get"
            action="/inbound"
            role="search"
          >
            <Field htmlFor="search" label="Search">
              <Input
                id="search"
                name="search"
                type="search"
                defaultValue={search ?? ""}
                placeholder="Sender, subject or recipient"
                maxLength={MAX_SEARCH_CHARS}
              />
            </Field>
            <div className="flex gap-2">
              <Button type="submit">Search</Button>
              {search && (
                <Button asChild variant="outline">
                  <Link href="/inbound">Clear</Link>
                </Button>
              )}
            </div>
          </form>
        </Card>
      )}
      <ErrorAlert error={error} />
      {nothingYet && <EmptyState />}
      {page && !nothingYet && (
        <>
          <DataTable
            caption="Received emails"
            headers={["From", "Subject", "To", "Status", "Received"]}
            empty={page.data.length === 0 && (page.hasMore ? "Nothing on this page; there are more results." : "No received mail matches.")}
          >
            {page.data.map((m) => {
              const to = m.received_for.join(", ");
              return (
                <TableRow key={m.id} data-testid="inbound-row">
                  <TableCell className={WIDE_CELL}>
                    <Link href={`/inbound/${m.id}`} title={m.from} className={`${ONE_LINE} max-w-64 font-medium`}>
                      {m.from || "(no sender)"}
                    </Link>
                  </TableCell>
                  <TableCell className={`min-w-40 wrap-break-word ${WIDE_CELL}`}>
                    {m.subject || <span className="text-muted-foreground">(no subject)</span>}
                    {m.attachments.length > 0 && (
                      <span className="ml-2 text-xs text-muted-foreground">{m.attachments.length} attached</span>
                    )}
                  </TableCell>
                  <TableCell className={WIDE_CELL}>
                    <span className={`${ONE_LINE} max-w-56`} title={to}>
                      {to}
                    </span>
                  </TableCell>
                  <TableCell>
                    <Badge value={m.status} />
                  </TableCell>
                  <TableCell>
                    <Time ms={Date.parse(m.created_at)} />
                  </TableCell>
                </TableRow>
              );
            })}
          </DataTable>
          <Pager
            first={params.cursor ? href({ search }) : null}
            firstLabel="First page"
            next={page.nextCursor ? href({ search, cursor: page.nextCursor }) : null}
            nextLabel="Next page"
          />
        </>
      )}
    </>
  );
}
