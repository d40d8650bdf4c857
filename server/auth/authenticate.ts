import { and, eq, isNull, sql } from "drizzle-orm";
import { getAccount, onAccountInvalidated, type Account } from "../accounts/account-cache";
import { database } from "../db/client";
import { apiKeys } from "../db/schema";
import { processShared } from "../lib/process-shared";
import { ApiError } from "../errors";
import { bearerToken, hashApiKey, isWellFormedApiKey } from "./api-key-format";
import type { KeyScope } from "./schemas";

export interface AuthenticatedKey {
  keyId: string;
  accountId: string;
  scope: KeyScope;
}

const MAX_AGE_MS = 5000;
const keyCache = processShared("keyCache", () => {
  const cache = new Map<string, { key: AuthenticatedKey; at: number }>();
  onAccountInvalidated((accountId) => {
    for (const [hash, entry] of cache) if (entry.key.accountId === accountId) cache.delete(hash);
  });
  return cache;
});

const unauthorized = (message: string) => new ApiError("authentication_error", 401, message);

/** The key and account behind an Authorization header; 401 authentication_error otherwise. */
export async function authenticate(header: string | undefined | null): Promise<{ key: AuthenticatedKey; account: Account }> {
  const token = bearerToken(header);
  if (!token) throw unauthorized("Missing API key: send `Authorization: Bearer <API_KEY>`.");
  if (!isWellFormedApiKey(token)) throw unauthorized("Malformed API key.");
  const hash = hashApiKey(token);
  let entry = keyCache.get(hash);
  if (!entry || Date.now() - entry.at >= MAX_AGE_MS) {
    const { db } = await database();
    const [row] = await db
      .select({ keyId: apiKeys.id, accountId: apiKeys.accountId, scope: apiKeys.scope })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
      .limit(1);
    if (!row) {
      keyCache.delete(hash);
      throw unauthorized("Invalid or revoked API key.");
    }
    entry = { key: { ...row, scope: row.scope }, at: Date.now() };
    keyCache.set(hash, entry);
  }
  const account = await getAccount(entry.key.accountId);
  if (!account) throw unauthorized("Invalid or revoked API key.");
  noteKeyUse(entry.key.keyId);
  return { key: entry.key, account };
}

// lastUsedAt: remembered in memory and written in one statement per second, so an
// authenticated request never waits on a write.
const pendingUse = processShared("pendingKeyUse", () => new Map<string, number>());
const flush = processShared("keyUseFlush", () => ({ timer: null as NodeJS.Timeout | null }));

function noteKeyUse(keyId: string): void {
  pendingUse.set(keyId, Date.now());
  flush.timer ??= setTimeout(() => void flushKeyUse(), 1000);
  flush.timer.unref?.();
}

export async function flushKeyUse(): Promise<void> {
  if (flush.timer) clearTimeout(flush.timer);
  flush.timer = null;
  if (pendingUse.size === 0) return;
  const batch = [...pendingUse];
  pendingUse.clear();
  const { db } = await database();
  const values = sql.join(
    batch.map(([id, at]) => sql`(${id}, ${new Date(at).toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update api_keys set last_used_at = greatest(coalesce(api_keys.last_used_at, v.at), v.at)
    from (values ${values}) as v(id, at) where api_keys.id = v.id`);
}

/** Forget cached lookups of these keys (on revocation). */
export function forgetKeys(keyIds: string[]): void {
  const ids = new Set(keyIds);
  for (const [hash, entry] of keyCache) if (ids.has(entry.key.keyId)) keyCache.delete(hash);
}
