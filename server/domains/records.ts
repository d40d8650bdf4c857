import type { StoredRecord } from "./schemas";
import { sesRegion } from "../ses/client";
import { DKIM_SELECTOR } from "./dkim";
import { domainSettings } from "./settings";

const record = (type: string, name: string, value: string): StoredRecord => ({ type, name, value, found: null, observed: null });

/** The preference every MX record here is published with (Resend's 10). */
export const MX_PRIORITY = 10;

export const returnPathDomain = (domain: string) => `${domainSettings.returnPathLabel}.${domain}`;

/** Where every claim of a name publishes its ownership token (one TXT value per claim). */
export const ownershipRecordName = (domain: string) => `_posthaste-verification.${domain}`;
export const ownershipValue = (token: string) => `posthaste-verification=${token}`;

/** The claim's own ownership record: the first of its dnsRecords (docs/decisions/0002-sending-domains.md, "Domain claims"). */
export function ownershipRecord(domain: string, token: string): StoredRecord {
  return record("TXT", ownershipRecordName(domain), ownershipValue(token));
}

/** DMARC is recommended, not required: p=none only reports, it never blocks mail. */
export function recommendedRecords(domain: string): StoredRecord[] {
  return [record("TXT", `_dmarc.${domain}`, "v=DMARC1; p=none;")];
}

/** sink/smtp: our own DKIM key, and a return path whose bounces come back to us. */
export function ownRecords(domain: string, dkimPublicKey: string): StoredRecord[] {
  const returnPath = returnPathDomain(domain);
  return [
    record("TXT", `${DKIM_SELECTOR}._domainkey.${domain}`, `v=DKIM1; k=rsa; p=${dkimPublicKey}`),
    record("TXT", returnPath, `v=spf1 include:${domainSettings.spfInclude()} ~all`),
    record("MX", returnPath, domainSettings.mxHost()),
  ];
}

/** ses: the three Easy DKIM CNAMEs and SES's MAIL FROM records. */
export function sesRecords(domain: string, tokens: string[]): StoredRecord[] {
  const returnPath = returnPathDomain(domain);
  return [
    ...tokens.map((token) => record("CNAME", `${token}._domainkey.${domain}`, `${token}.dkim.amazonses.com`)),
    record("TXT", returnPath, "v=spf1 include:amazonses.com ~all"),
    record("MX", returnPath, `feedback-smtp.${sesRegion()}.amazonses.com`),
  ];
}

/**
 * Receiving: MX at the name itself, pointing at our MX listener (SMTP_MX_HOST). It takes over
 * the name's mail, hence the docs' advice to receive on a subdomain (docs/inbound.md).
 */
export function receivingRecord(domain: string): StoredRecord {
  return record("MX", domain, domainSettings.inboundMxHost());
}

/** Resend's label of one of a domain's records (what it is for), from where it is published. */
export function recordLabel(domain: string, r: Pick<StoredRecord, "type" | "name">): string {
  if (r.name === ownershipRecordName(domain)) return "Verification";
  if (r.name.includes("._domainkey.")) return "DKIM";
  if (r.name === returnPathDomain(domain)) return "SPF";
  if (r.name === `_dmarc.${domain}`) return "DMARC";
  if (r.type === "MX" && r.name === domain) return "Receiving";
  return r.type;
}
