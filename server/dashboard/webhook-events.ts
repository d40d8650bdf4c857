import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { isUuid } from "../lib/ids";
import { bodyOf } from "../webhooks/deliver";
import type { WebhookEventBodies } from "./schemas";

/**
 * The bodies of these events of the account, exactly as every attempt to deliver one
 * POSTs it (the delivery task's own rendering), and whether each was a test: the delivery
 * log shows them beside each attempt's answer.
 */
export async function readEventBodies(accountId: string, ids: string[]): Promise<WebhookEventBodies> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return { data: [] };
  const { rows } = await database();
  const found = await rows<{ id: string; test: boolean; payload: Parameters<typeof bodyOf>[0] }>(sql`
    select id, test, payload from webhook_events where account_id = ${accountId} and id = any(${sql.param(wanted)}::text[])`);
  return {
    data: found.map((r) => ({ id: r.id, test: Boolean(r.test), body: bodyOf(r.payload) })),
  };
}
