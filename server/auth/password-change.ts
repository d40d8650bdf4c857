import { and, eq } from "drizzle-orm";
import { config } from "../config";
import { database } from "../db/client";
import { users } from "../db/schema";
import { validationError } from "../errors";
import { parseAddress } from "../lib/email-address";
import { MAX_PASSWORD_LENGTH } from "../limits/constants";
import { sendNotice } from "../notices/send";
import { assertNewPassword } from "./password-rules";
import { dummyHash, hashPassword, verifyPassword } from "./passwords";
import { countAttempt, TooManyAttempts, uncountAttempt } from "./rate-limit";
import type { SessionMember } from "./session-member";
import { authSettings } from "./settings";
import { failureKey } from "./sign-in";

export const WRONG_PASSWORD = "The current password is wrong.";

/**
 * The signed-in user's current password, checked under the sign-in limit of their address
 * for one client, sessions being that client (taken before the check and given back when it
 * is right), so a stolen session cannot guess it faster than one client at the sign-in form,
 * nor fill anyone else's count. Returns the hash.
 */
export async function checkCurrentPassword(member: SessionMember, password: string): Promise<string> {
  const parsed = parseAddress(member.email);
  const key = failureKey(parsed.ok ? parsed.value.address : member.email.toLowerCase(), "session");
  const verdict = await countAttempt(key, authSettings.signInFailuresPerAddress());
  if (!verdict.allowed) throw new TooManyAttempts(verdict.retryAfterSeconds);
  const { db } = await database();
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, member.userId)).limit(1);
  const ok = password.length <= MAX_PASSWORD_LENGTH && (await verifyPassword(password, user?.passwordHash ?? (await dummyHash())));
  if (!user?.passwordHash || !ok) throw validationError(WRONG_PASSWORD);
  await uncountAttempt(key);
  return user.passwordHash;
}

/**
 * Changes the signed-in user's password: the current one first. The session stamp changes with
 * it, so every session (this one too) is signed out; the user is told by mail.
 */
export async function changePassword(member: SessionMember, input: { current: string; next: string }): Promise<void> {
  assertNewPassword(input.next);
  const oldHash = await checkCurrentPassword(member, input.current);
  const passwordHash = await hashPassword(input.next);
  const { db } = await database();
  // Only over the hash just checked: a change that raced this one wins, and this one reports it.
  const changed = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, member.userId), eq(users.passwordHash, oldHash)))
    .returning({ email: users.email });
  if (changed.length === 0) throw validationError("Your password changed meanwhile. Sign in again and retry.");
  await sendNotice(db, changed[0].email, {
    subject: "Your Posthaste password was changed",
    text: [
      `The password of the Posthaste sign-in ${changed[0].email} was changed, and every session was signed out.`,
      "",
      `If it was not you, choose a new password at ${config().appUrl}/forgot-password at once.`,
    ].join("\n"),
  });
}
