import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import type { DnsRecord } from "@/server/domains/schemas";
import { Badge, Time } from "../../_components/format";
import { CopyButton } from "../../_components/client";
import { DataTable } from "../../_components/table";
import { AddDomainForm, DeleteDomainButton, TrackSwitch, VerifyButton } from "./client";
import { PageHead } from "../../_components/page-head";

export const metadata: Metadata = { title: "Domains" };

function Records({ title, records }: { title: string; records: DnsRecord[] }) {
  if (records.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <DataTable headers={["Type", "Name", "Value", "Status", "Observed"]}>
        {records.map((r) => (
          <tr key={`${r.type}:${r.name}:${r.value}`} data-testid="dns-record">
            <td>{r.type}</td>
            <td className="mono break" style={{ minWidth: 180 }}>
              {r.name} <CopyButton text={r.name} label="Copy name" />
            </td>
            <td className="mono break">
              {r.value} <CopyButton text={r.value} label="Copy value" />
            </td>
            <td>
              {r.found === null ? (
                <Badge value="pending" label="not checked" />
              ) : r.found ? (
                <Badge value="verified" label="found" />
              ) : (
                <Badge value="failed" label="missing" />
              )}
            </td>
            <td className="mono break">{r.observed ?? <span className="muted">—</span>}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

export default async function DomainsPage() {
  const { data: domains } = await (await api()).domains.list({});
  return (
    <>
      <PageHead title="Domains">
        Send from any address on a verified domain. Publish the records below at your DNS host, then verify.
      </PageHead>
      <AddDomainForm />
      {domains.length === 0 && <div className="panel empty">No domains yet.</div>}
      {domains.map((d) => (
        <section className="panel" key={d.id} data-testid="domain" aria-labelledby={`domain-${d.id}`}>
          <div className="page-head" style={{ marginBottom: 8 }}>
            <div>
              <h2 id={`domain-${d.id}`} style={{ margin: 0 }}>
                {d.name}
              </h2>
              <div className="actions" style={{ marginTop: 6 }}>
                <Badge value={d.status} />
                {d.suspendedAt && <Badge value="suspended" label="suspended by plan" />}
                {d.dnsRegressedAt && <Badge value="regressed" label="DNS regressed" />}
              </div>
            </div>
            <div className="actions">
              <VerifyButton id={d.id} />
              <DeleteDomainButton id={d.id} name={d.name} />
            </div>
          </div>
          <dl className="props">
            <dt>Created</dt>
            <dd>
              <Time ms={d.createdAt} />
            </dd>
            <dt>Verified</dt>
            <dd>
              <Time ms={d.verifiedAt} />
            </dd>
            <dt>Last DNS check</dt>
            <dd data-testid="dns-checked">
              <Time ms={d.dnsCheckedAt} />
            </dd>
            <dt>DNS host</dt>
            <dd>{d.dnsHost ?? <span className="muted">unknown</span>}</dd>
            {d.failureReason && (
              <>
                <dt>Failure</dt>
                <dd>{d.failureReason}</dd>
              </>
            )}
            {d.dnsRegressedAt && (
              <>
                <dt>Regressed</dt>
                <dd>
                  <Time ms={d.dnsRegressedAt} /> — records no longer verify upstream; the domain still sends.
                </dd>
              </>
            )}
            {d.suspendedAt && (
              <>
                <dt>Suspended</dt>
                <dd>
                  <Time ms={d.suspendedAt} /> — a plan downgrade parked it; it cannot send.
                </dd>
              </>
            )}
            <dt>Track opens and clicks</dt>
            <dd>
              <TrackSwitch id={d.id} on={d.trackEngagement} />
            </dd>
          </dl>
          <Records title="DNS records" records={d.dnsRecords} />
          <Records title="Recommended records" records={d.recommendedRecords} />
        </section>
      ))}
    </>
  );
}
