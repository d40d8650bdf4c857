import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { MAX_LIVE_KEYS } from "@/server/limits/constants";
import { Badge, Time } from "../../_components/format";
import { CreateKeyForm, RevokeKeyButton } from "./client";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { data: keys } = await (await api()).apiKeys.list({});
  return (
    <>
      <div className="page-head">
        <div>
          <h1>API keys</h1>
          <p className="muted">Full keys reach every endpoint; send keys may only send email. Up to {MAX_LIVE_KEYS} live keys.</p>
        </div>
      </div>
      <CreateKeyForm />
      <div className="table-wrap">
        <table>
          <caption className="skip">Live API keys</caption>
          <thead>
            <tr>
              <th>Name</th>
              <th>Key</th>
              <th>Scope</th>
              <th>Created</th>
              <th>Last used</th>
              <th>
                <span className="skip">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.length === 0 && (
              <tr>
                <td colSpan={6} className="empty">
                  No API keys yet. Create one to call the API.
                </td>
              </tr>
            )}
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
          </tbody>
        </table>
      </div>
    </>
  );
}
