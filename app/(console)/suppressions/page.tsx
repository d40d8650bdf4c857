import type { Metadata } from "next";
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
  const page = await (await api()).suppressions.list({ cursor: cursor || undefined, limit: "50" });
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
        headers={["Address", "Reason", "Added"]}
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
