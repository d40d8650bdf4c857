import { sql } from "drizzle-orm";
import { database } from "../db/client";
import type { Creators } from "./schemas";

const TABLES = {
  // Live keys: the ones the API keys page lists.
  apiKeys: sql`api_keys t`,
  webhooks: sql`webhook_endpoints t`,
} as const;

/**
 * The creators of the account's live API keys or of its webhook endpoints, for the pages that
 * list them (server/auth/creator.ts records them). Dashboard-only: the /v1 shapes stay the
 * reference's.
 */
export async function readCreators(accountId: string, of: keyof typeof TABLES): Promise<Creators> {
  const { rows } = await database();
  const live = of === "apiKeys" ? sql`and t.revoked_at is null` : sql``;
  const found = await rows<{
    id: string;
    user_email: string | null;
    via_name: string | null;
    via_last4: string | null;
    via_revoked: boolean;
  }>(sql`
    select t.id, u.email as user_email, via.name as via_name, via.last4 as via_last4, via.revoked_at is not null as via_revoked
    from ${TABLES[of]}
    left join users u on u.id = t.created_by_user_id
    left join api_keys via on via.id = t.created_by_key_id and via.account_id = t.account_id
    where t.account_id = ${accountId} ${live}
    order by t.created_at, t.id`);
  return {
    data: found.map((r) => ({
      id: r.id,
      user: r.user_email,
      viaKey:
        r.via_name !== null && r.via_last4 !== null ? { name: r.via_name, last4: r.via_last4, revoked: Boolean(r.via_revoked) } : null,
    })),
  };
}
