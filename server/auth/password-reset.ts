import { sql } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { config } from "../config";
import { database } from "../db/client";
import { parseAddress } from "../lib/email-address";
import { newId } from "../lib/ids";
import { readExpiringPayload, signExpiringPayload } from "../crypto/signed-token";
import { lifetime, mailLink } from "./link-mail";
import { passwordStamp, passwordStampSql } from "./password-stamp";
import { assertNewPassword } from "./password-rules";
import { hashPassword } from "./passwords";
import { assertWithinLimit } from "./rate-limit";
import { isReservedAddress } from "./reserved-addresses";
import { authSettings } from "./settings";
import { forgetSignInFailures } from "./sign-in";
import { signUpIpKey } from "./sign-up";

/**
 * Password links: "forgot password" mails one, and `accounts create` / `accounts sign-in-link`
 * print one for an owner who has no password yet. The token is signed, expires after
 * PASSWORD_RESET_TTL and names the user and the stamp of the password it was made against;
 * setting a password changes the stamp, so a link works once, and any other password change
 * voids it.
 */
const PURPOSE = "password";

/** A link that no longer holds: forged, expired, used, or voided by a newer password. */
export const PASSWORD_LINK_INVALID = "This link has expired, has already been used, or a newer password replaced the one it was for.";

/** What every reset request is told, whatever the address. */
export const RESET_SENT = "If a Posthaste sign-in uses this address, we sent it a link to choose a new password. The link works once.";

export interface PasswordUser {
  id: string;
  email: string;
  passwordHash: string | null;
}

export function passwordLinkUrl(user: PasswordUser, now = Date.now()): string {
  const token = signExpiringPayload(
    PURPOSE,
    { u: user.id, p: passwordStamp(user.passwordHash) },
    authSettings.passwordResetTtlSeconds(),
    now,
  );
  return `${config().appUrl}/set-password?token=${token}`;
}

async function userByEmail(email: string): Promise<PasswordUser | null> {
  const { rows } = await database();
  const [row] = await rows<{ id: string; email: string; password_hash: string | null }>(sql`
    select u.id, u.email, u.password_hash from users u
    where lower(u.email) = lower(${email}) and exists (select 1 from memberships m where m.user_id = u.id) limit 1`);
  return row ? { id: row.id, email: row.email, passwordHash: row.password_hash } : null;
}

/**
 * Reset mails per address have a count of their own (AUTH_MAILS_PER_ADDRESS): only reset mails
 * fill it, and each carries a working link to the address's own inbox, so a stranger who asks
 * for resets in an owner's name cannot keep the owner from one (what they fill the count with
 * is links the owner can use). Other mail the forms cause cannot fill it.
 */
const resetMailKey = (address: string) => `reset-mail:${address}`;

/**
 * "Forgot password": mails a link to the address when a user signs in with it, and nothing
 * otherwise; the caller answers RESET_SENT either way. Limited like sign-up: per client IP
 * (the public forms' shared count) and per address (resetMailKey). Sign-in limits never
 * stand in its way.
 */
export async function requestPasswordReset(input: { email: string; ip: string | null }): Promise<void> {
  const parsed = parseAddress(input.email);
  if (!parsed.ok) return;
  const email = parsed.value.address;
  await assertWithinLimit(signUpIpKey(input.ip), authSettings.signUpsPerIp());
  await assertWithinLimit(resetMailKey(email), authSettings.mailsPerAddress());
  if (isReservedAddress(email)) return;
  const user = await userByEmail(email);
  if (!user) return;
  const url = passwordLinkUrl(user);
  await mailLink(user.email, "password reset", url, {
    subject: "Choose a new Posthaste password",
    text: [
      `Someone (we hope you) asked to choose a new password for the Posthaste sign-in ${user.email}.`,
      "",
      "Choose it by opening this link:",
      url,
      "",
      `The link works once and expires in ${lifetime(authSettings.passwordResetTtlSeconds())}. Choosing a new password signs out every session.`,
      "If you did not ask, ignore this message: your password stays as it is.",
    ].join("\n"),
  });
}

