import { sql, type SQL } from "drizzle-orm";
import { database } from "../db/client";
import type { Checklist } from "./schemas";

/**
 * Whether the account has a row in `table`, read as the first row of its (account_id,
 * created_at) index in that index's order (`order`: emails' is descending, nulls last).
 * Not EXISTS: its subquery drops ORDER BY, and a generic plan (every statement here is
 * prepared) may then scan the whole table for an account that has no row.
 */
function any(table: string, accountId: string, opts: { also?: SQL; order?: SQL } = {}): SQL {
  return sql`((select true from ${sql.identifier(table)} where account_id = ${accountId} ${opts.also ?? sql``}
    order by ${opts.order ?? sql`created_at`} limit 1) is not null)`;
}

/**
 * The onboarding steps, read off the account's own rows (no stored flags), each the newest
 * row on an index led by account_id, so the answer costs the same at any size. A revoked key
 * was still created, and any message counts as the first one sent.
 */
export async function readChecklist(accountId: string): Promise<Checklist> {
  const { rows } = await database();
  const [row] = await rows<Record<keyof Checklist, boolean>>(sql`select
    ${any("api_keys", accountId)} as "apiKeyCreated",
    ${any("emails", accountId, { order: sql`created_at desc nulls last` })} as "emailSent",
    ${any("domains", accountId)} as "domainAdded",
    ${any("domains", accountId, { also: sql`and status = 'verified'` })} as "domainVerified",
    ${any("webhook_endpoints", accountId)} as "webhookAdded"`);
  return {
    apiKeyCreated: Boolean(row.apiKeyCreated),
    emailSent: Boolean(row.emailSent),
    domainAdded: Boolean(row.domainAdded),
    domainVerified: Boolean(row.domainVerified),
    webhookAdded: Boolean(row.webhookAdded),
  };
}
