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

export const metadata: Metadata = { title: "Emails" };

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
      <form key={`${search ?? ""}|${status ?? ""}`} className="inline panel" method="get" action="/emails" role="search">
        <Field htmlFor="search" label="Search">
          <input
            id="search"
            name="search"
            type="search"
            defaultValue={search ?? ""}
            placeholder="Subject, sender or recipient"
            maxLength={MAX_SEARCH_CHARS}
          />
        </Field>
        <Field htmlFor="status" label="Status">
          <select id="status" name="status" defaultValue={status ?? ""}>
            <option value="">Any</option>
            {LIST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <div className="field">
          <button type="submit">Filter</button>
        </div>
        {(search || status) && (
          <div className="field">
            <Link className="button secondary" href="/emails">
              Clear
            </Link>
          </div>
        )}
      </form>
      <ErrorAlert error={error} />
      {page && (
        <>
          <DataTable
            headers={["To", "Subject", "Status", "From", "Created"]}
            empty={page.data.length === 0 && (page.hasMore ? "Nothing on this page; there are more results." : "No emails match.")}
          >
            {page.data.map((e) => (
              <tr key={e.id} data-testid="email-row">
                <td className="break">
                  <Link href={`/emails/${e.id}`}>{e.to.join(", ") || "(no recipients)"}</Link>
                  {rewritten.has(e.id) && <RewrittenMark from={rewritten.get(e.id)!} />}
                </td>
                <td>{e.subject || <span className="muted">(no subject)</span>}</td>
                <td>
                  <Badge value={e.status} />
                </td>
                <td className="break">{e.from}</td>
                <td>
                  <Time ms={e.createdAt} />
                </td>
              </tr>
            ))}
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
