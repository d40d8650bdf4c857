import type { SessionMember } from "../auth/session-member";
import { database } from "../db/client";
import { ApiError, validationError } from "../errors";
import { dropMember, lockRoster } from "./roster";
import { leavingRefusal } from "./rules";

/**
 * A member leaves the account themselves, as a removal would take them out (server/team/roster.ts):
 * their user is deleted, so this session and every other they hold stop resolving at once and
 * the address is free to sign up or be invited again. The last owner and the holder of the
 * account's email stay (server/team/rules.ts).
 */
export async function leaveTeam(member: SessionMember): Promise<{ left: true }> {
  const { db } = await database();
  await db.transaction(async (tx) => {
    const roster = await lockRoster(tx, member.accountId);
    const self = roster.members.get(member.userId);
    // Removed by an owner a moment ago: the session is already over.
    if (!self) throw new ApiError("authentication_error", 401, "Sign in to continue.");
    const refusal = leavingRefusal(self, roster.owners);
    if (refusal) throw validationError(refusal);
    await dropMember(tx, member.accountId, member.userId);
  });
  return { left: true };
}
