import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { parseAddress } from "../lib/email-address";
import { AccountError } from "./accounts";

/**
 * The account an operator names: by id (`--account`), or by address (`--email`): the account's
 * email, else (unless `membersToo` is false) the account whose member signs in with it. Any
 * spelling of the mailbox matches.
 */
export async function findAccountId(by: { account?: string; email?: string }, opts: { membersToo?: boolean } = {}): Promise<string> {
  const { rows } = await database();
  if (by.account !== undefined) {
    const [row] = await rows<{ id: string }>(sql`select id from accounts where id = ${by.account}`);
    if (!row) throw new AccountError(`no account ${by.account}`);
    return row.id;
  }
  const parsed = parseAddress(by.email ?? "");
  if (!parsed.ok) throw new AccountError(`"${by.email}" is not a valid email address: it ${parsed.reason}`);
  const email = parsed.value.address;
  const [row] = await rows<{ id: string }>(sql`
    select id from (
      select a.id, 0 as rank from accounts a where lower(a.email) = lower(${email})
      union all
      select m.account_id, 1 from users u join memberships m on m.user_id = u.id
      where lower(u.email) = lower(${email}) and ${opts.membersToo ?? true}::boolean
    ) found order by rank limit 1`);
  if (!row) throw new AccountError(`no account with email ${email}`);
  return row.id;
}

export interface AccountListing {
  id: string;
  email: string;
  plan: string;
  approved: boolean;
  paused: boolean;
  emailVerified: boolean;
  throttlePerDay: number | null;
  members: number;
  createdAt: string;
}

/** Every account, oldest first, for `accounts list`: the operator's view (ids, addresses, standing). */
export async function listAccounts(): Promise<AccountListing[]> {
  const { rows } = await database();
  const found = await rows<{
    id: string;
    email: string;
    plan: string;
    approved: boolean;
    paused: boolean;
    verified: boolean;
    throttle_per_day: number | null;
    members: number;
    created_at: string | Date;
  }>(sql`
    select a.id, a.email, a.plan, a.approved_at is not null as approved, a.paused_at is not null as paused,
      a.email_verified_at is not null as verified, a.throttle_per_day,
      (select count(*)::int from memberships m where m.account_id = a.id) as members, a.created_at
    from accounts a order by a.created_at, a.id`);
  return found.map((r) => ({
    id: r.id,
    email: r.email,
    plan: r.plan,
    approved: r.approved,
    paused: r.paused,
    emailVerified: r.verified,
    throttlePerDay: r.throttle_per_day,
    members: Number(r.members),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
