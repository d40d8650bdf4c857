import { sql } from "drizzle-orm";
import { forgetKeys } from "../auth/authenticate";
import { database } from "../db/client";
import { lockDomainName } from "../db/locks";
import { endClaimIn } from "../domains/claims";
import { releaseNow } from "../domains/releases";
import { rows } from "../db/rows";
import { validationError } from "../errors";
import { invalidateAccount, type Account } from "./account-cache";

/** What the owner types to confirm: the account's email address (any case). */
export const deleteConfirmationMatches = (account: Pick<Account, "email">, typed: string) =>
  typed.trim().toLowerCase() === account.email.trim().toLowerCase();

/**
 * Deletes an account for good, once its owner has typed its email address. First its keys are
 * revoked on their own and every process drops its cached copies (the account invalidation
 * path: NOTIFY, or cache_invalidations through the embedded socket), so the next /v1 call with
 * any of them is 401 whatever follows. Then, in one transaction: its users (one account per
 * user, so they have no other), its received mail (attachments go with it), its messages'
 * content and timelines, its messages (their sink copies go with them; a
 * message in the middle of its hand-off still goes out, and its outcome finds no row to record
 * on), its domains (each name's upstream identity is released when no other live claim of it
 * remains: at once, else by the release task until the provider confirms, so no later claim
 * inherits it), the account row, whose foreign keys take keys, suppressions, webhook endpoints
 * and their delivery logs, usage counters, the rate bucket, memberships and invitations with
 * it, and its webhook events. Mail the service sent the owners (notices) stays in the
 * platform account's log like any other sent mail.
 */
export async function deleteAccount(account: Account, confirmation: string): Promise<{ id: string; deleted: true }> {
  if (!deleteConfirmationMatches(account, confirmation)) {
    throw validationError(`To delete the account, type its email address (${account.email}) exactly.`);
  }
  const { db } = await database();
  const revoked = await rows<{ id: string }>(
    db,
    sql`update api_keys set revoked_at = now() where account_id = ${account.id} and revoked_at is null returning id`,
  );
  forgetKeys(revoked.map((r) => r.id));
  await invalidateAccount(account.id);
  const released = await db.transaction(async (tx) => {
    const claims = await rows<{ id: string; name: string; provider: string }>(
      tx,
      sql`select id, name, provider from domains where account_id = ${account.id} order by name`,
    );
    // Names in order: the same locks an add or a check of each name takes.
    for (const name of new Set(claims.map((c) => c.name))) await lockDomainName(tx, name);
    const names: string[] = [];
    for (const claim of claims) if ((await endClaimIn(tx, claim, { delete: true })).released) names.push(claim.name);
    await rows(tx, sql`delete from users u using memberships m where m.user_id = u.id and m.account_id = ${account.id}`);
    await rows(tx, sql`delete from inbound_emails where account_id = ${account.id}`);
    // Content, timelines and webhook events have no foreign key to cascade from (decision 0048).
    await rows(tx, sql`delete from email_contents c using emails e where e.id = c.email_id and e.account_id = ${account.id}`);
    await rows(tx, sql`delete from email_events t using emails e where e.id = t.email_id and e.account_id = ${account.id}`);
    await rows(tx, sql`delete from emails where account_id = ${account.id}`);
    await rows(tx, sql`delete from accounts where id = ${account.id}`);
    await rows(tx, sql`delete from webhook_events where account_id = ${account.id}`);
    return names;
  });
  await invalidateAccount(account.id);
  await releaseNow(released);
  return { id: account.id, deleted: true };
}
