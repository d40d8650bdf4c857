import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { isUuid } from "../lib/ids";
import type { MemberRole } from "../team/schemas";
import { passwordStampSql } from "./password-stamp";

/** Who a dashboard session is: the user, and the account they act in with their role there. */
export interface SessionMember {
  userId: string;
  email: string;
  accountId: string;
  role: MemberRole;
}

/**
 * The member behind a session token, read afresh on every request: the user must still exist,
 * still belong to an account (a removed member or a deleted account is out at once) and still
 * have the password the session was made with (a change or reset signs every other session out).
 */
export async function memberOfToken(userId: unknown, stamp: unknown): Promise<SessionMember | null> {
  if (typeof userId !== "string" || typeof stamp !== "string" || !isUuid(userId)) return null;
  const { rows } = await database();
  const [row] = await rows<{ user_id: string; email: string; account_id: string; role: MemberRole }>(sql`
    select u.id as user_id, u.email, m.account_id, m.role from users u join memberships m on m.user_id = u.id
    where u.id = ${userId} and u.password_hash is not null and ${passwordStampSql(sql`u.password_hash`)} = ${stamp}
    limit 1`);
  return row ? { userId: row.user_id, email: row.email, accountId: row.account_id, role: row.role } : null;
}
