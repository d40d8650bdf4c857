import { eq } from "drizzle-orm";
import { onAccountInvalidated } from "../accounts/account-cache";
import { config } from "../config";
import type { Db } from "../db/client";
import { domains } from "../db/schema";
import { dkimKeyFor, type DkimKey } from "../domains/dkim";
import { platformSenderDomains } from "../domains/names";
import type { Mailbox } from "../lib/email-address";
import { processShared } from "../lib/process-shared";
import type { EmailRow } from "./email-row";
import { PermanentSendError } from "./refusal";
import { log } from "../ops/log";

export type DomainRow = typeof domains.$inferSelect;

/** Decrypting a key costs more than signing; keep rows and keys a short while. */
const TTL_MS = 30_000;
// Every domain change (delete, plan parking, tracking switch) invalidates its account, here
// and, through NOTIFY or the invalidation table, in every other instance: its rows go at once.
const cache = processShared("signingCache", () => {
  const entries = new Map<string, { at: number; value: unknown }>();
  onAccountInvalidated((accountId) => {
    for (const [key, entry] of entries) {
      if (key.startsWith("d:") && (entry.value as { row: DomainRow } | null)?.row.accountId === accountId) entries.delete(key);
    }
  });
  return entries;
});

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const value = await load();
  cache.set(key, { at: Date.now(), value });
  return value;
}

/** The sending domain's row and key; null when the domain has been removed. */
export function sendingDomain(db: Db, domainId: string): Promise<{ row: DomainRow; key: DkimKey | null } | null> {
  return cached(`d:${domainId}`, async () => {
    const [row] = await db.select().from(domains).where(eq(domains.id, domainId)).limit(1);
    if (!row) return null;
    return { row, key: row.dkimPrivateKeyEnc ? dkimKeyFor(row) : null };
  });
}

/** Who signs a message: the sending account's own verified domain, or the platform for its own senders. */
export type Signer = { kind: "tenant"; row: DomainRow; key: DkimKey | null } | { kind: "platform"; key: DkimKey | null };

/**
 * The only signer a message may have; a PermanentSendError when it has none and must not
 * leave. A tenant domain signs only mail of the account that owns it, while verified and
 * not suspended, and only for its own name; the platform key signs only mail from the
 * sandbox and system senders' domains. Domains are looked up by id, never by name.
 */
export async function signerFor(db: Db, email: Pick<EmailRow, "accountId" | "domainId">, from: Mailbox): Promise<Signer> {
  if (email.domainId) {
    const domain = await sendingDomain(db, email.domainId);
    if (!domain) throw new PermanentSendError("The sending domain was removed before the message left.");
    const { row } = domain;
    if (row.accountId !== email.accountId || row.name !== from.domain) {
      throw new PermanentSendError(`The from address ${from.address} is not on a domain of the sending account.`);
    }
    if (row.suspendedAt) throw new PermanentSendError("The sending domain is suspended by the plan.");
    if (row.status !== "verified") throw new PermanentSendError(`The sending domain ${row.name} is no longer verified.`);
    return { kind: "tenant", row, key: domain.key };
  }
  if (!platformSenderDomains().includes(from.domain)) {
    throw new PermanentSendError(
      `The from address ${from.address} is neither on a verified domain of the sending account nor a platform sender.`,
    );
  }
  return { kind: "platform", key: platformKey(from.domain) };
}

const warnedUnsigned = processShared("delivery.unsigned-platform-domains", () => new Set<string>());

/**
 * PLATFORM_DKIM_PRIVATE_KEY (PEM) with PLATFORM_DKIM_SELECTOR (default "posthaste"), for
 * the platform's own domains. Without it their mail goes unsigned, and the log says so
 * once per domain (SES signs with Easy DKIM itself, so it is not worth a warning there).
 */
function platformKey(domainName: string): DkimKey | null {
  const platform = config().platformDkim;
  if (platform) return { domainName, keySelector: platform.selector, privateKey: platform.privateKey };
  if (config().mailProvider !== "ses" && !warnedUnsigned.has(domainName)) {
    warnedUnsigned.add(domainName);
    log().warn(
      { domain: domainName },
      "delivery: no DKIM key for a platform sender domain; its mail goes unsigned (set PLATFORM_DKIM_PRIVATE_KEY)",
    );
  }
  return null;
}
