import { eq, sql } from "drizzle-orm";
import { database } from "../db/client";
import { accounts, memberships, users } from "../db/schema";
import { parseAddress } from "../lib/email-address";
import { MAX_PASSWORD_LENGTH } from "../limits/constants";
import type { MemberRole } from "../team/schemas";
import { dummyHash, verifyPassword } from "./passwords";
import { isKnownClient, rememberClient } from "./known-clients";
import { countAttempt, forgetAttempts, uncountAttempt } from "./rate-limit";
import { authSettings } from "./settings";
import { nudgeUnverified } from "./sign-up";

export interface Credentials {
  userId: string;
  accountId: string;
  role: MemberRole;
  email: string;
  passwordHash: string;
  /** False until the signup email's link is followed (dashboard sign-ups). */
  verified: boolean;
}

/**
 * The user whose password this is, with the account they belong to, or null. An unknown
 * email, and a user who has not chosen a password yet, cost as long as a wrong password.
 */
export async function checkCredentials(email: string, password: string): Promise<Credentials | null> {
  const { db } = await database();
  const [user] = await db
    .select({
      userId: users.id,
      accountId: memberships.accountId,
      role: memberships.role,
      email: users.email,
      passwordHash: users.passwordHash,
      verifiedAt: accounts.emailVerifiedAt,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user?.passwordHash || !ok) return null;
  return {
    userId: user.userId,
    accountId: user.accountId,
    role: user.role,
    email: user.email,
    passwordHash: user.passwordHash,
    verified: user.verifiedAt !== null,
  };
}

/**
 * The one answer to every failed sign-in: unknown email, wrong password and an address
 * not yet confirmed read the same, so the form tells nobody which addresses have accounts.
 */
export const SIGN_IN_FAILED = "Wrong email or password, or the address is not confirmed yet (follow the link we emailed you).";
export const SIGN_IN_LIMITED = "Too many sign-in attempts. Wait a few minutes, then try again.";

export type SignInResult = { ok: true; user: Credentials } | { ok: false; reason: "invalid" | "rate_limited" };

/**
 * A sign-in's failure counts. Per address and client (IP, IPv6 /64; "?" where none is known):
 * a stranger's failures fill their own count, never the owner's. Per address over every client
 * not known to it (known-clients.ts): the ceiling that keeps one password hard to guess from many
 * addresses at once, which a known client is not held by. Checking a current password from a
 * signed-in session counts as its own client (`session`): a stolen session guesses no faster,
 * and locks nobody else out.
 */
export const failureKey = (address: string, client: string | null) => `signin-fail:${address}|${client ?? "?"}`;
const ceilingKey = (address: string) => `signin-ceiling:${address}`;

/**
 * A dashboard sign-in, limited per client IP (every attempt counts), per address and client
 * (failures count, unknown addresses too) and, unless the client signed in to this address
 * before, per address over all clients (AUTH_SIGNIN_CEILING). A limited attempt never
 * reaches the password check. Counts are taken before the check and given back when the
 * password is right, so parallel guesses cannot run past a limit.
 */
export async function attemptSignIn(input: { email: string; password: string; ip: string | null }): Promise<SignInResult> {
  if (input.ip !== null && !(await countAttempt(`signin-ip:${input.ip}`, authSettings.signInAttemptsPerIp())).allowed) {
    return { ok: false, reason: "rate_limited" };
  }
  // No account has an address the parser refuses or a password longer than sign-up allows:
  // such input (a megabyte of it, say) goes no further than the IP's count.
  const parsed = parseAddress(input.email);
  if (!parsed.ok || input.password.length > MAX_PASSWORD_LENGTH) return { ok: false, reason: "invalid" };
  // Every spelling of one mailbox (case, fullwidth letters, IDN) shares one count and one account.
  const address = parsed.value.address;
  const key = failureKey(address, input.ip);
  if (!(await countAttempt(key, authSettings.signInFailuresPerAddress())).allowed) return { ok: false, reason: "rate_limited" };
  const known = input.ip !== null && (await isKnownClient(address, input.ip));
  if (!known && !(await countAttempt(ceilingKey(address), authSettings.signInCeilingPerAddress())).allowed) {
    return { ok: false, reason: "rate_limited" };
  }
  const user = await checkCredentials(address, input.password);
  if (!user) return { ok: false, reason: "invalid" };
  await uncountAttempt(key);
  if (!known) await uncountAttempt(ceilingKey(address));
  if (!user.verified) {
    // The owner may have lost the link: send another (within the address's mail limit).
    await nudgeUnverified(user);
    return { ok: false, reason: "invalid" };
  }
  if (input.ip !== null) await rememberClient(user.userId, input.ip, user.passwordHash);
  return { ok: true, user };
}

/**
 * A password set through a link mailed to the address (or printed for the operator) proves
 * the mailbox: the address's failure counts are dropped, so its owner signs in at once
 * whatever strangers tried meanwhile.
 */
export async function forgetSignInFailures(address: string): Promise<void> {
  await forgetAttempts([ceilingKey(address)], [`signin-fail:${address}|`]);
}
