import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { database } from "../db/client";
import { accounts, users } from "../db/schema";
import { parseAddress } from "../lib/email-address";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../limits/constants";

/** scrypt parameters (N=2^15, r=8, p=1: OWASP's minimum for scrypt), kept in the hash so they can rise later. */
const PARAMS = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...opts, maxmem: 128 * opts.N! * opts.r! * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when no user matches, so a wrong email costs as long as a wrong password. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  return dummy;
}

/** The sign-up form refused: what to fix, never whether the address has an account. */
export class SignUpError extends Error {}

/** The sign-up form's fields, checked: the trimmed email and the password. */
export function checkSignUpInput(input: { email: string; password: string }): { email: string; password: string } {
  const email = input.email.trim();
  if (!parseAddress(email).ok) throw new SignUpError("Enter a valid email address.");
  if (input.password.length < MIN_PASSWORD_LENGTH) throw new SignUpError(`Use at least ${MIN_PASSWORD_LENGTH} characters for the password.`);
  if (input.password.length > MAX_PASSWORD_LENGTH) throw new SignUpError(`Use at most ${MAX_PASSWORD_LENGTH} characters for the password.`);
  return { email, password: input.password };
}

export interface Credentials {
  userId: string;
  accountId: string;
  email: string;
  passwordHash: string;
  /** False until the signup email's link is followed (dashboard sign-ups). */
  verified: boolean;
}

/** The user whose password this is, or null; an unknown email costs as long as a wrong password. */
export async function checkCredentials(email: string, password: string): Promise<Credentials | null> {
  const { db } = await database();
  const [user] = await db
    .select({ userId: users.id, accountId: users.accountId, email: users.email, passwordHash: users.passwordHash, verifiedAt: accounts.emailVerifiedAt })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok) return null;
  return { userId: user.userId, accountId: user.accountId, email: user.email, passwordHash: user.passwordHash, verified: user.verifiedAt !== null };
}
