import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import type { DnsRecord, Domain } from "@/server/domains/schemas";
import { Copyable } from "../../_components/copyable";
import { Badge, Time } from "../../_components/format";
import { PageHead } from "../../_components/page-head";
import { Properties, Property } from "../../_components/properties";
import { DataTable } from "../../_components/table";
import { Card } from "../../_components/ui/card";
import { TableCell, TableRow, WIDE_CELL } from "../../_components/ui/table";
import { AddDomainForm, DeleteDomainButton, ReceivingSwitch, TrackSwitch, VerifyButton } from "./client";

export const metadata: Metadata = { title: "Domains" };

function Records({ title, records }: { title: string; records: DnsRecord[] }) {
  if (records.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <h3 className="font-semibold">{title}</h3>
      <DataTable headers={["Type", "Name", "Value", "Status", "Observed"]}>
        {records.map((r) => (
          <TableRow key={`${r.type}:${r.name}:${r.value}`} data-testid="dns-record">
            {/* What the record is for (Resend's label) and, for MX, the priority to publish it with. */}
            <TableCell>
              <span className="font-mono" data-testid="record-type">
                {r.type}
              </span>
              <span className="block text-xs text-muted-foreground">{r.record}</span>
              {r.priority !== undefined && <span className="block text-xs text-muted-foreground">priority {r.priority}</span>}
            </TableCell>
            <TableCell className={`min-w-60 ${WIDE_CELL}`}>
              <Copyable value={r.name} label="Copy name" wrap="words" />
            </TableCell>
            <TableCell className={`min-w-64 ${WIDE_CELL}`}>
              <Copyable value={r.value} label="Copy value" />
            </TableCell>
            <TableCell>
              {r.found === null ? (
                <Badge value="pending" label="not checked" />
              ) : r.found ? (
                <Badge value="verified" label="found" />
              ) : (
                <Badge value="failed" label="missing" />
              )}
            </TableCell>
            <TableCell className={`font-mono text-xs wrap-anywhere ${WIDE_CELL}`}>
              {r.observed ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
    </section>
  );
}

/** Where receiving stands, in the owner's words (docs/inbound.md, "Receiving on a domain"). */
function ReceivingState({ d }: { d: Domain }) {
  if (d.capabilities.receiving === "disabled") {
    return (
      <>
        Off. Switched on, mail to any address at {d.name} is accepted once its MX record (Receiving, below) is found. That record takes over
        all of the name&apos;s mail: receive on a subdomain added as its own domain (for example{" "}
        <code className="font-mono text-xs">inbound.{d.name}</code>), never a name whose mailboxes are in use.
      </>
    );
  }
  if (d.suspendedAt) return <>Stopped: a plan downgrade parked the domain.</>;
  if (d.status !== "verified") return <>Waiting for the domain to verify; the MX record is checked with the others.</>;
  if (d.receivingVerifiedAt === null) {
    return (
      <>Waiting for the MX record (Receiving, below) pointing at this server as the name&apos;s first choice; checked every few minutes.</>
    );
  }
  return (
    <>
      Receiving since <Time ms={d.receivingVerifiedAt} />.
    </>
  );
}

export default async function DomainsPage() {
  const { data: domains } = await (await api()).domains.list({});
  return (
    <>
      <PageHead title="Domains">
        Send from any address on a verified domain. Publish the records below at your DNS host, then verify. The first, at{" "}
        <code className="font-mono text-xs">_posthaste-verification</code>, proves the domain is yours: each domain added has its own, and
        it verifies only while that record is published.
      </PageHead>
      <AddDomainForm />
      {domains.length === 0 && <Card className="items-center py-10 text-muted-foreground">No domains yet.</Card>}
      {domains.map((d) => (
        <Card key={d.id} className="mb-6" data-testid="domain" role="region" aria-labelledby={`domain-${d.id}`}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex min-w-0 flex-col gap-2">
              <h2 id={`domain-${d.id}`} className="text-base font-semibold wrap-anywhere sm:text-lg">
                {d.name}
              </h2>
              <div className="flex flex-wrap gap-1.5">
                <Badge value={d.status} />
                {d.suspendedAt && <Badge value="suspended" label="suspended by plan" />}
                {d.dnsRegressedAt && <Badge value="regressed" label="DNS regressed" />}
                {d.capabilities.receiving === "enabled" &&
                  (d.receivingVerifiedAt && d.status === "verified" && !d.suspendedAt ? (
                    <Badge value="verified" label="receiving" />
                  ) : (
                    <Badge value="pending" label="receiving pending" />
                  ))}
              </div>
            </div>
            <div className="flex flex-wrap items-start gap-2">
              <VerifyButton id={d.id} />
              <DeleteDomainButton id={d.id} name={d.name} />
            </div>
          </div>
          <Properties>
            <Property label="Id">
              <Copyable value={d.id} label="Copy domain id" className="-my-1.5 text-xs" />
            </Property>
            <Property label="Created">
              <Time ms={d.createdAt} />
            </Property>
            <Property label="Verified">
              <Time ms={d.verifiedAt} />
            </Property>
            <Property label="Last DNS check" testId="dns-checked">
              <Time ms={d.dnsCheckedAt} />
            </Property>
            <Property label="DNS host">{d.dnsHost ?? <span className="text-muted-foreground">unknown</span>}</Property>
            {d.failureReason && <Property label="Failure">{d.failureReason}</Property>}
            {d.dnsRegressedAt && (
              <Property label="Regressed">
                <Time ms={d.dnsRegressedAt} /> — records no longer verify upstream; the domain still sends.
              </Property>
            )}
            {d.suspendedAt && (
              <Property label="Suspended">
                <Time ms={d.suspendedAt} /> — a plan downgrade parked it; it cannot send.
              </Property>
            )}
            <Property label="Track opens and clicks">
              <TrackSwitch id={d.id} on={d.trackEngagement} />
            </Property>
            <Property label="Receive mail">
              <div className="flex flex-col gap-2">
                <ReceivingSwitch id={d.id} name={d.name} on={d.capabilities.receiving === "enabled"} />
                <p className="text-sm text-muted-foreground" data-testid="receiving-state">
                  <ReceivingState d={d} />
                </p>
              </div>
            </Property>
          </Properties>
          <Records title="DNS records" records={d.dnsRecords} />
          <Records title="Recommended records" records={d.recommendedRecords} />
        </Card>
      ))}
    </>
  );
}
