import { eq, sql } from "drizzle-orm";
import { generateApiKey } from "../auth/api-key-format";
import { isReservedAddress } from "../auth/reserved-addresses";
import { database } from "../db/client";
import { accounts } from "../db/schema";
import { parseAddress } from "../lib/email-address";
import { newId } from "../lib/ids";
import { applyPlanParking, waitForPlanParking } from "./plan-parking";
import { invalidateAccount } from "./account-cache";
import { isPlanName, PLAN_NAMES, type PlanName } from "./plans";

export class AccountError extends Error {}

export interface CreatedAccount {
  accountId: string;
  apiKey: string;
  /**
   * The account's owner: a user with the account's email and no password yet (the CLI prints
   * a link to choose one; a sign-up sets it at once). Null when that address already signs in
   * to another account (one account per user).
   */
  ownerUserId: string | null;
}

/**
 * The account, its first ("Default", full) key and its owner (a user without a password,
 * member with role owner), who is recorded as the key's creator, in one statement: the CLI may be talking to a running server's
 * embedded database, where only single statements are isolated from the server's own work.
 * The email counts as verified (the operator vouches for it) unless `emailVerified: false`
 * says otherwise, as a dashboard sign-up does.
 */
export async function createAccount(opts: {
  email: string;
  plan: PlanName;
  approved: boolean;
  emailVerified?: boolean;
}): Promise<CreatedAccount> {
  const parsed = parseAddress(opts.email);
  if (!parsed.ok) throw new AccountError(`"${opts.email}" is not a valid email address: it ${parsed.reason}`);
  const email = parsed.value.address;
  // The platform's notice account is found by SYSTEM_SENDER: whoever held it would read every owner's notices.
  if (isReservedAddress(email)) throw new AccountError(`${email} is one of the service's own sender addresses; use another`);
  const { rows } = await database();
  const id = newId();
  const key = generateApiKey();
  const inserted = await rows<{ id: string; owner: string | null }>(sql`
    with account as (
      insert into accounts (id, email, plan, approved_at, email_verified_at)
      values (${id}, ${email}, ${opts.plan}, ${opts.approved ? new Date().toISOString() : null}::timestamptz,
        ${opts.emailVerified === false ? null : new Date().toISOString()}::timestamptz)
      on conflict do nothing
      returning id
    ),
    owner_user as (
      insert into users (id, email) select ${newId()}, ${email} from account
      on conflict do nothing
      returning id
    ),
    first_key as (
      insert into api_keys (id, account_id, name, scope, key_hash, last4, created_by_user_id)
      select ${newId()}, account.id, 'Default', 'full', ${key.hash}, ${key.last4}, owner_user.id from account left join owner_user on true
      returning account_id
    ),
    owner_member as (
      insert into memberships (account_id, user_id, role) select account.id, owner_user.id, 'owner' from account, owner_user
      returning user_id
    )
    select first_key.account_id as id, (select user_id from owner_member) as owner from first_key`);
  if (inserted.length === 0) throw new AccountError(`an account with email ${email} already exists`);
  return { accountId: id, apiKey: key.plaintext, ownerUserId: inserted[0].owner };
}

async function update(accountId: string, values: Partial<typeof accounts.$inferInsert>): Promise<void> {
  const { db } = await database();
  const rows = await db.update(accounts).set(values).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
  if (rows.length === 0) throw new AccountError(`no account ${accountId}`);
  await invalidateAccount(accountId);
}

export async function setPlan(accountId: string, plan: string): Promise<void> {
  if (!isPlanName(plan)) throw new AccountError(`unknown plan "${plan}" (one of ${PLAN_NAMES.join(", ")})`);
  await update(accountId, { plan });
  // Parks (or brings back) domains and webhook endpoints past the new plan's allowance.
  // Through a running server's embedded-database socket, the server does it on the
  // notification instead (parking is a multi-statement transaction); the command waits for it.
  if ((await database()).kind !== "pglite-socket") await applyPlanParking(accountId);
  else await waitForPlanParking(accountId);
}

export const approveAccount = (accountId: string) => update(accountId, { approvedAt: new Date() });
export const pauseAccount = (accountId: string) => update(accountId, { pausedAt: new Date() });
export const resumeAccount = (accountId: string) => update(accountId, { pausedAt: null });

export function throttleAccount(accountId: string, perDay: number): Promise<void> {
  if (!Number.isInteger(perDay) || perDay < 0) throw new AccountError("--per-day must be a non-negative integer");
  return update(accountId, { throttlePerDay: perDay });
}

export const unthrottleAccount = (accountId: string) => update(accountId, { throttlePerDay: null });
