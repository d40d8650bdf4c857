/** The Domain resource's fields as the API reference lists them (every one always present). */
export const DOMAIN_FIELDS = [
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
