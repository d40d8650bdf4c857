import type { SessionMember } from "../auth/session-member";
import { database } from "../db/client";
import { ApiError, validationError } from "../errors";
import { afterDeparture, leftBehindSummary } from "./departure";
import { dropMember, lockRoster } from "./roster";
import { leavingRefusal } from "./rules";
import type { TeamLeft } from "./schemas";

/**
 * A member leaves the account themselves, as a removal would take them out (server/team/roster.ts):
 * their user is deleted, so this session and every other they hold stop resolving at once and
 * the address is free to sign up or be invited again. The last owner and the holder of the
 * account's email stay (server/team/rules.ts). The API keys they made are revoked and their
 * webhook endpoints deleted (server/team/departure.ts), with no choice: keeping a credential
 * alive that a departing person has seen is an owner's decision, which they take by removing
 * the member with "hand over" instead.
 */
export async function leaveTeam(member: SessionMember): Promise<TeamLeft> {
  const { db } = await database();
  const left = await db.transaction(async (tx) => {
    const roster = await lockRoster(tx, member.accountId);
    const self = roster.members.get(member.userId);
    // Removed by an owner a moment ago: the session is already over.
    if (!self) throw new ApiError("authentication_error", 401, "Sign in to continue.");
    const refusal = leavingRefusal(self, roster.owners);
    if (refusal) throw validationError(refusal);
    return dropMember(tx, member.accountId, member.userId, { kind: "revoke" });
  });
  await afterDeparture(member.accountId, left);
  return { left: true, ...leftBehindSummary(left) };
}
