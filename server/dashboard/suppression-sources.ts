import { sql } from "drizzle-orm";
import { database } from "../db/client";
import type { SuppressionSources } from "./schemas";

/**
 * Which of these suppressed addresses of the account name the message that put them there
 * (a hard bounce, complaint or unsubscribe), when that message is still stored: the
 * suppressions page links to it. Read on the two primary keys.
 */
export async function readSuppressionSources(accountId: string, addresses: string[]): Promise<SuppressionSources> {
  const wanted = [...new Set(addresses)];
  if (wanted.length === 0) return { data: [] };
  const { rows } = await database();
  const found = await rows<{ address: string; email_id: string }>(sql`
    select s.address, s.email_id from suppressions s
    join emails e on e.id = s.email_id and e.account_id = s.account_id
    where s.account_id = ${accountId} and s.address = any(${sql.param(wanted)}::text[])`);
  return { data: found.map((r) => ({ address: r.address, emailId: r.email_id })) };
}
