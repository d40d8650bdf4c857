import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { toApiError } from "@/server/errors";
import { MAX_SEARCH_CHARS } from "@/server/limits/constants";
import { LIST_STATUSES, type ListStatus } from "@/server/sending/schemas";
import { Badge, RewrittenMark, Time } from "../../_components/format";
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

type Search = { status?: string; search?: string; cursor?: string };

function href(params: Search): string {
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as [string, string][]);
  const s = q.toString();
  return s ? `/emails?${s}` : "/emails";
}

export default async function EmailsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = await searchParams;
  const status = (LIST_STATUSES as readonly string[]).includes(params.status ?? "") ? (params.status as ListStatus) : undefined;
  const search = params.search?.trim() || undefined;
  const caller = await api();
  let page: Awaited<ReturnType<typeof caller.emails.list>> | null = null;
  let error: string | null = null;
  let rewritten = new Map<string, string[]>();
  try {
    page = await caller.emails.list({ status, search, cursor: params.cursor || undefined, limit: 25 });
    // Test mode's rewrites: which of these went to the account email instead of the recipients named.
    const { data } = await caller.dashboard.rewrites({ ids: page.data.map((e) => e.id) });
    rewritten = new Map(data.map((r) => [r.id, r.rewrittenFrom]));
  } catch (err) {
    error = toApiError(err).message;
  }
  return (
    <>
      <PageHead title="Emails">Newest first; a search orders by relevance.</PageHead>
      <Card className="mb-6">
        <form
          key={`${search ?? ""}|${status ?? ""}`}
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
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            {(search || status) && (
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
          <DataTable
            caption="Emails"
            headers={["To", "Subject", "Status", "From", "Created"]}
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
                </TableRow>
              );
            })}
          </DataTable>
          <Pager
            first={params.cursor ? href({ status, search }) : null}
            firstLabel="First page"
            next={page.nextCursor ? href({ status, search, cursor: page.nextCursor }) : null}
            nextLabel="Next page"
          />
        </>
      )}
    </>
  );
}
