import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { Badge, Time } from "../../_components/format";
import { PageHead } from "../../_components/page-head";
import { DataTable } from "../../_components/table";
import { TableCell, TableRow, WIDE_CELL } from "../../_components/ui/table";
import { CreateTemplateForm } from "./client";

export const metadata: Metadata = { title: "Templates" };

export default async function TemplatesPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const { cursor } = await searchParams;
  const caller = await api();
  const page = await caller.templates.list({ limit: "50", cursor: cursor || undefined });
  return (
    <>
      <PageHead title="Templates">
        Stored emails with <code>{"{{{VARIABLES}}}"}</code>, sent by id or alias. Publish a template to send with it.
      </PageHead>
      <CreateTemplateForm />
      <DataTable caption="Templates" headers={["Name", "Alias", "Status", "Updated"]} empty={page.data.length === 0 && "No templates yet."}>
        {page.data.map((t) => (
          <TableRow key={t.id} data-testid="template-row">
            <TableCell className={`min-w-48 ${WIDE_CELL}`}>
              <Link href={`/templates/${t.id}`} className="font-medium wrap-anywhere">
                {t.name}
              </Link>
            </TableCell>
            <TableCell className="wrap-anywhere">{t.alias ? <code>{t.alias}</code> : "—"}</TableCell>
            <TableCell>
              <Badge value={t.status === "published" ? "enabled" : "pending"} label={t.status} />
            </TableCell>
            <TableCell>
              <Time ms={Date.parse(t.updated_at)} />
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
      {page.nextCursor && (
        <p className="mt-4 text-sm">
          <Link href={`/templates?cursor=${page.nextCursor}`}>Older templates</Link>
        </p>
      )}
    </>
  );
}
