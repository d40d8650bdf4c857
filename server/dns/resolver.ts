import { promises as dns } from "node:dns";
import { config } from "../config";

/**
 * A resolver that honours DNS_SERVERS ("127.0.0.1:5353,…"), so tests and private
 * deployments can point every lookup (domain verification, webhook target checks) at
 * their own server. Short timeouts: a dead resolver must not stall a request.
 */
export function resolver(): dns.Resolver {
  const r = new dns.Resolver({ timeout: 2000, tries: 2 });
  const servers = config().dnsServers;
  if (servers.length) r.setServers(servers);
  return r;
}
