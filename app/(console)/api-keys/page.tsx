import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { MAX_LIVE_KEYS } from "@/server/limits/constants";
import { Badge, Time } from "../../_components/format";
import { DataTable } from "../../_components/table";
import { CreateKeyForm, RevokeKeyButton } from "./client";
import { PageHead } from "../../_components/page-head";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { data: keys } = await (await api()).apiKeys.list({});
  return (
    <>
      <PageHead title="API keys">Full keys reach every endpoint; send keys may only send email. Up to {MAX_LIVE_KEYS} live keys.</PageHead>
      <CreateKeyForm />
      <DataTable
        caption="Live API keys"
        headers={["Name", "Key", "Scope", "Created", "Last used"]}
        actions
        empty={keys.length === 0 && "No API keys yet. Create one to call the API."}
      >
        {keys.map((k) => (
          <tr key={k.id} data-testid="api-key-row">
            <td>{k.name}</td>
            <td className="mono">ph_…{k.last4}</td>
            <td>
              <Badge value={k.scope} />
            </td>
            <td>
              <Time ms={k.createdAt} />
            </td>
            <td data-testid="last-used">{k.lastUsedAt ? <Time ms={k.lastUsedAt} /> : <span className="muted">Never</span>}</td>
            <td>
              <RevokeKeyButton id={k.id} name={k.name} />
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
