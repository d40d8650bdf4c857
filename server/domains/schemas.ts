import { z } from "zod";

/** The shapes the domains API answers with; the types are derived from them. */

export const DOMAIN_STATUSES = ["pending", "verified", "failed"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** A record to publish, with what the last check found (null before any check). */
export const DnsRecord = z.object({
  type: z.string(),
  name: z.string(),
  value: z.string(),
  found: z.boolean().nullable(),
  observed: z.string().nullable(),
});
export type DnsRecord = z.infer<typeof DnsRecord>;

export const Domain = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  verifiedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  dnsCheckedAt: z.number().int().nullable(),
  dnsHost: z.string().nullable(),
  dnsRecords: z.array(DnsRecord),
  recommendedRecords: z.array(DnsRecord),
  failureReason: z.string().nullable(),
  dnsRegressedAt: z.number().int().nullable(),
  suspendedAt: z.number().int().nullable(),
  trackEngagement: z.boolean(),
});
export type Domain = z.infer<typeof Domain>;

export const DomainList = z.object({ data: z.array(Domain) });

export const DomainRemoved = z.object({ id: z.string(), deleted: z.boolean() });
export type DomainRemoved = z.infer<typeof DomainRemoved>;
