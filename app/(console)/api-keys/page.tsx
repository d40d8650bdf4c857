import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { MAX_LIVE_KEYS } from "@/server/limits/constants";
import { Badge, MadeBy, Time } from "../../_components/format";
import { PageHead } from "../../_components/page-head";
import { DataTable } from "../../_components/table";
import { TableCell, TableRow } from "../../_components/ui/table";
import { CreateKeyForm, RevokeKeyButton } from "./client";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const caller = await api();
  const [{ data: keys }, creators] = await Promise.all([caller.apiKeys.list({}), caller.dashboard.keyCreators({})]);
  const madeBy = new Map(creators.data.map((c) => [c.id, c]));
  return (
    <>
      <PageHead title="API keys">
        Full keys reach every endpoint; send keys may only send email. Up to {MAX_LIVE_KEYS} live keys. A key is revoked when the member who
        made it leaves or is removed, unless an owner takes it over.
      </PageHead>
      <CreateKeyForm />
      <DataTable
        caption="Live API keys"
        headers={["Name", "Key", "Scope", "Created by", "Created", "Last used"]}
        actions
        empty={keys.length === 0 && "No API keys yet. Create one to call the API."}
      >
        {keys.map((k) => (
          <TableRow key={k.id} data-testid="api-key-row">
            <TableCell className="font-medium wrap-anywhere">{k.name}</TableCell>
            <TableCell className="font-mono whitespace-nowrap">ph_…{k.last4}</TableCell>
            <TableCell>
              <Badge value={k.scope} />
            </TableCell>
            <TableCell>
              <MadeBy creator={madeBy.get(k.id)} />
            </TableCell>
            <TableCell>
              <Time ms={k.createdAt} />
            </TableCell>
            <TableCell data-testid="last-used">
              {k.lastUsedAt ? <Time ms={k.lastUsedAt} /> : <span className="text-muted-foreground">Never</span>}
            </TableCell>
            <TableCell className="@max-2xl:col-span-full">
              <RevokeKeyButton id={k.id} name={k.name} />
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
    </>
  );
}
