import { and, eq, isNull, sql } from "drizzle-orm";
import type { Account } from "../accounts/account-cache";
import { config } from "../config";
import { lifetime, mailLink } from "../auth/link-mail";
import { assertNewPassword } from "../auth/password-rules";
import { hashPassword } from "../auth/passwords";
import { assertWithinLimit } from "../auth/rate-limit";
import { isReservedAddress } from "../auth/reserved-addresses";
import type { SessionMember } from "../auth/session-member";
import { authSettings } from "../auth/settings";
import { mailKey } from "../auth/sign-up";
import { database } from "../db/client";
import { lockAccountTeam } from "../db/locks";
import { isUniqueViolation } from "../db/pg-code";
import { rows } from "../db/rows";
import { accounts, invitations } from "../db/schema";
import { ApiError, validationError } from "../errors";
import { parseAddress } from "../lib/email-address";
import { isUuid, newId } from "../lib/ids";
import { readExpiringPayload, signExpiringPayload } from "../crypto/signed-token";
import { MAX_TEAM_SIZE } from "../limits/constants";
import { invitingRefusal } from "./rules";
import type { MemberRole } from "./schemas";
import { ownedOrThrow } from "../lib/owned";

/**
 * Team invitations. An owner invites an address with a role; the address gets a link whose
 * token is signed, expires after INVITATION_TTL and names the invitation row, which holds the
 * same expiry and is marked accepted once (single use). Inviting the address again replaces
 * the row, so earlier links stop working; revoking deletes it. Accepting makes the user (who
 * chooses a password there) and their membership in one transaction.
 */
const PURPOSE = "invitation";

export const INVITATION_INVALID = "This invitation has expired, has been used or revoked, or was replaced by a newer one.";

/**
 * Invites an address. The answer is the same whether or not the address signs in somewhere
 * already: an address that cannot join (one account per user) learns it on the invitation's
 * page, which only its mailbox reaches. Limited per invited address (the public forms' mail
 * count, AUTH_MAILS_PER_ADDRESS) and per account (AUTH_SIGNUP_PER_IP per AUTH_SIGNUP_WINDOW),
 * so the service's own sender cannot be turned on strangers; and not at all while the account
 * awaits review (`assertMayInvite`).
 */
