import ipaddr from "ipaddr.js";
import { config } from "../config";
import { resolver } from "../dns/resolver";

/**
 * Where a webhook may point: https on port 443 at a publicly routable host, checked
 * against every address the name resolves to. Origins in WEBHOOK_ALLOWED_ORIGINS are
 * exempt (local development and tests). One rule, used at create, update and delivery.
 */

export class TargetRefused extends Error {}

export interface CheckedTarget {
  url: URL;
  /** The address to connect to (the checked one); null = let the OS resolve (allowed origins). */
  address: string | null;
  family: 4 | 6 | null;
}

/** Global unicast IPv6 (RFC 4291): everything else is local, special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * IPv6 forms that carry an IPv4 address and reach it through a translator or tunnel:
 * mapped, compatible, SIIT, NAT64 (well-known and local-use), 6to4, Teredo. Refused
 * whatever the embedded IPv4 address is, so no spelling leads to a private one.
 */
const IPV4_EMBEDDING_V6 = ["::ffff:0:0/96", "::/96", "::ffff:0:0:0/96", "64:ff9b::/96", "64:ff9b:1::/48", "2002::/16", "2001::/32"].map(
  (c) => ipaddr.parseCIDR(c),
);

/**
 * An allow-list, not a deny-list: IPv4 must be ordinary unicast (no private, loopback,
 * link-local, CGNAT, multicast, unspecified or reserved range), IPv6 must be global
 * unicast (2000::/3) and not one of the IPv4-embedding forms.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== "unicast") return false;
  if (parsed.kind() === "ipv4") return true;
  const v6 = parsed as ipaddr.IPv6;
  return v6.match(GLOBAL_UNICAST_V6) && !IPV4_EMBEDDING_V6.some((range) => v6.match(range));
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused("url must be a valid absolute URL");
  }
  if (url.username || url.password) throw new TargetRefused("url must not carry credentials");
  return url;
}

export function isAllowedOrigin(url: URL): boolean {
  return config().webhookAllowedOrigins.includes(url.origin);
}

/** The hostname as an IP literal (the URL parser has already turned decimal, octal and hex
 * IPv4 spellings into dotted quads), or null for a name. */
function ipLiteral(url: URL): string | null {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return ipaddr.isValid(host) ? host : null;
}

async function resolveAll(name: string): Promise<{ addresses: string[]; failed: boolean }> {
  const r = resolver();
  const [v4, v6] = await Promise.allSettled([r.resolve4(name), r.resolve6(name)]);
  const addresses = [...(v4.status === "fulfilled" ? v4.value : []), ...(v6.status === "fulfilled" ? v6.value : [])];
  return { addresses, failed: v4.status === "rejected" && v6.status === "rejected" };
}

/**
 * Checks a target. `requireResolution` is set at delivery: a name that does not resolve
 * cannot be delivered to. At create/update an unresolvable name passes (its DNS may not
 * be published yet); the delivery-time check still stands between it and any request.
 */
export async function checkTarget(raw: string, opts: { requireResolution: boolean }): Promise<CheckedTarget> {
  const url = parseUrl(raw);
  if (isAllowedOrigin(url)) return { url, address: null, family: null };
  if (url.protocol !== "https:") throw new TargetRefused("url must use https");
  if (url.port !== "" && url.port !== "443") throw new TargetRefused("url must use port 443");
  const host = url.hostname.toLowerCase();
  const literal = ipLiteral(url);
  if (literal) {
    if (!isPublicAddress(literal)) throw new TargetRefused("url must not point at a private, loopback, link-local or reserved address");
    const parsed = ipaddr.parse(literal);
    return { url, address: parsed.toString(), family: parsed.kind() === "ipv4" ? 4 : 6 };
  }
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) {
    throw new TargetRefused("url must name a public host");
  }
  const { addresses, failed } = await resolveAll(host);
  // The message never names the address: it would tell a tenant what our internal names resolve to.
  if (addresses.some((a) => !isPublicAddress(a))) throw new TargetRefused("url's host resolves to a private or reserved address");
  if (addresses.length === 0) {
    if (opts.requireResolution) throw new TargetRefused(failed ? `could not resolve ${host}` : `${host} has no addresses`);
    return { url, address: null, family: null };
  }
  const first = ipaddr.parse(addresses[0]);
  return { url, address: first.toString(), family: first.kind() === "ipv4" ? 4 : 6 };
}
