import ipaddr from "ipaddr.js";
import { config } from "../config";
import { resolver } from "../lib/dns";

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

/** Only ordinary unicast addresses pass: no private, loopback, link-local, CGNAT, multicast,
 * unspecified, reserved, or IPv4-embedding IPv6 forms (mapped addresses are unwrapped first). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "unicast";
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
  const addresses = [
    ...(v4.status === "fulfilled" ? v4.value : []),
    ...(v6.status === "fulfilled" ? v6.value : []),
  ];
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
    const processed = ipaddr.process(literal);
    return { url, address: processed.toString(), family: processed.kind() === "ipv4" ? 4 : 6 };
  }
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) {
    throw new TargetRefused("url must name a public host");
  }
  const { addresses, failed } = await resolveAll(host);
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked) throw new TargetRefused(`url's host resolves to a private or reserved address (${blocked})`);
  if (addresses.length === 0) {
    if (opts.requireResolution) throw new TargetRefused(failed ? `could not resolve ${host}` : `${host} has no addresses`);
    return { url, address: null, family: null };
  }
  const first = ipaddr.process(addresses[0]);
  return { url, address: first.toString(), family: first.kind() === "ipv4" ? 4 : 6 };
}
