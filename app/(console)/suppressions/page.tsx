import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { Badge, Time } from "../../_components/format";
import { Pager } from "../../_components/pager";
import { DataTable } from "../../_components/table";
import { AddSuppressionForm, BulkAddForm, RemoveSuppressionButton } from "./client";
import { PageHead } from "../../_components/page-head";

export const metadata: Metadata = { title: "Suppressions" };

export default async function SuppressionsPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const { cursor } = await searchParams;
  const page = await (await api()).suppressions.list({ cursor: cursor || undefined, limit: "50" });
  return (
    <>
      <PageHead title="Suppressions">
        Addresses that get no mail. Hard bounces and complaints land here automatically; unsubscribes block bulk mail only.
      </PageHead>
      <div className="cards">
        <AddSuppressionForm />
        <BulkAddForm />
      </div>
      <DataTable headers={["Address", "Reason", "Added"]} actions empty={page.data.length === 0 && "No suppressed addresses."}>
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
