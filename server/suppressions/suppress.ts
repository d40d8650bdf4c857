import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { parseAddress } from "../lib/email-address";
import { resultRows } from "../db/rows";
import type { SuppressionReason } from "./schemas";

/**
 * Which reason wins when an address is suppressed again: the stronger one is kept.
 * complaint > hard_bounce > manual > unsubscribe, so adding `manual` keeps a bounce or
 * complaint and upgrades an `unsubscribe` (which blocks bulk mail only) to block all mail.
 */
const RANK_SQL = (reason: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) =>
  sql`(case ${reason} when 'complaint' then 4 when 'hard_bounce' then 3 when 'manual' then 2 else 1 end)`;

/**
 * The stored form of an address (the one parser's: lower-case, domain as A-label), the
 * form every rule compares; null for one it refuses, which no send can reach anyway.
 */
function storedForm(address: string): string | null {
  const parsed = parseAddress(address);
  return parsed.ok ? parsed.value.address : null;
}

/**
 * Adds addresses to an account's suppression list under one reason, applying the
 * upgrade rule. Takes effect for the next send at once (sending reads the table).
 * `emailId` names the message that caused it (a bounce, complaint or unsubscribe link):
 * stored with the reason it came with, so an entry names the message behind the reason it
 * holds (a manual entry, none). Returns the reason each address is now stored with.
 */
export async function suppressMany(
  db: Pick<Db, "execute">,
  accountId: string,
  addresses: string[],
  reason: SuppressionReason,
  emailId: string | null = null,
): Promise<Map<string, SuppressionReason>> {
  const unique = [...new Set(addresses.map(storedForm))].filter((a): a is string => a !== null);
  const stored = new Map<string, SuppressionReason>();
  if (unique.length === 0) return stored;
  const result = await db.execute(sql`
    insert into suppressions (account_id, address, reason, email_id)
    values ${sql.join(
      unique.map((a) => sql`(${accountId}, ${a}, ${reason}, ${emailId})`),
      sql`, `,
    )}
    on conflict (account_id, address) do update set reason = excluded.reason, email_id = excluded.email_id
      where ${RANK_SQL(sql`excluded.reason`)} > ${RANK_SQL(sql`suppressions.reason`)}
    returning address, reason`);
  const rows = resultRows<{ address: string; reason: SuppressionReason }>(result);
  for (const row of rows) stored.set(row.address, row.reason);
  // Rows the upgrade rule left alone are not returned: read them back.
  const missing = unique.filter((a) => !stored.has(a));
  if (missing.length) {
    const kept = await db.execute(sql`
      select address, reason from suppressions
      where account_id = ${accountId} and address in (${sql.join(
        missing.map((a) => sql`${a}`),
        sql`, `,
      )})`);
    const keptRows = resultRows<{ address: string; reason: SuppressionReason }>(kept);
    for (const row of keptRows) stored.set(row.address, row.reason);
  }
  return stored;
}

/** One address; the delivery pipeline calls this with hard_bounce / complaint and the message. */
export async function suppress(
  db: Pick<Db, "execute">,
  accountId: string,
  address: string,
  reason: SuppressionReason,
  emailId: string | null = null,
): Promise<SuppressionReason> {
  const stored = await suppressMany(db, accountId, [address], reason, emailId);
  return stored.get(storedForm(address) ?? "") ?? reason;
}
