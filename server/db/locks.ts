import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Serialises changes to an account's set of domains (adds against the allowance,
 * plan parking) for the rest of the transaction.
 */
export async function lockAccountDomains(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"domains:" + accountId}))`);
}

/** Serialises adds of one name across accounts (one live holder per name). */
export async function lockDomainName(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"domain-name:" + name}))`);
}
