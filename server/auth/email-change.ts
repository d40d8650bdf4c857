import { sql } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { config } from "../config";
import { database } from "../db/client";
import { isUniqueViolation } from "../db/pg-code";
import { validationError } from "../errors";
import { parseAddress } from "../lib/email-address";
import { readExpiringPayload, signExpiringPayload } from "../crypto/signed-token";
import { sendNotice } from "../notices/send";
import { lifetime, mailLink } from "./link-mail";
import { checkCurrentPassword } from "./password-change";
import { passwordStamp, passwordStampSql } from "./password-stamp";
import { assertWithinLimit } from "./rate-limit";
import { isReservedAddress } from "./reserved-addresses";
import type { SessionMember } from "./session-member";
import { authSettings } from "./settings";
import { mailKey } from "./sign-up";

/**
 * A user's new sign-in address: asked for with the current password, confirmed by a link
 * mailed to the new address (signed, expiring after EMAIL_VERIFICATION_TTL, naming the user,
 * the old address and the new one). Confirming changes the address once (the old address in
 * the token no longer matches after), tells the old address, and moves the account email
 * along when it was this owner's address (test mode and notices follow the owner).
 */
const PURPOSE = "email-change";

export const emailChangeSent = (email: string) =>
  `We sent a link to ${email}. Your sign-in address changes when it is followed; until then it stays as it is.`;

/** Whether another user signs in with the address, or another account has it as its email. */
async function addressTaken(email: string, userId: string): Promise<boolean> {
  const { rows } = await database();
  const [row] = await rows<{ taken: boolean }>(sql`
    select exists (select 1 from users where lower(email) = lower(${email}) and id <> ${userId})
      or exists (select 1 from accounts a where lower(a.email) = lower(${email})
        and not exists (select 1 from memberships m where m.account_id = a.id and m.user_id = ${userId})) as taken`);
  return row?.taken ?? false;
}

/**
 * Sends the confirmation link to the new address. The answer is the same whether or not the
 * address is free (emailChangeSent): a taken address is told so in its own inbox, so only its
 * owner learns it. Limited per new address (the public forms' mail count) and per user.
 */
export async function requestEmailChange(member: SessionMember, input: { email: string; password: string }): Promise<void> {
  const parsed = parseAddress(input.email);
  if (!parsed.ok) throw validationError("Enter a valid email address.");
  const email = parsed.value.address;
  if (isReservedAddress(email)) throw validationError("This address belongs to the service itself. Use your own address.");
  if (email.toLowerCase() === member.email.toLowerCase()) throw validationError("That is already your sign-in address.");
  const passwordHash = await checkCurrentPassword(member, input.password);
  await assertWithinLimit(`email-change:${member.userId}`, authSettings.signUpsPerIp());
  await assertWithinLimit(mailKey(email), authSettings.mailsPerAddress());
  const appUrl = config().appUrl;
  if (await addressTaken(email, member.userId)) {
    const { db } = await database();
    await sendNotice(db, email, {
      subject: "Your address was offered for a Posthaste sign-in",
      text: [
        `Someone signed in to Posthaste as ${member.email} asked to use ${email} as their sign-in address instead.`,
        "This address already has a Posthaste sign-in (or account), so nothing was changed.",
        "",
        `If you have lost your password, choose a new one at ${appUrl}/forgot-password.`,
      ].join("\n"),
    });
    return;
  }
  const token = signExpiringPayload(
    PURPOSE,
    // The password's stamp too: a password change or reset voids a pending link (someone who
    // knew the old password cannot hold one to move the sign-in after being locked out).
    { u: member.userId, f: member.email.toLowerCase(), t: email, p: passwordStamp(passwordHash) },
    authSettings.verificationTtlSeconds(),
  );
  const url = `${appUrl}/confirm-email-change?token=${token}`;
  await mailLink(email, "email change", url, {
    subject: "Confirm your new Posthaste sign-in address",
    text: [
      `Someone (we hope you) signed in to Posthaste as ${member.email} asked to sign in with ${email} from now on.`,
      "",
      "Confirm the new address by opening this link:",
      url,
      "",
      `The link works once and expires in ${lifetime(authSettings.verificationTtlSeconds())}. Until it is followed, nothing changes.`,
      "If you did not ask for this, ignore this message.",
    ].join("\n"),
  });
}

/** The change a link asks for while it is valid, or null (for the confirmation page). */
export function readEmailChangeLink(token: string, now = Date.now()): { from: string; to: string } | null {
  const p = readExpiringPayload(PURPOSE, token, now);
  if (!p || typeof p.u !== "string" || typeof p.f !== "string" || typeof p.t !== "string" || typeof p.p !== "string") return null;
  return { from: p.f, to: p.t };
}

/**
 * Follows a confirmation link: "changed" once, "invalid" for a forged, expired, used or
 * superseded link, or when the new address was taken meanwhile. One statement, so two
 * clicks at once change once.
 */
export async function confirmEmailChange(token: string, now = Date.now()): Promise<"changed" | "invalid"> {
  const p = readExpiringPayload(PURPOSE, token, now);
  if (!p || typeof p.u !== "string" || typeof p.f !== "string" || typeof p.t !== "string" || typeof p.p !== "string") return "invalid";
  const { u, f, t, p: stamp } = p as { u: string; f: string; t: string; p: string };
  if (await addressTaken(t, u)) return "invalid";
  const { db, rows } = await database();
  let changed: { n: number; accounts: string[] | null } | undefined;
  try {
    [changed] = await rows<{ n: number; accounts: string[] | null }>(sql`
      with changed as (
        update users set email = ${t}
        where id = ${u} and lower(email) = ${f} and ${passwordStampSql(sql`password_hash`)} = ${stamp}
        returning id
      ),
      moved as (
        update accounts set email = ${t}, email_verified_at = coalesce(email_verified_at, now())
        from memberships m, changed
        where m.user_id = changed.id and m.role = 'owner' and accounts.id = m.account_id and lower(accounts.email) = ${f}
        returning accounts.id
      )
      select (select count(*) from changed)::int as n, (select array_agg(id) from moved) as accounts`);
  } catch (err) {
    // The address was taken between the check and the update (a unique index refused it).
    if (isUniqueViolation(err)) return "invalid";
    throw err;
  }
  if (!changed || changed.n === 0) return "invalid";
  for (const accountId of changed.accounts ?? []) await invalidateAccount(accountId);
  await sendNotice(db, f, {
    subject: "Your Posthaste sign-in address was changed",
    text: [
      `The Posthaste sign-in ${f} now signs in as ${t} (confirmed from that address).`,
      "",
      `If it was not you, someone holds your session or password: reply to your operator, or choose a new password at ${config().appUrl}/forgot-password with the new address if you can read it.`,
    ].join("\n"),
  });
  return "changed";
}