/** The user a password link is for while it is valid (signed, not expired, not used), or null. */
export async function readPasswordLink(token: string, now = Date.now()): Promise<{ email: string } | null> {
  const p = readExpiringPayload(PURPOSE, token, now);
  if (!p || typeof p.u !== "string" || typeof p.p !== "string") return null;
  const { rows } = await database();
  const [row] = await rows<{ email: string }>(sql`
    select email from users u where u.id = ${p.u} and ${passwordStampSql(sql`u.password_hash`)} = ${p.p}`);
  return row ? { email: row.email } : null;
}

/**
 * Sets the password a link is for, once: "invalid" for a forged, expired, used or superseded
 * link. Following a link mailed to the address (or printed for the operator, who vouches for
 * it) proves it, so an owner's unconfirmed account email counts as confirmed too. One
 * statement, so two submissions at once set one password. Throws validation_error for a
 * password the rules refuse.
 */
export async function setPasswordWithLink(token: string, password: string, now = Date.now()): Promise<{ email: string } | "invalid"> {
  const p = readExpiringPayload(PURPOSE, token, now);
  if (!p || typeof p.u !== "string" || typeof p.p !== "string") return "invalid";
  assertNewPassword(password);
  const passwordHash = await hashPassword(password);
  const { rows } = await database();
  const [row] = await rows<{ email: string; verified: string[] | null }>(sql`
    with changed as (
      update users set password_hash = ${passwordHash}
      where id = ${p.u} and ${passwordStampSql(sql`password_hash`)} = ${p.p}
      returning id, email
    ),
    verified as (
      update accounts set email_verified_at = now()
      from memberships m, changed
      where m.user_id = changed.id and accounts.id = m.account_id and lower(accounts.email) = lower(changed.email)
        and accounts.email_verified_at is null
      returning accounts.id
    )
    select changed.email, (select array_agg(id) from verified) as verified from changed`);
  if (!row) return "invalid";
  for (const accountId of row.verified ?? []) await invalidateAccount(accountId);
  const address = parseAddress(row.email);
  await forgetSignInFailures(address.ok ? address.value.address : row.email.toLowerCase());
  return { email: row.email };
}

/**
 * The operator's way into an account's dashboard (`accounts create`, `accounts sign-in-link`):
 * a password link for the owner whose address is the account's email, made first (without a
 * password) if the account has no such user, as accounts made before users existed have not.
 * Single statements, so it works through a running server's embedded-database socket. Null
 * when that address already signs in to another account.
 */
export async function ownerSignInLink(accountId: string): Promise<{ email: string; url: string } | null> {
  const { rows } = await database();
  const [account] = await rows<{ email: string }>(sql`select email from accounts where id = ${accountId}`);
  // The platform's notice account (SYSTEM_SENDER) has no dashboard: whoever signed in to it would hold every notice.
  if (!account || isReservedAddress(account.email)) return null;
  await rows(sql`
    with account as (
      select a.id, a.email from accounts a where a.id = ${accountId}
        and not exists (select 1 from users u where lower(u.email) = lower(a.email))
    ),
    owner_user as (
      insert into users (id, email) select ${newId()}, account.email from account on conflict do nothing returning id
    )
    insert into memberships (account_id, user_id, role) select account.id, owner_user.id, 'owner' from account, owner_user`);
  const [owner] = await rows<{ id: string; email: string; password_hash: string | null }>(sql`
    select u.id, u.email, u.password_hash from accounts a
      join users u on lower(u.email) = lower(a.email)
      join memberships m on m.user_id = u.id and m.account_id = a.id and m.role = 'owner'
    where a.id = ${accountId}`);
  if (!owner) return null;
  return { email: owner.email, url: passwordLinkUrl({ id: owner.id, email: owner.email, passwordHash: owner.password_hash }) };
}
