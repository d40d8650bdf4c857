import { eq, sql } from "drizzle-orm";
import { AccountError, createAccount, type CreatedAccount } from "../accounts/accounts";
import { config } from "../config";
import { database } from "../db/client";
import { accounts, users } from "../db/schema";
import { parseAddress } from "../lib/email-address";
import { sendNotice } from "../notices/send";
import { listApiKeys, revokeApiKey } from "./api-keys";
import { pendingOwner, sendVerificationEmail, type PendingOwner } from "./email-verification";
import { passwordProblem } from "./password-rules";
import { hashPassword } from "./passwords";
import { assertWithinLimit, countAttempt } from "./rate-limit";
import { isReservedAddress } from "./reserved-addresses";
import { authSettings } from "./settings";

/** What every accepted sign-up is told, whether the address was free or taken. */
export const CHECK_INBOX = "Check your inbox: we sent a link to confirm your address. Follow it, then sign in.";
/** What every resend request is told. */
export const RESEND_SENT = "If an account with this address is waiting for confirmation, a new link is on its way.";

/** Requests of the public forms (sign-up, new link, password reset) per client IP share one count. */
export const signUpIpKey = (ip: string | null) => (ip === null ? null : `signup-ip:${ip}`);
/** Mail the public forms send to one address is limited, so they cannot be used to flood it. */
export const mailKey = (email: string) => `mail:${email.trim().toLowerCase()}`;

/** The sign-up form refused: what to fix, never whether the address has an account. */
export class SignUpError extends Error {}

/**
 * The sign-up form's fields, checked: the email in the parser's canonical form (so every
 * spelling of one mailbox — case, fullwidth letters, IDN — is one account and one set of
 * limits) and the password.
 */
export function checkSignUpInput(input: { email: string; password: string }): { email: string; password: string } {
  const parsed = parseAddress(input.email);
  if (!parsed.ok) throw new SignUpError("Enter a valid email address.");
  const email = parsed.value.address;
  const problem = passwordProblem(input.password);
  if (problem) throw new SignUpError(problem);
  return { email, password: input.password };
}

/**
 * A dashboard sign-up. Answers the same whether or not the address has an account
 * (CHECK_INBOX): a free address gets a `free` account awaiting review and confirmation, and
 * a verification link; an address whose sign-up was never confirmed gets the new password
 * and a fresh link (an unconfirmed sign-up holds nothing yet, and must not squat the address);
 * a confirmed or operator-made account is left as it is and its owner is told someone tried.
 * Throws SignUpError for a form to fix and TooManyAttempts past a limit.
 */
export async function signUpOwner(input: { email: string; password: string; ip: string | null }): Promise<void> {
  const { email, password } = checkSignUpInput(input);
  if (isReservedAddress(email)) throw new SignUpError("This address belongs to the service itself. Sign up with your own address.");
  await assertWithinLimit(signUpIpKey(input.ip), authSettings.signUpsPerIp());
  await assertWithinLimit(mailKey(email), authSettings.mailsPerAddress());
  // Hashed before the look-up, so a taken address takes as long to answer as a free one.
  const passwordHash = await hashPassword(password);
  const created = await createOwner(email, passwordHash);
  if (created) return sendVerificationEmail(created);
  const pending = await replacePendingPassword(email, passwordHash);
  if (pending) return sendVerificationEmail(pending);
  await tellOwnerSomeoneTried(email);
}

/** Asks for a new verification link; answers RESEND_SENT whatever the address. Limited like sign-up. */
export async function resendVerification(input: { email: string; ip: string | null }): Promise<void> {
  const parsed = parseAddress(input.email);
  // No account has an address the parser refuses: the same answer, and nothing stored.
  if (!parsed.ok) return;
  input = { ...input, email: parsed.value.address };
  await assertWithinLimit(signUpIpKey(input.ip), authSettings.signUpsPerIp());
  await assertWithinLimit(mailKey(input.email), authSettings.mailsPerAddress());
  const owner = await pendingOwner(input.email);
  if (owner) await sendVerificationEmail(owner);
}

/** Sends a fresh link unless the address has had its share of mail: the sign-in of an unconfirmed owner. */
export async function nudgeUnverified(owner: PendingOwner): Promise<void> {
  if ((await countAttempt(mailKey(owner.email), authSettings.mailsPerAddress())).allowed) await sendVerificationEmail(owner);
}

/** The account (plan `free`, awaiting review, email unverified) and its owner; null when the address is taken. */
async function createOwner(email: string, passwordHash: string): Promise<PendingOwner | null> {
  let created: CreatedAccount;
  try {
    // Self-service sign-ups await the operator's review (`accounts approve`), as on Postmark.
    created = await createAccount({ email, plan: "free", approved: false, emailVerified: false });
  } catch (err) {
    if (err instanceof AccountError) return null;
    throw err;
  }
  const { accountId, ownerUserId } = created;
  const { db } = await database();
  if (!ownerUserId) {
    // The address already signs in to another account (as a member): this account goes, that user is told.
    await db.delete(accounts).where(eq(accounts.id, accountId));
    return null;
  }
  // createAccount makes a key for CLI users; a dashboard owner never saw its plaintext, so it goes.
  for (const key of await listApiKeys(accountId)) await revokeApiKey(accountId, key.id);
  await db.update(users).set({ passwordHash }).where(eq(users.id, ownerUserId));
  return { accountId, email, passwordHash };
}

/** The new password on a user whose account is still unconfirmed (in one statement, so a confirmation cannot slip between). */
async function replacePendingPassword(email: string, passwordHash: string): Promise<PendingOwner | null> {
  const { rows } = await database();
  const [row] = await rows<{ account_id: string; email: string }>(sql`
    update users set password_hash = ${passwordHash}
    from memberships m join accounts a on a.id = m.account_id
    where lower(users.email) = lower(${email}) and m.user_id = users.id and a.email_verified_at is null
    returning m.account_id, users.email`);
  return row ? { accountId: row.account_id, email: row.email, passwordHash } : null;
}

/** The address signs in already (or is an account's email): its owner hears that someone tried, and how to get in. */
async function tellOwnerSomeoneTried(email: string): Promise<void> {
  const { db, rows } = await database();
  const [known] = await rows<{ known: boolean }>(sql`
    select exists (select 1 from users where lower(email) = lower(${email}))
      or exists (select 1 from accounts where lower(email) = lower(${email})) as known`);
  if (!known?.known) return;
  const appUrl = config().appUrl;
  await sendNotice(db, email, {
    subject: "Someone tried to sign up to Posthaste with your address",
    text: [
      `Someone (perhaps you) tried to create a Posthaste account with ${email}, which already has one. Nothing was changed.`,
      "",
      `If it was you, sign in at ${appUrl}/sign-in instead.`,
      `No password yet, or forgotten it? Choose a new one at ${appUrl}/forgot-password.`,
      "If it was not you, you can ignore this message; your account and password are as they were.",
    ].join("\n"),
  });
}
