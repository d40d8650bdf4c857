import { sql } from "drizzle-orm";
import { lockAccountTeam } from "../db/locks";
import { rows } from "../db/rows";
import type { Executor } from "../db/types";
import { ApiError } from "../errors";
import { ownedOrThrow } from "../lib/owned";
import { settleWhatTheyMade } from "./departure";
import type { MemberStanding } from "./rules";
import type { Departure, LeftBehind, MemberRole } from "./schemas";

/** The account's team as one transaction sees it once it holds the team's lock. */
export interface Roster {
  /** Every member by user id. */
  members: Map<string, MemberStanding>;
  owners: number;
}

/**
 * Takes the team's advisory lock for the rest of the transaction, then reads its members:
 * changes that must leave an owner (two owners demoting or removing each other, the last owner
 * leaving while another is demoted) then see each other's outcome.
 */
export async function lockRoster(tx: Executor, accountId: string): Promise<Roster> {
  await lockAccountTeam(tx, accountId);
  const found = await rows<{ user_id: string; role: MemberRole; holds: boolean }>(
    tx,
    sql`select m.user_id, m.role, lower(u.email) = lower(a.email) as holds
      from memberships m join users u on u.id = m.user_id join accounts a on a.id = m.account_id
      where m.account_id = ${accountId}`,
  );
  const members = new Map(found.map((r) => [r.user_id, { role: r.role, holdsAccountEmail: Boolean(r.holds) }]));
  return { members, owners: found.filter((r) => r.role === "owner").length };
}

/** The session said owner; under the lock they must still be one (another owner may have just demoted or removed them). */
export function assertStillOwner(roster: Roster, userId: string): void {
  if (roster.members.get(userId)?.role !== "owner")
    throw new ApiError("authentication_error", 403, "Only the account's owners can do this.");
}

/**
 * An owner's change to one member: the team locked, the actor still an owner under the lock,
 * and the member they act on (404 when not in this account).
 */
export async function lockRosterFor(tx: Executor, actor: { accountId: string; userId: string }, userId: string) {
  const roster = await lockRoster(tx, actor.accountId);
  assertStillOwner(roster, actor.userId);
  const target = await ownedOrThrow("Member", userId, async () => roster.members.get(userId));
  return { roster, target };
}

/**
 * Pending invitations a member sent, deleted when they stop being an owner (demoted, removed or
 * gone): an invitation they made as an owner must not bring them, or an address of theirs, back.
 */
export async function dropInvitationsBy(tx: Executor, accountId: string, userId: string): Promise<void> {
  await tx.execute(sql`delete from invitations where account_id = ${accountId} and invited_by = ${userId} and accepted_at is null`);
}

/**
 * Takes a member out of the account: their pending invitations, the keys and webhook endpoints
 * they made (revoked and deleted, or handed over: server/team/departure.ts), then the user itself
 * (one account per user), whose membership goes with it; every session they hold stops resolving
 * at its next request (server/auth/session-member.ts). The caller holds the team's lock and has
 * checked that the user is a member here; it runs `afterDeparture` once the transaction commits.
 */
export async function dropMember(tx: Executor, accountId: string, userId: string, departure: Departure): Promise<LeftBehind> {
  await dropInvitationsBy(tx, accountId, userId);
  const left = await settleWhatTheyMade(tx, accountId, userId, departure);
  await tx.execute(
    sql`delete from users u where u.id = ${userId}
      and exists (select 1 from memberships m where m.user_id = u.id and m.account_id = ${accountId})`,
  );
  return left;
}
