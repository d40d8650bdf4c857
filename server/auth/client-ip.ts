import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import { processShared } from "../lib/process-shared";
import { authSettings } from "./settings";

/**
 * Where the dashboard's rate limits find the client's IP. Next's handlers never see the
 * socket, so the node:http server (`npm start`) writes its peer's address into this header
 * on every request it hands to Next, replacing whatever the client sent. The header is
 * believed only when that server runs in this process; otherwise a client could write it.
 */
export const CLIENT_IP_HEADER = "x-posthaste-client-ip";

const carrier = processShared("clientIpCarrier", () => ({ stamping: false }));

/** Called by the node:http server for each request it passes to Next or a public route. */
export function stampClientIp(req: IncomingMessage): void {
  carrier.stamping = true;
  req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "";
}

/**
 * The client's address as given: with TRUSTED_PROXY_HOPS = n, the n-th address from the
 * right of X-Forwarded-For (the one the outermost trusted proxy saw); else the socket's
 * peer. Null when neither is known. What a client writes further left is never believed.
 */
export function clientAddress(header: (name: string) => string | null | undefined): string | null {
  const hops = authSettings.trustedProxyHops();
  if (hops > 0) {
    const chain = (header("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (chain.length >= hops) return validIp(chain[chain.length - hops]);
  }
  return carrier.stamping ? validIp(header(CLIENT_IP_HEADER) ?? "") : null;
}

/**
 * The client's IP as a rate-limit key: IPv4 as is, IPv6 by its /64 (one subscriber's
 * allocation, so a host cannot step through addresses). Null when the address is unknown:
 * the per-IP limits then do not apply.
 */
export function clientIp(headers: Headers): string | null {
  const address = clientAddress((name) => headers.get(name));
  return address === null ? null : clientOf(address);
}

/**
 * A literal address as the per-client limits count it: IPv4 as is, IPv6 by its /64
 * (IPv4-mapped IPv6 as IPv4); anything that is not an address, as it is.
 */
export function clientOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv4") return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

/** A literal IPv4 or IPv6 address (brackets dropped, IPv4-mapped IPv6 shown as IPv4), or null. */
function validIp(raw: string): string | null {
  const text = raw.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(text) ? ipaddr.process(text).toString() : null;
}
