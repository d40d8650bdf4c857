import { z } from "zod";
import { agreed, notSupported, strictBoolean } from "../lib/request-fields";

/** The shapes the domains API answers with; the types are derived from them. */

export const DOMAIN_STATUSES = ["pending", "verified", "failed"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** A record as stored (dns_records, receiving_record): what to publish and what the last check found. */
export interface StoredRecord {
  type: string;
  name: string;
  value: string;
  /** Null before any check. */
  found: boolean | null;
  observed: string | null;
}

/** A record to publish, with what the last check found (null before any check). */
export const DnsRecord = z
  .object({
    type: z.string().meta({ description: "TXT, CNAME or MX" }),
    name: z.string(),
    value: z.string(),
    found: z.boolean().nullable().meta({ description: "Whether the last check found it; null before any check" }),
    observed: z.string().nullable().meta({ description: "What the last check read instead, if anything" }),
    record: z.string().meta({
      description: "What the record is for (Resend's labels): Verification, DKIM, SPF, Receiving or DMARC",
    }),
    priority: z.number().int().optional().meta({ description: "MX records only: the preference to publish it with" }),
  })
  .meta({ id: "DnsRecord", description: "A record to publish, with what the last check found" });
export type DnsRecord = z.infer<typeof DnsRecord>;

export const CAPABILITY_STATES = ["enabled", "disabled"] as const;
export type CapabilityState = (typeof CAPABILITY_STATES)[number];

/** Resend's `capabilities`: every domain sends; receiving is asked for per domain. */
export const Capabilities = z
  .object({
    sending: z.literal("enabled"),
    receiving: z.enum(CAPABILITY_STATES).meta({
      description:
        "enabled: the Receiving MX record is among dnsRecords, and mail is accepted once it is found (receivingVerifiedAt) on a verified domain",
    }),
  })
  .meta({ id: "DomainCapabilities", description: "What the domain is used for (Resend's shape)" });

/** `capabilities` as a request may set it (each part optional, Resend's Partial). */
export const CapabilitiesInput = z
  .object({
    sending: z
      .enum(CAPABILITY_STATES, { error: "sending must be enabled or disabled" })
      .refine((v) => v === "enabled", "not supported: disabled (every domain here sends)")
      .optional(),
    receiving: z.enum(CAPABILITY_STATES, { error: "receiving must be enabled or disabled" }).optional(),
  })
  .nullish()
  .describe("Resend's shape: receiving enabled adds the Receiving MX record; sending is always enabled");
export type CapabilitiesInput = z.infer<typeof CapabilitiesInput>;

export const Domain = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(DOMAIN_STATUSES).meta({ id: "DomainStatus" }),
    verifiedAt: z.number().int().nullable(),
    createdAt: z.number().int(),
    dnsCheckedAt: z.number().int().nullable(),
    dnsHost: z.string().nullable(),
    dnsRecords: z.array(DnsRecord),
    recommendedRecords: z.array(DnsRecord),
    failureReason: z.string().nullable(),
    dnsRegressedAt: z.number().int().nullable(),
    suspendedAt: z.number().int().nullable(),
    trackEngagement: z.boolean().meta({ description: "False when open and click tracking are off for this domain" }),
    capabilities: Capabilities,
    receivingVerifiedAt: z.number().int().nullable().meta({
      description:
        "Since when mail for the domain is accepted: the Receiving MX record found on the verified domain; null while receiving is disabled or its record is not (or no longer) found",
    }),
  })
  .meta({ id: "Domain", description: "A sending domain and the DNS records it needs" });
export type Domain = z.infer<typeof Domain>;

export const DomainList = z.object({ data: z.array(Domain) }).meta({ id: "DomainList" });

export const DomainRemoved = z.object({ id: z.string(), deleted: z.boolean() }).meta({ id: "DeletedDomain" });
export type DomainRemoved = z.infer<typeof DomainRemoved>;

/**
 * Engagement tracking as a request may set it: our `trackEngagement`, or Resend's
 * `open_tracking` / `click_tracking`. One switch covers both here, so the fields given
 * must agree.
 */
export const TrackingFields = z.object({
  trackEngagement: strictBoolean("trackEngagement").optional(),
  open_tracking: strictBoolean("open_tracking").optional().describe("Resend's name: sets trackEngagement (must agree with click_tracking)"),
  click_tracking: strictBoolean("click_tracking")
    .optional()
    .describe("Resend's name: sets trackEngagement (must agree with open_tracking)"),
});
export type TrackingFields = z.infer<typeof TrackingFields>;

/** The one trackEngagement value the fields ask for (undefined: none given); 400 when they disagree. */
export function trackingOf(fields: TrackingFields): boolean | undefined {
  return agreed(
    [
      ["trackEngagement", fields.trackEngagement],
      ["open_tracking", fields.open_tracking],
      ["click_tracking", fields.click_tracking],
    ],
    { why: "open and click tracking are one setting here, trackEngagement" },
  );
}

/** Resend's domain fields with no equivalent here (region, return path, tracking subdomain, TLS policy). */
export const UnsupportedDomainFields = {
  region: notSupported("one sending region per deployment"),
  custom_return_path: notSupported(`the return-path subdomain is fixed`),
  tracking_subdomain: notSupported("tracked links use the app's own URL"),
  tls: z
    .literal("opportunistic", { error: "not supported: tls enforced (delivery uses TLS opportunistically)" })
    .nullish()
    .describe("Resend's field: only opportunistic is honoured"),
};
