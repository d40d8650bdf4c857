import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { Badge, Time } from "../../_components/format";
import { AddSuppressionForm, BulkAddForm, RemoveSuppressionButton } from "./client";

export const metadata: Metadata = { title: "Suppressions" };

export default async function SuppressionsPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const { cursor } = await searchParams;
  const page = await (await api()).suppressions.list({ cursor: cursor || undefined, limit: "50" });
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Suppressions</h1>
          <p className="muted">
            Addresses that get no mail. Hard bounces and complaints land here automatically; unsubscribes block bulk mail only.
          </p>
        </div>
      </div>
      <div className="cards">
        <AddSuppressionForm />
        <BulkAddForm />
      </div>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>Address</th>
              <th>Reason</th>
              <th>Added</th>
              <th>
                <span className="skip">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.data.length === 0 && (
              <tr>
                <td colSpan={4} className="empty">
                  No suppressed addresses.
                </td>
              </tr>
            )}
            {page.data.map((s) => (
              <tr key={s.address} data-testid="suppression-row">
                <td className="break">{s.address}</td>
                <td>
                  <Badge value={s.reason} />
                </td>
                <td>
                  <Time ms={s.createdAt} />
                </td>
                <td>
                  <RemoveSuppressionButton address={s.address} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="Pages">
        {cursor && (
          <Link className="button secondary" href="/suppressions">
            First page
          </Link>
        )}
        {page.nextCursor && (
          <Link className="button secondary" href={`/suppressions?cursor=${encodeURIComponent(page.nextCursor)}`}>
            Next page
          </Link>
        )}
      </nav>
    </>
  );
}
