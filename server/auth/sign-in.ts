import { parseAddress } from "../lib/email-address";
import { MAX_PASSWORD_LENGTH } from "../limits/constants";
import { checkCredentials, type Credentials } from "./passwords";
import { countAttempt, uncountAttempt } from "./rate-limit";
import { authSettings } from "./settings";
import { nudgeUnverified } from "./sign-up";

/**
 * The one answer to every failed sign-in: unknown email, wrong password and an address
 * not yet confirmed read the same, so the form tells nobody which addresses have accounts.
 */
export const SIGN_IN_FAILED = "Wrong email or password, or the address is not confirmed yet (follow the link we emailed you).";
export const SIGN_IN_LIMITED = "Too many sign-in attempts. Wait a few minutes, then try again.";

export type SignInResult = { ok: true; user: Credentials } | { ok: false; reason: "invalid" | "rate_limited" };

const addressKey = (email: string) => `signin-fail:${email.trim().toLowerCase()}`;

/**
 * A dashboard sign-in, limited per client IP (every attempt counts) and per address (failures
 * count, unknown addresses too). A limited attempt never reaches the password check. The
 * address's count is taken before the check and given back when the password is right, so
 * parallel guesses cannot run past the limit.
 */
export async function attemptSignIn(input: { email: string; password: string; ip: string | null }): Promise<SignInResult> {
  if (input.ip !== null && !(await countAttempt(`signin-ip:${input.ip}`, authSettings.signInAttemptsPerIp())).allowed) {
    return { ok: false, reason: "rate_limited" };
  }
  // No account has an address the parser refuses or a password longer than sign-up allows:
  // such input (a megabyte of it, say) goes no further than the IP's count.
  if (!parseAddress(input.email).ok || input.password.length > MAX_PASSWORD_LENGTH) return { ok: false, reason: "invalid" };
  const key = addressKey(input.email);
  if (!(await countAttempt(key, authSettings.signInFailuresPerAddress())).allowed) return { ok: false, reason: "rate_limited" };
  const user = await checkCredentials(input.email, input.password);
  if (!user) return { ok: false, reason: "invalid" };
  await uncountAttempt(key);
  if (!user.verified) {
    // The owner may have lost the link: send another (within the address's mail limit).
    await nudgeUnverified(user);
    return { ok: false, reason: "invalid" };
  }
  return { ok: true, user };
}
