import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { isUuid } from "../lib/ids";
import { publicStatus } from "../sending/public-status";
import type { EmailStatuses } from "./schemas";

/**
 * The public status of each of these messages of the account (the list's live refresh asks
 * while any it shows is in flight): primary-key reads. Other accounts' ids, and text that
 * is no id, are simply absent.
 */
export async function readEmailStatuses(accountId: string, ids: string[]): Promise<EmailStatuses> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return { data: [] };
  const { rows } = await database();
  const found = await rows<{ id: string; status: string }>(sql`
    select id, status from emails where account_id = ${accountId} and id = any(${sql.param(wanted)}::text[])`);
  return { data: found.map((r) => ({ id: r.id, status: publicStatus(r.status) })) };
}
