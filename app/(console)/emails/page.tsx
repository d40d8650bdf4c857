import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { toApiError } from "@/server/errors";
import { parseTagFilter } from "@/server/dashboard/email-filters";
import { MAX_SEARCH_CHARS, MAX_TAG_LENGTH } from "@/server/limits/constants";
import { LIST_STATUSES, type ListStatus } from "@/server/sending/schemas";
import { CopyButton } from "../../_components/copy-button";
import { Badge, RewrittenMark, Time } from "../../_components/format";
import { LiveRefresh } from "../../_components/live-refresh";
import { ErrorAlert } from "../../_components/notice";
import { Pager } from "../../_components/pager";
import { DataTable } from "../../_components/table";
import { Field } from "../../_components/field";
import { PageHead } from "../../_components/page-head";
import { Button } from "../../_components/ui/button";
import { Card } from "../../_components/ui/card";
import { Input } from "../../_components/ui/input";
import { NativeSelect } from "../../_components/ui/native-select";
import { TableCell, TableRow, WIDE_CELL } from "../../_components/ui/table";

export const metadata: Metadata = { title: "Emails" };

/** Addresses on one line in the table, cut with an ellipsis (the full value in `title`); wrapped whole in the card layout. */
const ONE_LINE = "block truncate @max-2xl:max-w-none @max-2xl:whitespace-normal @max-2xl:wrap-anywhere";

type Search = { status?: string; search?: string; from?: string; to?: string; tag?: string; cursor?: string };

function href(params: Search): string {
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as [string, string][]);
  const s = q.toString();
  return s ? `/emails?${s}` : "/emails";
}

export default async function EmailsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = await searchParams;
  const status = (LIST_STATUSES as readonly string[]).includes(params.status ?? "") ? (params.status as ListStatus) : undefined;
  const search = params.search?.trim() || undefined;
  const from = params.from || undefined;
  const to = params.to || undefined;
  const tagText = params.tag?.trim() || undefined;
  const tag = tagText ? parseTagFilter(tagText) : undefined;
  const filters = { status, search, from, to, tag: tagText };
  const caller = await api();
  let page: Awaited<ReturnType<typeof caller.dashboard.emails>> | null = null;
  let error: string | null = null;
  let rewritten = new Map<string, string[]>();
  if (tag && "error" in tag) error = tag.error;
  else {
    try {
      page = await caller.dashboard.emails({ status, search, from, to, tag, cursor: params.cursor || undefined, limit: 25 });
      // Test mode's rewrites: which of these went to the account email instead of the recipients named.
      const { data } = await caller.dashboard.rewrites({ ids: page.data.map((e) => e.id) });
      rewritten = new Map(data.map((r) => [r.id, r.rewrittenFrom]));
    } catch (err) {
      error = toApiError(err).message;
    }
  }
  return (
    <>
      <PageHead title="Emails">Newest first; a search orders by relevance. Days are UTC.</PageHead>
      <Card className="mb-6">
        <form
          key={JSON.stringify(filters)}
          className="flex flex-wrap items-end gap-x-3 gap-y-4 [&>[data-slot=field]]:min-w-48 [&>[data-slot=field]]:flex-1"
          method="get"
          action="/emails"
          role="search"
        >
          <Field htmlFor="search" label="Search">
            <Input
              id="search"
              name="search"
              type="search"
              defaultValue={search ?? ""}
              placeholder="Subject, sender or recipient"
              maxLength={MAX_SEARCH_CHARS}
            />
          </Field>
          <Field htmlFor="status" label="Status">
            <NativeSelect id="status" name="status" defaultValue={status ?? ""}>
              <option value="">Any</option>
              {LIST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field htmlFor="from" label="From day">
            <Input id="from" name="from" type="date" defaultValue={from ?? ""} min="2000-01-01" max="2999-12-31" />
          </Field>
          <Field htmlFor="to" label="To day">
            <Input id="to" name="to" type="date" defaultValue={to ?? ""} min="2000-01-01" max="2999-12-31" />
          </Field>
          <Field htmlFor="tag" label="Tag">
            <Input
              id="tag"
              name="tag"
              type="text"
              defaultValue={tagText ?? ""}
              placeholder="name=value"
              maxLength={2 * MAX_TAG_LENGTH + 1}
              pattern="[^=]+=.*"
              title="name=value"
            />
          </Field>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            {(search || status || from || to || tagText) && (
              <Button asChild variant="outline">
                <Link href="/emails">Clear</Link>
              </Button>
            )}
          </div>
        </form>
      </Card>
      <ErrorAlert error={error} />
      {page && (
        <>
          <LiveRefresh shown={page.data.map((e) => ({ id: e.id, status: e.status }))} />
          <DataTable
            caption="Emails"
            headers={["To", "Subject", "Status", "From", "Created"]}
            actions
            empty={page.data.length === 0 && (page.hasMore ? "Nothing on this page; there are more results." : "No emails match.")}
          >
            {page.data.map((e) => {
              const to = e.to.join(", ") || "(no recipients)";
              return (
                <TableRow key={e.id} data-testid="email-row">
                  <TableCell className={WIDE_CELL}>
                    {/* One line in the table (the full list on hover and on the email's page); wrapped on phones. */}
                    <Link href={`/emails/${e.id}`} title={to} className={`${ONE_LINE} max-w-64 font-medium`}>
                      {to}
                    </Link>
                    {rewritten.has(e.id) && <RewrittenMark from={rewritten.get(e.id)!} />}
                  </TableCell>
                  <TableCell className={`min-w-40 wrap-break-word ${WIDE_CELL}`}>
                    {e.subject || <span className="text-muted-foreground">(no subject)</span>}
                  </TableCell>
                  <TableCell>
                    <Badge value={e.status} />
                  </TableCell>
                  <TableCell className={WIDE_CELL}>
                    <span className={`${ONE_LINE} max-w-56`} title={e.from}>
                      {e.from}
                    </span>
                  </TableCell>
                  <TableCell>
                    <Time ms={e.createdAt} />
                  </TableCell>
                  <TableCell data-testid="copy-id">
                    <CopyButton text={e.id} label="Copy id" />
                  </TableCell>
                </TableRow>
              );
            })}
          </DataTable>
          <Pager
            first={params.cursor ? href(filters) : null}
            firstLabel="First page"
            next={page.nextCursor ? href({ ...filters, cursor: page.nextCursor }) : null}
            nextLabel="Next page"
          />
        </>
      )}
    </>
  );
}
