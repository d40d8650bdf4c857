import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { shapedQuery } from "../db/shaped";
import { PLANS, runCompiled } from "../db/statements";

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
  // Asked at every RCPT TO: compiled once, not built by the query builder each time.
  const [row] = await runCompiled<ReceivingDomain>(
    await database(),
    PLANS.default,
    shapedQuery(sql`select d.account_id as "accountId", d.id as "domainId", d.name
      from domains d join accounts a on a.id = d.account_id
      where d.name = ${name} and d.status = 'verified' and d.suspended_at is null and d.receiving = 'enabled'
        and d.receiving_verified_at is not null and a.paused_at is null
      limit 1`),
  );
  return row ?? null;
}
