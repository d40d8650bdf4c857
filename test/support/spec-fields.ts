/**
 * The Domain resource's fields as the API reference lists them (every one always present),
 * with receiving's two (docs/inbound.md): `capabilities` and `receivingVerifiedAt`.
 */
export const DOMAIN_FIELDS = [
  "capabilities",
  "receivingVerifiedAt",
  "createdAt",
  "dnsCheckedAt",
  "dnsHost",
  "dnsRecords",
  "dnsRegressedAt",
  "failureReason",
  "id",
  "name",
  "recommendedRecords",
  "status",
  "suspendedAt",
  "trackEngagement",
  "verifiedAt",
].sort();

/** A DnsRecord's fields: the reference's five, Resend's `record` label, and `priority` on MX records. */
export const dnsRecordFields = (r: { type: string }) =>
  ["found", "name", "observed", "type", "value", "record", ...(r.type === "MX" ? ["priority"] : [])].sort();
