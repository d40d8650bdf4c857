import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { Badge, Time } from "../../_components/format";
import { Pager } from "../../_components/pager";
import { DataTable } from "../../_components/table";
import { AddSuppressionForm, BulkAddForm, RemoveSuppressionButton } from "./client";
import { PageHead } from "../../_components/page-head";
import { TableCell, TableRow, WIDE_CELL } from "../../_components/ui/table";

export const metadata: Metadata = { title: "Suppressions" };

export default async function SuppressionsPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const { cursor } = await searchParams;
  const caller = await api();
  const page = await caller.suppressions.list({ cursor: cursor || undefined, limit: "50" });
  // The message behind each bounce, complaint or unsubscribe, while it is still stored.
  const sources = await caller.dashboard.suppressionSources({ addresses: page.data.map((s) => s.address) });
  const causedBy = new Map(sources.data.map((s) => [s.address, s.emailId]));
  return (
    <>
      <PageHead title="Suppressions">
        Addresses that get no mail. Hard bounces and complaints land here automatically; unsubscribes block bulk mail only.
      </PageHead>
      <div className="mb-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <AddSuppressionForm />
        <BulkAddForm />
      </div>
      <DataTable
        caption="Suppressed addresses"
        headers={["Address", "Reason", "Added", "Message"]}
        actions
        empty={page.data.length === 0 && "No suppressed addresses."}
      >
        {page.data.map((s) => (
          <TableRow key={s.address} data-testid="suppression-row">
            <TableCell className={`min-w-56 font-medium wrap-anywhere ${WIDE_CELL}`}>{s.address}</TableCell>
            <TableCell>
              <Badge value={s.reason} />
            </TableCell>
            <TableCell>
              <Time ms={s.createdAt} />
            </TableCell>
            <TableCell>
              {causedBy.has(s.address) ? (
                <Link href={`/emails/${causedBy.get(s.address)}`} data-testid="suppression-email-link">
                  View message
                </Link>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell>
              <RemoveSuppressionButton address={s.address} />
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
      <Pager
        first={cursor ? "/suppressions" : null}
        firstLabel="First page"
        next={page.nextCursor ? `/suppressions?cursor=${encodeURIComponent(page.nextCursor)}` : null}
        nextLabel="Next page"
      />
    </>
  );
}
