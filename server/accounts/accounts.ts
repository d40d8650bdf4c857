import { eq } from "drizzle-orm";
import { createApiKey } from "../auth/api-keys";
import { database } from "../db/client";
import { accounts } from "../db/schema";
import { newId } from "../lib/ids";
import { invalidateAccount } from "./account-cache";
import { isPlanName, PLAN_NAMES, type PlanName } from "./plans";

export class AccountError extends Error {}

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

export interface CreatedAccount {
  accountId: string;
  apiKey: string;
}

/** Listeners run after a plan change (domain and webhook parking hook in here). */
const planChangeListeners: Array<(accountId: string) => Promise<void>> = [];
export function onPlanChanged(listener: (accountId: string) => Promise<void>): void {
  planChangeListeners.push(listener);
}

export async function createAccount(opts: { email: string; plan: PlanName; approved: boolean }): Promise<CreatedAccount> {
  const email = opts.email.trim();
  if (!EMAIL.test(email)) throw new AccountError(`"${opts.email}" is not a valid email address`);
  const { db } = await database();
  const id = newId();
  const inserted = await db
    .insert(accounts)
    .values({ id, email, plan: opts.plan, approvedAt: opts.approved ? new Date() : null })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  if (inserted.length === 0) throw new AccountError(`an account with email ${email} already exists`);
  const key = await createApiKey(id, "Default", "full");
  return { accountId: id, apiKey: key.key };
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
  for (const listener of planChangeListeners) await listener(accountId);
}

export const approveAccount = (accountId: string) => update(accountId, { approvedAt: new Date() });
export const pauseAccount = (accountId: string) => update(accountId, { pausedAt: new Date() });
export const resumeAccount = (accountId: string) => update(accountId, { pausedAt: null });

export function throttleAccount(accountId: string, perDay: number): Promise<void> {
  if (!Number.isInteger(perDay) || perDay < 0) throw new AccountError("--per-day must be a non-negative integer");
  return update(accountId, { throttlePerDay: perDay });
}

export const unthrottleAccount = (accountId: string) => update(accountId, { throttlePerDay: null });
