import { sql } from "drizzle-orm";
import type { Executor } from "./types";

/**
 * Every advisory lock the application takes, each key written once. Transaction-scoped:
 * held until the transaction ends.
 */
async function lock(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Serialises changes to an account's set of domains (adds against the allowance,
 * plan parking) for the rest of the transaction.
 */
export const lockAccountDomains = (tx: Executor, accountId: string) => lock(tx, "domains:" + accountId);

/** Serialises adds of one name across accounts (one live holder per name). */
export const lockDomainName = (tx: Executor, name: string) => lock(tx, "domain-name:" + name);

/** Serialises changes to an account's set of webhook endpoints (adds against the allowance, plan parking). */
export const lockAccountWebhooks = (tx: Executor, accountId: string) => lock(tx, "webhooks:" + accountId);

/** Serialises changes to an account's API keys. */
export const lockAccountApiKeys = (tx: Executor, accountId: string) => lock(tx, "api_keys:" + accountId);

/** Serialises the engagement (open and click) records of one message, so their cap is exact. */
export const lockEngagement = (tx: Executor, emailId: string) => lock(tx, "engagement:" + emailId);

/** Serialises changes to an account's team (invitations against the size limit, removals keeping an owner). */
export const lockAccountTeam = (tx: Executor, accountId: string) => lock(tx, "team:" + accountId);

/**
 * Serialises removing webhook events (retention: a partition dropped, old rows deleted) with
 * owing one again (a resend, which holds it shared): each sees the other's rows, so no
 * delivery is left owing an event that is gone. Deliveries have no foreign key to their event
 * (decision 0048).
 */
export const EVENT_REMOVAL_LOCK = "webhook-events:removal";
export const lockEventRemoval = (tx: Executor) => lock(tx, EVENT_REMOVAL_LOCK);
export const shareEventRemoval = async (tx: Executor) => {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext(${EVENT_REMOVAL_LOCK}))`);
};
