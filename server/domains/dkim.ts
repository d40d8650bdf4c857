import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import type { domains } from "../db/schema";
import { decrypt, encrypt } from "../crypto/sealed";

export const DKIM_SELECTOR = "posthaste";

export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** PKCS#8 PEM, as nodemailer's `dkim` option takes it. */
  privateKey: string;
}

/** A fresh RSA-2048 pair: the public half as base64 SPKI (the p= tag), the private half encrypted. */
export async function generateDkimKey(): Promise<{ publicKey: string; privateKeyEnc: string }> {
  // Async: RSA generation takes tens of milliseconds, too long to block the event loop.
  const { publicKey, privateKey } = await promisify(generateKeyPair)("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { publicKey: publicKey.toString("base64"), privateKeyEnc: encrypt(privateKey) };
}

/** The signing key of a domain row, for the delivery path (sink/smtp sign with it). */
export function dkimKeyFor(row: Pick<typeof domains.$inferSelect, "name" | "dkimSelector" | "dkimPrivateKeyEnc">): DkimKey {
  if (!row.dkimPrivateKeyEnc) throw new Error(`domain ${row.name} has no DKIM key`);
  return { domainName: row.name, keySelector: row.dkimSelector, privateKey: decrypt(row.dkimPrivateKeyEnc) };
}
