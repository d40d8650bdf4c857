import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { isUuid } from "../lib/ids";
import { jsonColumn } from "../sending/columns";
import type { Rewrites } from "./schemas";

/**
 * Which of these messages of the account test mode rewrote, with the recipients the request
 * named (emails.rewritten_recipients). Dashboard-only: the /v1 shapes stay the reference's.
 * Ids of other accounts, or not ids at all, are simply absent from the answer.
 */
export async function readRewrites(accountId: string, ids: string[]): Promise<Rewrites> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return { data: [] };
  const { rows } = await database();
  const found = await rows<{ id: string; rewritten: unknown }>(sql`
    select id, rewritten_recipients as rewritten from emails
    where account_id = ${accountId} and id = any(${sql.param(wanted)}::text[]) and rewritten_recipients is not null`);
  return { data: found.map((r) => ({ id: r.id, rewrittenFrom: jsonColumn<string[]>(r.rewritten) })) };
}
