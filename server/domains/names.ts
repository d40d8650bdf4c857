import { inArray } from "drizzle-orm";
import { parse } from "tldts";
import { config } from "../config";
import type { Db } from "../db/client";
import { domainTombstones } from "../db/schema";
import { ApiError, validationError } from "../errors";
import { MAX_DOMAIN_NAME_LENGTH } from "../limits/constants";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export interface DomainName {
  name: string;
  /** The registrable domain it sits in (itself when it is one). */
  registrable: string;
}

/**
 * A sending domain is a registrable domain or a subdomain of one, by the public-suffix
 * list (private suffixes included, so github.io is refused but you.github.io is not).
 * Bare TLDs and suffixes, IP addresses, localhost and single labels are refused.
 */
export function parseDomainName(input: string): DomainName {
  const name = input.trim().toLowerCase().replace(/\.$/, "");
  const invalid = () =>
    validationError(
      `"${input}" is not a domain name you can send from; use a registered domain such as example.com or a subdomain of one.`,
    );
  if (!name || name.length > MAX_DOMAIN_NAME_LENGTH || !name.split(".").every((label) => LABEL.test(label))) throw invalid();
  const parsed = parse(name, { allowPrivateDomains: true });
  if (parsed.isIp || !parsed.domain || parsed.hostname !== name || name === "localhost" || name.endsWith(".localhost")) {
    throw invalid();
  }
  return { name, registrable: parsed.domain };
}

const within = (name: string, parent: string) => name === parent || name.endsWith(`.${parent}`);

/** The domains of the sandbox and system senders: the only mail the platform key signs. */
export function platformSenderDomains(): string[] {
  const cfg = config();
  const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  return [domainOf(cfg.sandboxSender), domainOf(cfg.systemSender)];
}

/** The platform's own names (sandbox sender, system sender, the app's and the tracking host) and everything under them. */
function reservedNames(): string[] {
  const host = (url: string) => new URL(url).hostname.toLowerCase();
  return [...platformSenderDomains(), host(config().appUrl), host(config().trackingUrl)];
}

/** 403 domain_error when the platform reserves the name or an abuse suspension tombstoned it (or a parent). */
export async function assertNotReserved(db: Db, domain: DomainName): Promise<void> {
  if (reservedNames().some((reserved) => within(domain.name, reserved))) {
    throw new ApiError("domain_error", 403, `${domain.name} is reserved by the platform and cannot be added.`);
  }
  const labels = domain.name.split(".");
  const candidates: string[] = [];
  for (let i = 0; i < labels.length; i++) {
    const parent = labels.slice(i).join(".");
    candidates.push(parent);
    if (parent === domain.registrable) break;
  }
  const [tombstone] = await db
    .select({ name: domainTombstones.name })
    .from(domainTombstones)
    .where(inArray(domainTombstones.name, candidates))
    .limit(1);
  if (tombstone) throw new ApiError("domain_error", 403, `${domain.name} cannot be added: it was blocked after an abuse suspension.`);
}
