import { sql } from "drizzle-orm";
import type { SessionMember } from "../auth/session-member";
import { database } from "../db/client";
import { validationError } from "../errors";
import { dropInvitationsBy, lockRosterFor } from "./roster";
import { demotionRefusal } from "./rules";
import type { MemberRole } from "./schemas";

/**
 * An owner makes a member an owner, or an owner (themselves too) a member. Checked under the
 * team's lock, so two owners demoting each other at once leave one; asking for the role a member
 * already has changes nothing. The change holds from the member's next request (the session
 * reads the role afresh), and a demoted owner's pending invitations go, as a removed owner's do.
 */
export async function changeRole(changer: SessionMember, userId: string, role: MemberRole): Promise<{ userId: string; role: MemberRole }> {
  const { db } = await database();
  await db.transaction(async (tx) => {
    const { roster, target } = await lockRosterFor(tx, changer, userId);
    if (target.role === role) return;
    if (role === "member") {
      const refusal = demotionRefusal(target, roster.owners);
      if (refusal) throw validationError(refusal);
      await dropInvitationsBy(tx, changer.accountId, userId);
    }
    await tx.execute(sql`update memberships set role = ${role} where account_id = ${changer.accountId} and user_id = ${userId}`);
  });
  return { userId, role };
}
