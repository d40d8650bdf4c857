import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { database } from "../db/client";
import { lockAccountTeam } from "../db/locks";
import { rows } from "../db/rows";
import { invitations, memberships, users } from "../db/schema";
import { notFound, validationError } from "../errors";
import { isUuid } from "../lib/ids";
import type { SessionMember } from "../auth/session-member";
import type { Team } from "./schemas";

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
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
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
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.getTime(), hasPassword: Boolean(m.hasPassword) })),
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
 * themselves this way, and the remover must still be an owner once the team is locked, so
 * two owners removing each other at once leave one.
 */
export async function removeMember(remover: SessionMember, userId: string): Promise<{ userId: string; removed: true }> {
  if (!isUuid(userId)) throw notFound("Member");
  if (userId === remover.userId) throw validationError("You cannot remove yourself. Another owner can, or delete the account in Settings.");
  const { db } = await database();
  await db.transaction(async (tx) => {
    await lockAccountTeam(tx, remover.accountId);
    const [still] = await rows<{ ok: boolean }>(
      tx,
      sql`select exists (select 1 from memberships where account_id = ${remover.accountId} and user_id = ${remover.userId} and role = 'owner') as ok`,
    );
    if (!still?.ok) throw validationError("Only the account's owners can remove members.");
    // The owner whose address is the account's email receives its notices and test-mode mail
    // (and `accounts sign-in-link` would make them owner again): they stay until they move it.
    const [holder] = await rows<{ yes: boolean }>(
      tx,
      sql`select exists (select 1 from users u join accounts a on a.id = ${remover.accountId}
        where u.id = ${userId} and lower(u.email) = lower(a.email)) as yes`,
    );
    if (holder?.yes) throw validationError("This owner's address is the account's email. They can change it in Settings, then be removed.");
    // Invitations they sent go with them: a removed owner's invitation must not bring them back.
    await tx.execute(
      sql`delete from invitations where account_id = ${remover.accountId} and invited_by = ${userId} and accepted_at is null`,
    );
    const gone = await rows<{ id: string }>(
      tx,
      sql`delete from users u where u.id = ${userId}
        and exists (select 1 from memberships m where m.user_id = u.id and m.account_id = ${remover.accountId}) returning u.id`,
    );
    if (gone.length === 0) throw notFound("Member");
  });
  return { userId, removed: true };
}
