import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { database } from "../db/client";
import { accounts, invitations, memberships, users } from "../db/schema";
import { validationError } from "../errors";
import type { SessionMember } from "../auth/session-member";
import { afterDeparture, leftBehindSummary } from "./departure";
import { dropMember, lockRosterFor } from "./roster";
import { removalRefusal } from "./rules";
import type { Disposition, MemberRemoved, Team } from "./schemas";

/** The account's members (owners first, then by joining) and its pending invitations, newest first. */
export async function listTeam(accountId: string): Promise<Team> {
  const { db } = await database();
  const members = await db
    .select({
      userId: users.id,
      email: users.email,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      holdsAccountEmail: sql<boolean>`lower(${users.email}) = lower(${accounts.email})`,
      keys: sql<number>`(select count(*)::int from api_keys k where k.account_id = ${memberships.accountId}
        and k.created_by_user_id = ${users.id} and k.revoked_at is null)`,
      webhooks: sql<number>`(select count(*)::int from webhook_endpoints w where w.account_id = ${memberships.accountId}
        and w.created_by_user_id = ${users.id})`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(sql`${memberships.role} = 'owner' desc`, asc(memberships.createdAt), asc(users.id));
  const pending = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      invitedBy: users.email,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.accountId, accountId), isNull(invitations.acceptedAt)))
    .orderBy(sql`${invitations.createdAt} desc`, sql`${invitations.id} desc`);
  const now = Date.now();
  return {
    members: members.map(({ keys, webhooks, ...m }) => ({
      ...m,
      made: { keys: Number(keys), webhooks: Number(webhooks) },
      joinedAt: m.joinedAt.getTime(),
      hasPassword: Boolean(m.hasPassword),
      holdsAccountEmail: Boolean(m.holdsAccountEmail),
    })),
    invitations: pending.map((i) => ({
      ...i,
      invitedBy: i.invitedBy ?? null,
      createdAt: i.createdAt.getTime(),
      expiresAt: i.expiresAt.getTime(),
      expired: i.expiresAt.getTime() <= now,
    })),
  };
}

/**
 * An owner removes a member (or another owner) of their account: the user goes with their
 * membership (one account per user), and with it every session they hold. Nobody removes
 * themselves this way (they leave: server/team/leave.ts), and the remover must still be an owner
 * once the team is locked, so two owners removing each other leave one. The API keys and webhook
 * endpoints the member made are revoked and deleted, or handed over to the remover, as the owner
 * chose in the same dialog, in the same transaction (server/team/departure.ts).
 */
export async function removeMember(remover: SessionMember, userId: string, disposition: Disposition = "revoke"): Promise<MemberRemoved> {
  if (userId === remover.userId) throw validationError("You cannot remove yourself: leave the account instead, or delete it in Settings.");
  const { db } = await database();
  const left = await db.transaction(async (tx) => {
    const { target } = await lockRosterFor(tx, remover, userId);
    const refusal = removalRefusal(target);
    if (refusal) throw validationError(refusal);
    return dropMember(
      tx,
      remover.accountId,
      userId,
      disposition === "hand_over" ? { kind: "hand_over", to: remover.userId } : { kind: "revoke" },
    );
  });
  await afterDeparture(remover.accountId, left);
  return { userId, removed: true, ...leftBehindSummary(left) };
}
