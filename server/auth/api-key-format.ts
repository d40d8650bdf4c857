import { hash, randomBytes } from "node:crypto";

const PREFIX = "ph_";
/** `ph_` + 32 random bytes in base64url (43 characters). */
const SHAPE = /^ph_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): { plaintext: string; hash: string; last4: string } {
  const plaintext = PREFIX + randomBytes(32).toString("base64url");
  return { plaintext, hash: hashApiKey(plaintext), last4: plaintext.slice(-4) };
}

// Once per API request: the one-shot hash is a third of createHash's cost (≈ 0.5 against 1.5 µs).
export function hashApiKey(plaintext: string): string {
  return hash("sha256", plaintext, "hex");
}

export function isWellFormedApiKey(value: string): boolean {
  return SHAPE.test(value);
}

/** The key in an `Authorization: Bearer <key>` header, or null when absent or not Bearer. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}
