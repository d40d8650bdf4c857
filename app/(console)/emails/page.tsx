import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { toApiError } from "@/server/errors";
import { MAX_SEARCH_CHARS } from "@/server/limits/constants";
import { LIST_STATUSES, type ListStatus } from "@/server/sending/schemas";
import { Badge, Time } from "../../_components/format";

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
  try {
    page = await caller.emails.list({ status, search, cursor: params.cursor || undefined, limit: 25 });
  } catch (err) {
    error = toApiError(err).message;
  }
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Emails</h1>
          <p className="muted">Newest first; a search orders by relevance.</p>
        </div>
      </div>
      <form key={`${search ?? ""}|${status ?? ""}`} className="inline panel" method="get" action="/emails" role="search">
        <div className="field">
          <label htmlFor="search">Search</label>
          <input
            id="search"
            name="search"
            type="search"
            defaultValue={search ?? ""}
            placeholder="Subject, sender or recipient"
            maxLength={MAX_SEARCH_CHARS}
          />
        </div>
        <div className="field">
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={status ?? ""}>
            <option value="">Any</option>
            {LIST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
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
      {error && (
        <div className="alert error" role="alert">
          {error}
        </div>
      )}
      {page && (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>To</th>
                  <th>Subject</th>
                  <th>Status</th>
                  <th>From</th>
                  <th>Created</th>
                </tr>
              </thead>
              <tbody>
                {page.data.length === 0 && (
                  <tr>
                    <td colSpan={5} className="empty">
                      {page.hasMore ? "Nothing on this page; there are more results." : "No emails match."}
                    </td>
                  </tr>
                )}
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
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages">
            {params.cursor && (
              <Link className="button secondary" href={href({ status, search })}>
                First page
              </Link>
            )}
            {page.nextCursor && (
              <Link className="button secondary" href={href({ status, search, cursor: page.nextCursor })}>
                Next page
              </Link>
            )}
          </nav>
        </>
      )}
    </>
  );
}
