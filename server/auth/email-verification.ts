import { sql } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { config } from "../config";
import { database } from "../db/client";
import { readSignedPayload, signPayload } from "../crypto/signed-token";
import { mailLink } from "./link-mail";
import { passwordStamp, passwordStampSql } from "./password-stamp";
import { authSettings } from "./settings";

/**
 * Proof that a dashboard sign-up reads its mailbox. The link carries a signed, expiring
 * token naming the account, the address and a stamp of the password set by the sign-up
 * that asked for it; following it sets `accounts.email_verified_at` once.
 */
const PURPOSE = "email-verification";

export interface PendingOwner {
  accountId: string;
  email: string;
  passwordHash: string;
}

/**
 * A later sign-up of the same unverified address replaces the password, and the password's
 * stamp (server/auth/password-stamp.ts) voids the earlier links: no link can confirm an
 * account whose password someone else set.
 */
export function verificationToken(owner: PendingOwner, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + authSettings.verificationTtlSeconds();
  return signPayload(PURPOSE, { a: owner.accountId, e: owner.email.toLowerCase(), p: passwordStamp(owner.passwordHash), x: expires });
}

export const verificationUrl = (token: string) => `${config().appUrl}/verify-email?token=${token}`;

/** Queues the link to the account's signup email through the service's own sending path. */
export async function sendVerificationEmail(owner: PendingOwner): Promise<void> {
  const hours = Math.round(authSettings.verificationTtlSeconds() / 3600);
  const url = verificationUrl(verificationToken(owner));
  await mailLink(owner.email, "verification", url, {
    subject: "Confirm your email address for Posthaste",
    text: [
      `Someone (we hope you) created a Posthaste account with ${owner.email}.`,
      "",
      "Confirm the address by opening this link:",
      url,
      "",
      `The link works once and expires in ${hours >= 1 ? `${hours} hours` : "less than an hour"}. Then sign in at ${config().appUrl}/sign-in.`,
      "If you did not sign up, ignore this message: nothing happens until the link is followed.",
    ].join("\n"),
  });
}

/**
 * Follows a link: "confirmed" the first time, "invalid" for a forged, expired, used or
 * superseded one. One statement, so two clicks at once confirm once.
 */
export async function confirmEmail(token: string, now = Date.now()): Promise<"confirmed" | "invalid"> {
  const p = readSignedPayload(PURPOSE, token);
  if (!p || typeof p.a !== "string" || typeof p.e !== "string" || typeof p.p !== "string" || typeof p.x !== "number") return "invalid";
  if (p.x * 1000 <= now) return "invalid";
  const { rows } = await database();
  const confirmed = await rows<{ id: string }>(sql`
    update accounts set email_verified_at = now()
    where id = ${p.a} and lower(email) = ${p.e} and email_verified_at is null
      and exists (select 1 from users u join memberships m on m.user_id = u.id
        where m.account_id = accounts.id and lower(u.email) = ${p.e} and ${passwordStampSql(sql`u.password_hash`)} = ${p.p})
    returning id`);
  if (confirmed.length === 0) return "invalid";
  await invalidateAccount(p.a);
  return "confirmed";
}

/** The owner of an address that still awaits confirmation, or null. */
export async function pendingOwner(email: string): Promise<PendingOwner | null> {
  const { rows } = await database();
  const [row] = await rows<{ account_id: string; email: string; password_hash: string }>(sql`
    select m.account_id, u.email, u.password_hash from users u
      join memberships m on m.user_id = u.id join accounts a on a.id = m.account_id
    where lower(u.email) = lower(${email.trim()}) and a.email_verified_at is null and u.password_hash is not null limit 1`);
  return row ? { accountId: row.account_id, email: row.email, passwordHash: row.password_hash } : null;
}
