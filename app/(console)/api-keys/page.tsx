import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { MAX_LIVE_KEYS } from "@/server/limits/constants";
import { Badge, MadeBy, Time } from "../../_components/format";
import { PageHead } from "../../_components/page-head";
import { DataTable } from "../../_components/table";
import { TableCell, TableRow } from "../../_components/ui/table";
import { CreateKeyForm, RevokeKeyButton } from "./client";
import { Properties, Property } from "../../_components/properties";
import type { SmtpSettings } from "@/server/dashboard/schemas";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const caller = await api();
  const [{ data: keys }, creators, smtp] = await Promise.all([
    caller.apiKeys.list({}),
    caller.dashboard.keyCreators({}),
    caller.dashboard.smtp({}),
  ]);
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
      <SmtpBox smtp={smtp} />
    </>
  );
}

/** Applications that speak only SMTP use a key as the password (docs/smtp.md). */
function SmtpBox({ smtp }: { smtp: SmtpSettings }) {
  const off = smtp.port === null && smtp.tlsPort === null;
  return (
    <section aria-labelledby="smtp-heading" className="mt-8 space-y-3" data-testid="smtp-settings">
      <h2 id="smtp-heading" className="text-lg font-semibold">
        SMTP
      </h2>
      {off ? (
        <p className="text-sm text-muted-foreground">SMTP submission is off on this server.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            For applications that only speak SMTP: every message goes through the same rules as the API and shows in Emails.
          </p>
          <Properties>
            <Property label="Host" testId="smtp-host">
              <code>{smtp.host}</code>
            </Property>
            {smtp.port !== null && (
              <Property label="Port (STARTTLS)" testId="smtp-port">
                <code>{smtp.port}</code>
              </Property>
            )}
            {smtp.tlsPort !== null && (
              <Property label="Port (TLS)" testId="smtp-tls-port">
                <code>{smtp.tlsPort}</code>
              </Property>
            )}
            <Property label="Username" testId="smtp-username">
              <code>{smtp.username}</code>
            </Property>
            <Property label="Password">An API key (a send key is enough)</Property>
          </Properties>
          {smtp.selfSigned && (
            <p className="text-sm text-muted-foreground" data-testid="smtp-self-signed">
              This server has no certificate configured for SMTP: applications must skip certificate verification until SMTP_TLS_CERT_FILE
              and SMTP_TLS_KEY_FILE are set.
            </p>
          )}
        </>
      )}
    </section>
  );
}
