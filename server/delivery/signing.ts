import { and, eq } from "drizzle-orm";
import { onAccountInvalidated } from "../accounts/account-cache";
import { config } from "../config";
import type { Db } from "../db/client";
import { domains } from "../db/schema";
import { dkimKeyFor, type DkimKey } from "../domains/dkim";
import { domainOf } from "./addresses";

export type DomainRow = typeof domains.$inferSelect;

/** Decrypting a key costs more than signing; keep rows and keys a short while. */
const TTL_MS = 30_000;
const cache = new Map<string, { at: number; value: unknown }>();

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const value = await load();
  cache.set(key, { at: Date.now(), value });
  return value;
}

// Every domain change (delete, plan parking, tracking switch) invalidates its account, here
// and, through NOTIFY or the invalidation table, in every other instance: its rows go at once.
onAccountInvalidated((accountId) => {
  for (const [key, entry] of cache) {
    if (key.startsWith("d:") && (entry.value as { row: DomainRow } | null)?.row.accountId === accountId) cache.delete(key);
  }
});

/** The sending domain's row and key; null when the domain has been removed. */
export function sendingDomain(db: Db, domainId: string): Promise<{ row: DomainRow; key: DkimKey | null } | null> {
  return cached(`d:${domainId}`, async () => {
    const [row] = await db.select().from(domains).where(eq(domains.id, domainId)).limit(1);
    if (!row) return null;
    return { row, key: row.dkimPrivateKeyEnc ? dkimKeyFor(row) : null };
  });
}

/**
 * The platform key for mail from the sandbox and system senders (no customer domain
 * behind them): PLATFORM_DKIM_PRIVATE_KEY (PEM) with PLATFORM_DKIM_SELECTOR (default
 * "posthaste"), else the key of a verified domain of that name added by the operator
 * to an account of theirs, else none (the message goes unsigned; the log says so once).
 */
export function platformKey(db: Db, from: string): Promise<DkimKey | null> {
  const domainName = domainOf(from);
  return cached(`p:${domainName}`, async () => {
    const pem = process.env.PLATFORM_DKIM_PRIVATE_KEY;
    if (pem) {
      return { domainName, keySelector: process.env.PLATFORM_DKIM_SELECTOR || "posthaste", privateKey: pem.replace(/\\n/g, "\n") };
    }
    const [row] = await db
      .select()
      .from(domains)
      .where(and(eq(domains.name, domainName), eq(domains.status, "verified")))
      .limit(1);
    if (row?.dkimPrivateKeyEnc) return dkimKeyFor(row);
    if (config().mailProvider !== "ses") console.warn(`delivery: no DKIM key for platform sender domain ${domainName}; its mail goes unsigned (set PLATFORM_DKIM_PRIVATE_KEY)`);
    return null;
  });
}
