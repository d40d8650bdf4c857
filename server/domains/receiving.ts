import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { database } from "../db/client";
import { accounts, domains } from "../db/schema";

/** The account and domain that receive mail for a name. */
export interface ReceivingDomain {
  accountId: string;
  domainId: string;
  name: string;
}

/**
 * Who receives mail for `name` (lower-case, as the one address parser gives it), or null.
 * A name is held by at most one verified claim (domains_verified_name_idx), so this lookup
 * across accounts can only find the account that proved it owns the name in DNS; and only
 * while receiving is enabled, its MX record was found, and the account is not paused
 * (a deleted account's domains are gone with it).
 */
export async function receivingDomainFor(name: string): Promise<ReceivingDomain | null> {
  const { db } = await database();
  const [row] = await db
    .select({ accountId: domains.accountId, domainId: domains.id, name: domains.name })
    .from(domains)
    .innerJoin(accounts, eq(accounts.id, domains.accountId))
    .where(
      and(
        eq(domains.name, name),
        eq(domains.status, "verified"),
        isNull(domains.suspendedAt),
        eq(domains.receiving, "enabled"),
        isNotNull(domains.receivingVerifiedAt),
        isNull(accounts.pausedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
