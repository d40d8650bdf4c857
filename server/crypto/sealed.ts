import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { config } from "../config";

/**
 * Secrets at rest (DKIM private keys) under ENCRYPTION_KEY with AES-256-GCM.
 * The key is SHA-256 of ENCRYPTION_KEY, so any string of enough entropy works
 * (`openssl rand -base64 32` is what the docs suggest). Stored form:
 * "v1:" + base64(iv 12 bytes | tag 16 bytes | ciphertext).
 */
function key(): Buffer {
  const secret = config().encryptionKey;
  if (!secret) throw new Error("ENCRYPTION_KEY is not set");
  return createHash("sha256").update(secret, "utf8").digest();
}

export function encrypt(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

export function decrypt(stored: string): string {
  if (!stored.startsWith("v1:")) throw new Error("unknown ciphertext format");
  const raw = Buffer.from(stored.slice(3), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
