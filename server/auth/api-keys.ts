import { and, asc, count, eq, isNull } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { database } from "../db/client";
import { lockAccountApiKeys } from "../db/locks";
import { apiKeys } from "../db/schema";
import { validationError } from "../errors";
import { newId } from "../lib/ids";
import { MAX_LIVE_KEYS } from "../limits/constants";
import { ms } from "../lib/time";
import { generateApiKey } from "./api-key-format";
import { flushKeyUse, forgetKeys } from "./authenticate";
import { creatorFor, type Maker } from "./creator";
import type { ApiKey, ApiKeyRevoked, CreatedApiKey, KeyScope } from "./schemas";
import { ownedOrThrow } from "../lib/owned";

/**
 * Creates a key and returns its plaintext: the only time it exists outside the caller. It records
 * who made it (server/auth/creator.ts), so it is revoked or handed over when they leave.
 */
export async function createApiKey(accountId: string, name: string, scope: KeyScope, maker: Maker): Promise<CreatedApiKey> {
  const { db } = await database();
  const key = generateApiKey();
  const id = newId();
  await db.transaction(async (tx) => {
    // Serialise creates per account so concurrent requests cannot pass the limit together.
    await lockAccountApiKeys(tx, accountId);
    const [{ live }] = await tx
      .select({ live: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
    if (live >= MAX_LIVE_KEYS) {
      throw validationError(`This account already holds ${MAX_LIVE_KEYS} active API keys; revoke one first.`);
    }
    const createdBy = await creatorFor(tx, accountId, maker);
    await tx.insert(apiKeys).values({ id, accountId, name, scope, keyHash: key.hash, last4: key.last4, ...createdBy });
  });
  return { key: key.plaintext, id, token: key.plaintext };
}

export async function listApiKeys(accountId: string): Promise<ApiKey[]> {
  await flushKeyUse();
  const { db } = await database();
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    last4: row.last4,
    scope: row.scope,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: ms(row.lastUsedAt),
  }));
}

/** Revokes at once (no grace window); repeating it on a revoked key still succeeds. */
export async function revokeApiKey(accountId: string, id: string): Promise<ApiKeyRevoked> {
  const { db } = await database();
  const row = await ownedOrThrow("API key", id, async () => {
    const [found] = await db
      .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId)))
      .limit(1);
    return found;
  });
  if (!row.revokedAt) {
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
    forgetKeys([id]);
    await invalidateAccount(accountId);
  }
  return { id, deleted: true };
}
