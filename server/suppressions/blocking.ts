import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { preparedRows } from "../sending/statement";

/**
 * Which recipients of a send the suppression list blocks: `hard_bounce`, `complaint`
 * and `manual` block all mail, `unsubscribe` only `bulk: true` sends. Read from the
 * table on every send (never cached) so a removal takes effect immediately.
 */
export interface BlockedRecipient {
  address: string;
  reason: string;
}

/** The rule as a query; `addresses` are lower-cased bare addresses. */
export function blockedRecipientsQuery(accountId: string, addresses: string[], bulk: boolean): SQL {
  return sql`select address, reason from suppressions
    where account_id = ${accountId}
      and address = any(${sql.param(addresses)}::text[])
      and (reason <> 'unsubscribe' or ${bulk}::boolean)`;
}

/**
 * For a batch in one query: the blocked recipients among the addresses of its bulk
 * sends and among those of its other sends (the caller maps them back to entries).
 */
export async function blockedForBatch(d: Database, accountId: string, bulkAddresses: string[], otherAddresses: string[]): Promise<{ bulk: Map<string, string>; other: Map<string, string> }> {
  const parts: SQL[] = [];
  if (bulkAddresses.length) parts.push(sql`select true as bulk, b.* from (${blockedRecipientsQuery(accountId, bulkAddresses, true)}) b`);
  if (otherAddresses.length) parts.push(sql`select false as bulk, b.* from (${blockedRecipientsQuery(accountId, otherAddresses, false)}) b`);
  const result = { bulk: new Map<string, string>(), other: new Map<string, string>() };
  if (parts.length === 0) return result;
  const rows = await preparedRows<BlockedRecipient & { bulk: boolean }>(d, sql.join(parts, sql` union all `));
  for (const r of rows) (r.bulk ? result.bulk : result.other).set(r.address, r.reason);
  return result;
}

export function suppressedMessage(blocked: BlockedRecipient[]): string {
  blocked = [...blocked].sort((a, b) => a.address.localeCompare(b.address));
  return `Suppressed recipients: ${blocked.map((b) => `${b.address} (${b.reason})`).join(", ")}.`;
}
