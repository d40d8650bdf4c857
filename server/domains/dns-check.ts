import type { StoredRecord } from "./schemas";
import { resolver } from "../dns/resolver";

/** Answers meaning "nothing published here", as opposed to a resolver that failed. */
const EMPTY = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN"]);

export class ResolverFailure extends Error {}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, "");
const squash = (text: string) => text.replace(/\s+/g, "").toLowerCase();

/** Runs one lookup: [] for "nothing published here", ResolverFailure when the resolver failed. */
async function guarded<T>(type: string, name: string, query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (EMPTY.has(code)) return [];
    throw new ResolverFailure(`${type} ${name}: ${code || String(err)}`);
  }
}

/** The values published at name/type, each joined (TXT chunks) into one string; [] when none. */
async function lookup(r: ReturnType<typeof resolver>, type: string, name: string): Promise<string[]> {
  switch (type) {
    case "TXT":
      return guarded(type, name, async () => (await r.resolveTxt(name)).map((chunks) => chunks.join("")));
    case "MX":
      return guarded(type, name, async () => (await r.resolveMx(name)).sort((a, b) => a.priority - b.priority).map((mx) => mx.exchange));
    case "CNAME":
      return guarded(type, name, () => r.resolveCname(name));
    case "NS":
      return guarded(type, name, () => r.resolveNs(name));
    default:
      throw new Error(`unsupported record type ${type}`);
  }
}

/** Every TXT value published at name (chunks joined); [] when none; ResolverFailure when the lookup failed. */
export function publishedTxt(name: string): Promise<string[]> {
  return lookup(resolver(), "TXT", name);
}

function dkimKey(text: string): string | null {
  return /(?:^|;)p=([^;]*)/.exec(squash(text))?.[1] ?? null;
}

/**
 * Whether one published value satisfies the record we asked for. Lenient where DNS
 * hosts differ: DKIM compares the key only, SPF accepts a merged policy that includes
 * ours, DMARC accepts any policy, names compare without case or trailing dot.
 */
function satisfies(want: StoredRecord, got: string): boolean {
  if (want.type === "MX" || want.type === "CNAME") return bare(got) === bare(want.value);
  if (want.value.startsWith("v=DKIM1")) return dkimKey(got) !== null && dkimKey(got) === dkimKey(want.value);
  if (want.value.startsWith("v=spf1")) {
    const include = /include:(\S+)/.exec(want.value)?.[1];
    return (
      squash(got).startsWith("v=spf1") && Boolean(include) && got.toLowerCase().split(/\s+/).includes(`include:${include!.toLowerCase()}`)
    );
  }
  if (want.value.startsWith("v=DMARC1")) return squash(got).startsWith("v=dmarc1");
  return squash(got) === squash(want.value);
}

/**
 * Reads every record now. Throws ResolverFailure when any lookup fails (timeout,
 * SERVFAIL, refused): the caller keeps the stored answers rather than mixing old and new.
 */
export async function readRecords(records: StoredRecord[]): Promise<StoredRecord[]> {
  const r = resolver();
  return Promise.all(
    records.map(async (want) => {
      const values = await lookup(r, want.type, want.name);
      return {
        ...want,
        found: values.some((got) => satisfies(want, got)),
        observed: values.length ? values.join(want.type === "TXT" ? " | " : ", ") : null,
      };
    }),
  );
}

/**
 * Reads a Receiving MX record now: found only when our host is among the name's most
 * preferred exchanges (lowest priority value), since senders deliver there first; observed
 * lists every exchange with its priority. Throws ResolverFailure as readRecords does.
 */
export async function readReceivingRecord(want: StoredRecord): Promise<StoredRecord> {
  const exchanges = (await guarded("MX", want.name, () => resolver().resolveMx(want.name))).sort((a, b) => a.priority - b.priority);
  const preferred = exchanges.filter((mx) => mx.priority === exchanges[0].priority);
  return {
    ...want,
    found: preferred.some((mx) => bare(mx.exchange) === bare(want.value)),
    observed: exchanges.length ? exchanges.map((mx) => `${mx.priority} ${bare(mx.exchange)}`).join(", ") : null,
  };
}

const HOSTS: Array<[RegExp, string]> = [
  [/\.ns\.cloudflare\.com$|\.cloudflare\.com$/, "Cloudflare"],
  [/\.awsdns-/, "Amazon Route 53"],
  [/\.domaincontrol\.com$/, "GoDaddy"],
  [/\.googledomains\.com$|\.google\.com$/, "Google Cloud DNS"],
  [/\.azure-dns\./, "Azure DNS"],
  [/\.digitalocean\.com$/, "DigitalOcean"],
  [/\.vercel-dns\.com$/, "Vercel"],
  [/\.nsone\.net$/, "NS1"],
  [/\.netlify\.com$/, "Netlify"],
  [/\.registrar-servers\.com$/, "Namecheap"],
  [/\.porkbun\.com$/, "Porkbun"],
  [/\.gandi\.net$/, "Gandi"],
  [/\.ovh\.net$/, "OVH"],
  [/\.hetzner\.(com|de)$|\.your-server\.de$/, "Hetzner"],
  [/\.dnsimple\.com$/, "DNSimple"],
  [/\.linode\.com$/, "Linode"],
  [/\.ui-dns\.(com|de|org|biz)$/, "IONOS"],
  [/\.name\.com$/, "Name.com"],
  [/\.hostinger\.com$|\.dns-parking\.com$/, "Hostinger"],
  [/\.wixdns\.net$/, "Wix"],
  [/\.squarespacedns\.com$/, "Squarespace"],
  [/\.bluehost\.com$/, "Bluehost"],
  [/\.dnsmadeeasy\.com$/, "DNS Made Easy"],
  [/\.ultradns\.(com|net|org|biz)$/, "UltraDNS"],
];

/**
 * The DNS host serving a name, from the NS records of the closest zone at or above it
 * (up to the registrable domain); null when unknown or unreadable.
 */
export async function detectDnsHost(name: string, registrable: string): Promise<string | null> {
  const r = resolver();
  const labels = name.split(".");
  for (let i = 0; i < labels.length; i++) {
    const zone = labels.slice(i).join(".");
    let servers: string[];
    try {
      servers = await lookup(r, "NS", zone);
    } catch {
      return null;
    }
    if (servers.length) {
      for (const ns of servers.map(bare)) {
        const hit = HOSTS.find(([pattern]) => pattern.test(`.${ns}`));
        if (hit) return hit[1];
      }
      return null;
    }
    if (zone === registrable) break;
  }
  return null;
}