export async function inviteMember(
  standing: Pick<Account, "approvedAt">,
  inviter: SessionMember,
  input: { email: string; role: MemberRole },
): Promise<{ id: string; email: string }> {
  assertMayInvite(standing);
  const parsed = parseAddress(input.email);
  if (!parsed.ok) throw validationError("Enter a valid email address.");
  const email = parsed.value.address;
  if (isReservedAddress(email)) throw validationError("This address belongs to the service itself.");
  const { db } = await database();
  const [member] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from memberships m join users u on u.id = m.user_id
      where m.account_id = ${inviter.accountId} and lower(u.email) = lower(${email})`,
  );
  if (member.n > 0) throw validationError(`${email} is already a member of this account.`);
  await assertWithinLimit(`invite-account:${inviter.accountId}`, authSettings.signUpsPerIp());
  await assertWithinLimit(mailKey(email), authSettings.mailsPerAddress());
  const ttl = authSettings.invitationTtlSeconds();
  const id = newId();
  const expiresAt = new Date(Date.now() + ttl * 1000);
  await db.transaction(async (tx) => {
    await lockAccountTeam(tx, inviter.accountId);
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.accountId, inviter.accountId),
          isNull(invitations.acceptedAt),
          sql`lower(${invitations.email}) = lower(${email})`,
        ),
      );
    const [size] = await rows<{ n: number }>(
      tx,
      sql`select (select count(*) from memberships where account_id = ${inviter.accountId})
        + (select count(*) from invitations where account_id = ${inviter.accountId} and accepted_at is null and expires_at > now()) as n`,
    );
    if (Number(size.n) >= MAX_TEAM_SIZE) {
      throw validationError(`An account holds at most ${MAX_TEAM_SIZE} members and pending invitations; remove one first.`);
    }
    await tx
      .insert(invitations)
      .values({ id, accountId: inviter.accountId, email, role: input.role, invitedBy: inviter.userId, expiresAt });
  });
  const [account] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, inviter.accountId)).limit(1);
  const token = signExpiringPayload(PURPOSE, { i: id, e: email.toLowerCase() }, ttl);
  const url = `${config().appUrl}/accept-invite?token=${token}`;
  await mailLink(email, "invitation", url, {
    subject: `${inviter.email} invited you to their Posthaste account`,
    text: [
      `${inviter.email} invited you to join the Posthaste account ${account?.email ?? ""} as ${input.role === "owner" ? "an owner" : "a member"}.`,
      "Members see and manage the account's emails, domains, API keys, webhooks and suppressions.",
      "",
      "Accept (you choose your password there):",
      url,
      "",
      `The link works once and expires in ${lifetime(ttl)}. If you did not expect this, ignore this message.`,
    ].join("\n"),
  });
  return { id, email };
}

/**
 * An account awaiting review (`approvedAt` null) invites nobody (server/team/rules.ts#invitingRefusal),
 * with the same 403 account_pending_review a send to a stranger gets.
 */
export function assertMayInvite(account: Pick<Account, "approvedAt">): void {
  const refusal = invitingRefusal({ approved: account.approvedAt !== null });
  if (refusal) throw new ApiError("account_pending_review", 403, refusal);
}

/** Revokes a pending invitation of the account: its link stops working at once. */
export async function revokeInvitation(accountId: string, id: string): Promise<{ id: string; revoked: true }> {
  const { db } = await database();
  await ownedOrThrow("Invitation", id, async () => {
    const [gone] = await db
      .delete(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.accountId, accountId), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    return gone;
  });
  return { id, revoked: true };
}

export interface InvitationView {
  email: string;
  role: MemberRole;
  accountEmail: string;
  invitedBy: string | null;
  /** The address signs in already (one account per user): it cannot join. */
  taken: boolean;
}

function tokenParts(token: string, now: number): { i: string; e: string } | null {
  const p = readExpiringPayload(PURPOSE, token, now);
  if (!p || typeof p.i !== "string" || typeof p.e !== "string" || !isUuid(p.i)) return null;
  return { i: p.i, e: p.e };
}

/** What an invitation link offers while it is valid, or null (for the acceptance page). */
export async function readInvitation(token: string, now = Date.now()): Promise<InvitationView | null> {
  const t = tokenParts(token, now);
  if (!t) return null;
  const { rows: query } = await database();
  const [row] = await query<{ email: string; role: MemberRole; account_email: string; invited_by: string | null; taken: boolean }>(sql`
    select i.email, i.role, a.email as account_email, u.email as invited_by,
      exists (select 1 from users x where lower(x.email) = lower(i.email)) as taken
    from invitations i join accounts a on a.id = i.account_id left join users u on u.id = i.invited_by
    where i.id = ${t.i} and lower(i.email) = ${t.e} and i.accepted_at is null and i.expires_at > ${new Date(now).toISOString()}::timestamptz`);
  return row ? { email: row.email, role: row.role, accountEmail: row.account_email, invitedBy: row.invited_by, taken: row.taken } : null;
}

/**
 * Accepts an invitation: marks it used, makes the user with the chosen password and their
 * membership, in one transaction, so a link accepts once. Answers the new user's address, to
 * sign in with; throws validation_error when the link no longer holds or the address already
 * signs in (one account per user).
 */
export async function acceptInvitation(token: string, password: string, now = Date.now()): Promise<{ email: string }> {
  const t = tokenParts(token, now);
  if (!t) throw validationError(INVITATION_INVALID);
  assertNewPassword(password);
  const passwordHash = await hashPassword(password);
  const { db } = await database();
  try {
    return await db.transaction(async (tx) => {
      const [invitation] = await rows<{ account_id: string; email: string; role: MemberRole }>(
        tx,
        sql`update invitations set accepted_at = now()
          where id = ${t.i} and lower(email) = ${t.e} and accepted_at is null and expires_at > ${new Date(now).toISOString()}::timestamptz
          returning account_id, email, role`,
      );
      if (!invitation) throw validationError(INVITATION_INVALID);
      const userId = newId();
      await rows(tx, sql`insert into users (id, email, password_hash) values (${userId}, ${invitation.email}, ${passwordHash})`);
      await rows(
        tx,
        sql`insert into memberships (account_id, user_id, role) values (${invitation.account_id}, ${userId}, ${invitation.role})`,
      );
      return { email: invitation.email };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw validationError("This address already signs in to a Posthaste account, and an address belongs to one account.");
    }
    throw err;
  }
}
