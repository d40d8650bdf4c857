import { and, eq, notLike } from "drizzle-orm";
import { database } from "../db/client";
import { webhookEndpoints } from "../db/schema";
import { decrypt, encrypt } from "../crypto/sealed";
import { processShared } from "../lib/process-shared";
import { log } from "../ops/log";

/**
 * Webhook signing secrets at rest: encrypted under ENCRYPTION_KEY like DKIM keys
 * (server/crypto/sealed.ts, "v1:" prefix). Rows written before that hold the plaintext;
 * they are read as they are and sealed on first use and at start-up.
 */
const SEALED_PREFIX = "v1:";

export function sealSigningSecret(plaintext: string): string {
  return encrypt(plaintext);
}

/**
 * Decrypted secrets by endpoint id. A delivery signs with the cached value while the stored
 * ciphertext is the one it was decrypted from; a rotation (here or on another instance)
 * stores a new ciphertext, so the next delivery decrypts again.
 */
const cache = processShared("webhookSigningSecrets", () => new Map<string, { stored: string; plaintext: string }>());

/** The plaintext secret to sign an endpoint's deliveries with, from its stored column. */
export function signingSecretOf(endpointId: string, stored: string): string {
  const hit = cache.get(endpointId);
  if (hit && hit.stored === stored) return hit.plaintext;
  const sealed = stored.startsWith(SEALED_PREFIX);
  const plaintext = sealed ? decrypt(stored) : stored;
  cache.set(endpointId, { stored, plaintext });
  if (!sealed) {
    sealLegacySecret(endpointId, stored).catch((err) => log().error({ err, endpointId }, "webhooks: could not encrypt the signing secret"));
  }
  return plaintext;
}

/** Drops a cached secret (rotated or deleted endpoint). */
export function forgetSigningSecret(endpointId: string): void {
  cache.delete(endpointId);
}

/** Encrypts one plaintext row, unless it changed meanwhile (rotated, or sealed by another instance). */
async function sealLegacySecret(endpointId: string, plaintext: string): Promise<void> {
  const { db } = await database();
  await db
    .update(webhookEndpoints)
    .set({ secret: sealSigningSecret(plaintext) })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.secret, plaintext)));
}

/** Encrypts every secret still stored in plaintext (start-up); returns how many it found. */
export async function sealLegacySigningSecrets(): Promise<number> {
  const { db } = await database();
  const legacy = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(notLike(webhookEndpoints.secret, `${SEALED_PREFIX}%`));
  for (const row of legacy) await sealLegacySecret(row.id, row.secret);
  return legacy.length;
}
