import { z } from "zod";
import { agreed, notSupported, strictBoolean } from "../lib/request-fields";

/** The shapes the domains API answers with; the types are derived from them. */

export const DOMAIN_STATUSES = ["pending", "verified", "failed"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** A record to publish, with what the last check found (null before any check). */
export const DnsRecord = z
  .object({
    type: z.string().meta({ description: "TXT, CNAME or MX" }),
    name: z.string(),
    value: z.string(),
    found: z.boolean().nullable().meta({ description: "Whether the last check found it; null before any check" }),
    observed: z.string().nullable().meta({ description: "What the last check read instead, if anything" }),
  })
  .meta({ id: "DnsRecord", description: "A record to publish, with what the last check found" });
export type DnsRecord = z.infer<typeof DnsRecord>;

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

/** Resend's domain fields with no equivalent here (region, return path, TLS policy, capabilities). */
export const UnsupportedDomainFields = {
  region: notSupported("one sending region per deployment"),
  custom_return_path: notSupported(`the return-path subdomain is fixed`),
  capabilities: notSupported("domains send only"),
  tracking_subdomain: notSupported("tracked links use the app's own URL"),
  tls: z
    .literal("opportunistic", { error: "not supported: tls enforced (delivery uses TLS opportunistically)" })
    .nullish()
    .describe("Resend's field: only opportunistic is honoured"),
};
