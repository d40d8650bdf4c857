import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { AccountError, createAccount } from "../accounts/accounts";
import { database } from "../db/client";
import { accounts, users } from "../db/schema";
import { parseAddress } from "../lib/email-address";
import { newId } from "../lib/ids";
import { listApiKeys, revokeApiKey } from "./api-keys";

/** scrypt parameters (N=2^15, r=8, p=1: OWASP's minimum for scrypt), kept in the hash so they can rise later. */
const PARAMS = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

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

/** Dashboard owners: sign-up makes an account on `free` plus its first user; sign-in checks the password. */
export class SignUpError extends Error {}

export async function registerOwner(input: { email: string; password: string }): Promise<{ userId: string; accountId: string; email: string }> {

  const email = input.email.trim();
  if (!parseAddress(email).ok) throw new SignUpError("Enter a valid email address.");
  if (input.password.length < MIN_PASSWORD_LENGTH) throw new SignUpError(`Use at least ${MIN_PASSWORD_LENGTH} characters for the password.`);
  if (input.password.length > MAX_PASSWORD_LENGTH) throw new SignUpError(`Use at most ${MAX_PASSWORD_LENGTH} characters for the password.`);
  const { db } = await database();
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  if (existing) throw new SignUpError("An account with this email already exists. Sign in instead.");
  const passwordHash = await hashPassword(input.password);
  let accountId: string;
  try {
    // Self-service sign-ups await the operator's review (`accounts approve`), as on Postmark.
    accountId = (await createAccount({ email, plan: "free", approved: false })).accountId;
  } catch (err) {
    if (err instanceof AccountError) throw new SignUpError("An account with this email already exists. Sign in instead.");
    throw err;
  }
  // createAccount makes a key for CLI users; a dashboard owner never saw its plaintext, so it goes.
  for (const key of await listApiKeys(accountId)) await revokeApiKey(accountId, key.id);
  const userId = newId();
  try {
    await db.insert(users).values({ id: userId, accountId, email, passwordHash });
  } catch (err) {
    await db.delete(accounts).where(eq(accounts.id, accountId));
    throw new SignUpError("An account with this email already exists. Sign in instead.", { cause: err });
  }
  return { userId, accountId, email };
}

export async function checkCredentials(email: string, password: string): Promise<{ userId: string; accountId: string; email: string } | null> {
  const { db } = await database();
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  return user && ok ? { userId: user.id, accountId: user.accountId, email: user.email } : null;
}
