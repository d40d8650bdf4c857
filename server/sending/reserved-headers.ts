/**
 * Header names a tenant's `headers` may not set: the service writes them itself (addresses,
 * ids, MIME structure), or they speak for a server along the way (authentication results,
 * trace fields, DKIM/ARC), or the provider reads them as instructions (SES's X-SES-*). A
 * tenant setting `Sender`, `Cc` or `Authentication-Results` would slip past the address
 * rules and be DKIM-signed with the platform's or its domain's key. Compared case-insensitively.
 */
const RESERVED = new Set([
  "from",
  "sender",
  "to",
  "cc",
  "bcc",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "mime-version",
  "return-path",
  "received",
  "authentication-results",
  "dkim-signature",
  "domainkey-signature",
  "x-tags",
]);
const RESERVED_PREFIXES = ["resent-", "content-", "arc-", "x-posthaste-", "x-ses-"];

/** Why `name` may not be a custom header, or null when it may. `bulk`: the service adds List-Unsubscribe. */
export function reservedHeader(name: string, bulk: boolean): string | null {
  const lower = name.toLowerCase();
  if (RESERVED.has(lower) || RESERVED_PREFIXES.some((p) => lower.startsWith(p))) {
    return `${name} is set by the service (or by servers along the way) and cannot be a custom header`;
  }
  if (bulk && lower.startsWith("list-unsubscribe")) return `${name} is set by the service for bulk mail (one link per recipient)`;
  return null;
}
