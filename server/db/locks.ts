import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** A transaction (or anything that can run a statement inside one). */
type InTransaction = Pick<Db, "execute">;

/**
 * Transaction-scoped advisory locks. Every key is written here once, so the two places
 * that must serialise against each other (a create and the plan parking, say) cannot
 * drift apart. The lock is released when the transaction ends.
 */
async function lockUntilCommit(tx: InTransaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Changes to an account's set of domains (adds against the allowance, plan parking). */
export const lockAccountDomains = (tx: InTransaction, accountId: string) => lockUntilCommit(tx, `domains:${accountId}`);

/** Adds of one domain name across accounts (one live holder per name). */
export const lockDomainName = (tx: InTransaction, name: string) => lockUntilCommit(tx, `domain-name:${name}`);

/** Changes to an account's webhook endpoints (creates against the allowance, plan parking). */
export const lockAccountWebhooks = (tx: InTransaction, accountId: string) => lockUntilCommit(tx, `webhooks:${accountId}`);

/** API key creates per account, so concurrent requests cannot pass the key limit together. */
export const lockAccountApiKeys = (tx: InTransaction, accountId: string) => lockUntilCommit(tx, `api_keys:${accountId}`);

/** Open/click recording of one message, so the per-message hit cap holds under concurrency. */
export const lockEmailEngagement = (tx: InTransaction, emailId: string) => lockUntilCommit(tx, `engagement:${emailId}`);
