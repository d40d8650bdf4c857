import { sql, type SQL } from "drizzle-orm";

/**
 * Which recipients of a send the suppression list blocks: `hard_bounce`, `complaint`
 * and `manual` block all mail, `unsubscribe` only `bulk: true` sends. Read from the
 * table on every send (never cached) so a removal takes effect immediately.
 */
export interface BlockedRecipient {
  address: string;
  reason: string;
}

/** The recipients of a set of messages, lower-cased bare addresses: all of them, and those of bulk sends. */
export interface RecipientSet {
  all: string[];
  bulk: string[];
}

/**
 * The rule as a query over a set of messages: an address's suppression counts when its
 * reason blocks all mail or the address is a recipient of a bulk send.
 */
export function blockedRecipientsQuery(accountId: string, recipients: RecipientSet): SQL {
  return sql`select address, reason from suppressions
    where account_id = ${accountId}
      and address = any(${sql.param(recipients.all)}::text[])
      and (reason <> 'unsubscribe' or address = any(${sql.param(recipients.bulk)}::text[]))`;
}

/** The hits among one message's recipients, given what the query found for its set. */
export function blockedFor(recipients: string[], bulk: boolean, found: Map<string, string>): BlockedRecipient[] {
  return recipients.flatMap((address) => {
    const reason = found.get(address);
    return reason && (bulk || reason !== "unsubscribe") ? [{ address, reason }] : [];
  });
}

export function suppressedMessage(blocked: BlockedRecipient[]): string {
  blocked = [...blocked].sort((a, b) => a.address.localeCompare(b.address));
  return `Suppressed recipients: ${blocked.map((b) => `${b.address} (${b.reason})`).join(", ")}.`;
}
