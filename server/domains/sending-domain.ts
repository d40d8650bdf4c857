import { and, eq, sql } from "drizzle-orm";
import { onAccountInvalidated } from "../accounts/account-cache";
import { database } from "../db/client";
import { domains } from "../db/schema";
import { processShared } from "../lib/process-shared";

/**
 * An account's domains as the send path sees them, cached per account: the domains
 * engineer calls invalidateAccount() after every domain change, which drops the entry
 * here (NOTIFY reaches other instances). Entries also expire as a safety net.
 */
export interface AccountDomain {
  id: string;
  name: string;
  status: string;
  suspended: boolean;
}

const MAX_AGE_MS = 5000;
// One cache per process (npm start loads this module twice: our bundle and Next's), dropped
// entries reach it from the invalidation listener registered once with it.
const cache = processShared("sendingDomains", () => {
  const map = new Map<string, { byName: Map<string, AccountDomain>; at: number }>();
  onAccountInvalidated((accountId) => map.delete(accountId));
  return map;
});

export async function accountDomains(accountId: string): Promise<Map<string, AccountDomain>> {
  const hit = cache.get(accountId);
  if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.byName;
  const { db } = await database();
  const rows = await db
    .select({ id: domains.id, name: domains.name, status: domains.status, suspendedAt: domains.suspendedAt })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), sql`${domains.status} <> 'failed'`));
  const byName = new Map<string, AccountDomain>();
  for (const r of rows) byName.set(r.name.toLowerCase(), { id: r.id, name: r.name, status: r.status, suspended: r.suspendedAt !== null });
  cache.set(accountId, { byName, at: Date.now() });
  return byName;
}

/** A domain sends iff it is verified and not parked by a plan downgrade (dnsRegressedAt does not stop it). */
export function canSend(domain: AccountDomain | undefined): domain is AccountDomain {
  return Boolean(domain && domain.status === "verified" && !domain.suspended);
}
