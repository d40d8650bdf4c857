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

/** Called by the node:http server for each request it passes to Next. */
export function stampClientIp(req: IncomingMessage): void {
  carrier.stamping = true;
  req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "";
}

/**
 * The client's IP as a rate-limit key: IPv4 as is, IPv6 by its /64 (one subscriber's
 * allocation, so a host cannot step through addresses). With TRUSTED_PROXY_HOPS = n, the
 * n-th address from the right of X-Forwarded-For (the one the outermost trusted proxy saw);
 * else the socket's peer. Null when neither is known: the per-IP limits then do not apply.
 */
export function clientIp(headers: Headers): string | null {
  const hops = authSettings.trustedProxyHops();
  if (hops > 0) {
    const chain = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (chain.length >= hops) return ipKey(chain[chain.length - hops]);
  }
  return carrier.stamping ? ipKey(headers.get(CLIENT_IP_HEADER) ?? "") : null;
}

function ipKey(raw: string): string | null {
  const text = raw.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(text)) return null;
  const ip = ipaddr.process(text);
  if (ip.kind() === "ipv4") return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}
