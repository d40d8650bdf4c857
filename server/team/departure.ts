import { sql } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { forgetKeys } from "../auth/authenticate";
import { lockAccountApiKeys, lockAccountWebhooks } from "../db/locks";
import { rows } from "../db/rows";
import type { Executor } from "../db/types";
import { forgetSigningSecret } from "../webhooks/signing-secret";
import type { Departure, LeftBehind } from "./schemas";

/**
 * What becomes of the API keys and webhook endpoints a departing member made (their
 * `created_by_user_id`, server/auth/creator.ts), in the transaction that takes them out, so
 * nothing they made outlives their membership unless an owner takes it on:
 * - `revoke` (the default, and always when a member leaves on their own): their live keys are
 *   revoked and their endpoints deleted, with the deliveries still owed to them. Deleted rather
 *   than disabled: a disabled endpoint is one switch away from sending every event again to a URL
 *   the former member controls.
 * - `hand_over`: the removing owner becomes their creator; they keep working as before.
 * Takes the account's api_keys and webhooks locks after the team's, the locks their creation
 * takes, so a key or endpoint made at the same moment by them (or by one of their keys) is either
 * seen here or refused there (server/auth/creator.ts#creatorFor).
 */
export async function settleWhatTheyMade(tx: Executor, accountId: string, userId: string, departure: Departure): Promise<LeftBehind> {
  await lockAccountApiKeys(tx, accountId);
  await lockAccountWebhooks(tx, accountId);
  if (departure.kind === "hand_over") {
    const keys = await rows<{ id: string }>(
      tx,
      sql`update api_keys set created_by_user_id = ${departure.to}
        where account_id = ${accountId} and created_by_user_id = ${userId} and revoked_at is null returning id`,
    );
    const endpoints = await rows<{ id: string }>(
      tx,
      sql`update webhook_endpoints set created_by_user_id = ${departure.to}
        where account_id = ${accountId} and created_by_user_id = ${userId} returning id`,
    );
    return { revokedKeyIds: [], removedEndpointIds: [], handedOverKeys: keys.length, handedOverEndpoints: endpoints.length };
  }
  const keys = await rows<{ id: string }>(
    tx,
    sql`update api_keys set revoked_at = now()
      where account_id = ${accountId} and created_by_user_id = ${userId} and revoked_at is null returning id`,
  );
  const endpoints = await rows<{ id: string }>(
    tx,
    sql`delete from webhook_endpoints where account_id = ${accountId} and created_by_user_id = ${userId} returning id`,
  );
  return {
    revokedKeyIds: keys.map((k) => k.id),
    removedEndpointIds: endpoints.map((e) => e.id),
    handedOverKeys: 0,
    handedOverEndpoints: 0,
  };
}

/**
 * Once the departure is committed: every process drops its cached copies of the revoked keys
 * (this one at once, the others through the account's invalidation: NOTIFY, or
 * cache_invalidations through the embedded socket), so the next request with one is 401, and
 * plan parking looks again at the endpoints left.
 */
export async function afterDeparture(accountId: string, left: LeftBehind): Promise<void> {
  for (const id of left.removedEndpointIds) forgetSigningSecret(id);
  if (left.revokedKeyIds.length === 0 && left.removedEndpointIds.length === 0) return;
  forgetKeys(left.revokedKeyIds);
  await invalidateAccount(accountId);
}

/** The counts a removal or a departure answers with. */
export function leftBehindSummary(left: LeftBehind) {
  return {
    keys: { revoked: left.revokedKeyIds.length, handedOver: left.handedOverKeys },
    webhooks: { removed: left.removedEndpointIds.length, handedOver: left.handedOverEndpoints },
  };
}
