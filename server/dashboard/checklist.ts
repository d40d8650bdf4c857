import { sql } from "drizzle-orm";
import { database } from "../db/client";
import type { Checklist } from "./schemas";

/**
 * The onboarding steps, read off the account's own rows (no stored flags): each an EXISTS on
 * an index led by account_id, so the answer costs the same at any size. A revoked key was
 * still created, and any message counts as the first one sent.
 */
export async function readChecklist(accountId: string): Promise<Checklist> {
  const { rows } = await database();
  const [row] = await rows<Record<keyof Checklist, boolean>>(sql`select
    exists (select 1 from api_keys where account_id = ${accountId}) as "apiKeyCreated",
    exists (select 1 from emails where account_id = ${accountId}) as "emailSent",
    exists (select 1 from domains where account_id = ${accountId}) as "domainAdded",
    exists (select 1 from domains where account_id = ${accountId} and status = 'verified') as "domainVerified",
    exists (select 1 from webhook_endpoints where account_id = ${accountId}) as "webhookAdded"`);
  return {
    apiKeyCreated: Boolean(row.apiKeyCreated),
    emailSent: Boolean(row.emailSent),
    domainAdded: Boolean(row.domainAdded),
    domainVerified: Boolean(row.domainVerified),
    webhookAdded: Boolean(row.webhookAdded),
  };
}
