import { sql } from "drizzle-orm";
import { rows } from "../db/rows";
import type { Executor } from "../db/types";
import { ApiError } from "../errors";
import type { AuthenticatedKey } from "./authenticate";
import type { SessionMember } from "./session-member";

/** Who asks to make an API key or a webhook endpoint: a dashboard user, or an API key. */
export type Maker = { kind: "user"; userId: string } | { kind: "key"; keyId: string };

/** The maker behind a procedure's caller (a session's user, else the key). */
export function makerOf(ctx: { key: AuthenticatedKey | null; member: SessionMember | null }): Maker {
  if (ctx.member) return { kind: "user", userId: ctx.member.userId };
  if (ctx.key) return { kind: "key", keyId: ctx.key.keyId };
  throw new ApiError("authentication_error", 401, "Sign in to continue.");
}

/** The creator columns of `api_keys` and `webhook_endpoints` (server/db/schema.ts, `madeBy`). */
export interface CreatedBy {
  createdByUserId: string | null;
  createdByKeyId: string | null;
}

/**
 * What a new key or endpoint records as its creator: the user, or for a key the user who made
 * that key (so what a member's key makes is theirs too, and leaves with them). Read inside the
 * caller's transaction, after the lock a member's removal also takes (api_keys:, webhooks:), so
 * a key revoked or a user removed a moment ago makes nothing: 401, as their next request would be.
 */
export async function creatorFor(tx: Executor, accountId: string, maker: Maker): Promise<CreatedBy> {
  if (maker.kind === "user") {
    const [member] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from memberships where user_id = ${maker.userId} and account_id = ${accountId}`,
    );
    if (Number(member.n) === 0) throw new ApiError("authentication_error", 401, "Sign in to continue.");
    return { createdByUserId: maker.userId, createdByKeyId: null };
  }
  const [key] = await rows<{ created_by_user_id: string | null }>(
    tx,
    sql`select created_by_user_id from api_keys where id = ${maker.keyId} and account_id = ${accountId} and revoked_at is null`,
  );
  if (!key) throw new ApiError("authentication_error", 401, "Invalid or revoked API key.");
  return { createdByUserId: key.created_by_user_id, createdByKeyId: maker.keyId };
}
