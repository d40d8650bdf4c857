import type { InboundAuthResults } from "../db/schema";
import { config } from "../config";
import { cachedLookup } from "../dns/answer-cache";
import { resolver } from "../dns/resolver";

/**
 * How long the checks of one message may take in all (SPF alone may chase ten lookups):
 * past it every lookup still to come fails at once and the verdicts stand as they are
 * (a lookup that did not answer is a temperror, RFC 7208 §2.6.6), so a slow or dead DNS
 * delays one message's parse by this much at most, never the 250 (docs/decisions/).
 */
export const AUTH_DEADLINE_MS = 8000;

const MAX_HEADER_CHARS = 4000;

export interface Sender {
  /** MAIL FROM ("" for a bounce). */
  mailFrom: string;
  clientIp: string;
  helo: string;
  /** Our host name, as the Authentication-Results header names it. */
  mta: string;
}

/**
 * A resolver for mailauth over DNS_SERVERS (server/dns/resolver.ts), its answers shared for a
 * minute (server/dns/answer-cache.ts), that refuses every lookup once `deadline` has passed.
 */
function boundedResolver(deadline: number) {
  const servers = config().dnsServers.join(",");
  let r: ReturnType<typeof resolver> | null = null;
  const ask = (name: string, type: string) => cachedLookup(servers, type, name, () => (r ??= resolver()).resolve(name, type));
  return async (name: string, type: string) => {
    const left = deadline - Date.now();
    if (left <= 0) throw Object.assign(new Error(`DNS ${type} ${name}: out of time`), { code: "ETIMEOUT" });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`DNS ${type} ${name}: out of time`), { code: "ETIMEOUT" })), left);
    });
    try {
      return (await Promise.race([ask(name, type), late])) as string[][] | string[];
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The verdict of the DKIM signatures: pass when one passes, else the first one's, else none. */
function dkimVerdict(results: { status?: { result?: string } }[] | undefined): string {
  const all = (results ?? []).map((r) => r.status?.result ?? "none");
  return all.includes("pass") ? "pass" : (all[0] ?? "none");
}

/**
 * The sending host's SPF, DKIM, DMARC and ARC verdicts (mailauth), as stored with the
 * message in `inbound_emails.auth`: each `pass`, `fail`, `softfail`, `neutral`, `none`,
 * `temperror` or `permerror`, and the Authentication-Results value mailauth composed.
 */
export async function authResults(raw: Buffer, sender: Sender): Promise<InboundAuthResults> {
  const deadline = Date.now() + AUTH_DEADLINE_MS;
  // Loaded on first use: about 0.35 s of every process's start-up otherwise (decision 0041).
  const { authenticate } = await import("mailauth");
  const result = await authenticate(raw, {
    ip: sender.clientIp,
    helo: sender.helo || undefined,
    sender: sender.mailFrom || undefined,
    mta: sender.mta,
    resolver: boundedResolver(deadline),
    disableBimi: true,
  });
  const header = /Authentication-Results: ([\s\S]*)$/.exec(result.headers)?.[1] ?? "";
  return {
    spf: result.spf ? (result.spf.status?.result ?? "none") : "none",
    dkim: dkimVerdict(result.dkim?.results),
    dmarc: result.dmarc ? (result.dmarc.status?.result ?? "none") : "none",
    arc: result.arc ? (result.arc.status?.result ?? "none") : "none",
    header: header
      .replace(/\r\n\s*/g, " ")
      // Parts of it come from the message: no controls or unpaired surrogates in the stored JSON.
      .replace(/[\p{Cc}\p{Cs}]/gu, "")
      .trim()
      .slice(0, MAX_HEADER_CHARS),
  };
}
