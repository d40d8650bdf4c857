import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { toApiError } from "@/server/errors";
import { parseTagFilter } from "@/server/dashboard/email-filters";
import { MAX_SEARCH_CHARS, MAX_TAG_LENGTH } from "@/server/limits/constants";
import { LIST_STATUSES, type ListStatus } from "@/server/sending/schemas";
import { CopyButton } from "../../_components/client";
import { Badge, Time } from "../../_components/format";
import { LiveRefresh } from "../../_components/live-refresh";
import { ErrorAlert } from "../../_components/notice";
import { Pager } from "../../_components/pager";
import { DataTable } from "../../_components/table";
import { Field } from "../../_components/field";
import { PageHead } from "../../_components/page-head";

export const metadata: Metadata = { title: "Emails" };

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
  if (tag && "error" in tag) error = tag.error;
  else {
    try {
      page = await caller.dashboard.emails({ status, search, from, to, tag, cursor: params.cursor || undefined, limit: 25 });
    } catch (err) {
      error = toApiError(err).message;
    }
  }
  return (
    <>
      <PageHead title="Emails">Newest first; a search orders by relevance. Days are UTC.</PageHead>
      <form key={JSON.stringify(filters)} className="inline panel" method="get" action="/emails" role="search">
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
        <Field htmlFor="from" label="From day">
          <input id="from" name="from" type="date" defaultValue={from ?? ""} min="2000-01-01" max="2999-12-31" />
        </Field>
        <Field htmlFor="to" label="To day">
          <input id="to" name="to" type="date" defaultValue={to ?? ""} min="2000-01-01" max="2999-12-31" />
        </Field>
        <Field htmlFor="tag" label="Tag">
          <input
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
        <div className="field">
          <button type="submit">Filter</button>
        </div>
        {(search || status || from || to || tagText) && (
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
          <LiveRefresh shown={page.data.map((e) => ({ id: e.id, status: e.status }))} />
          <DataTable
            headers={["To", "Subject", "Status", "From", "Created"]}
            actions
            empty={page.data.length === 0 && (page.hasMore ? "Nothing on this page; there are more results." : "No emails match.")}
          >
            {page.data.map((e) => (
              <tr key={e.id} data-testid="email-row">
                <td className="break">
                  <Link href={`/emails/${e.id}`}>{e.to.join(", ") || "(no recipients)"}</Link>
                </td>
                <td>{e.subject || <span className="muted">(no subject)</span>}</td>
                <td>
                  <Badge value={e.status} />
                </td>
                <td className="break">{e.from}</td>
                <td>
                  <Time ms={e.createdAt} />
                </td>
                <td data-testid="copy-id">
                  <CopyButton text={e.id} label="Copy id" />
                </td>
              </tr>
            ))}
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
