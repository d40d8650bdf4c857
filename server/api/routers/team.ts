import { z } from "zod";
import { inviteMember, revokeInvitation } from "../../team/invitations";
import { leaveTeam } from "../../team/leave";
import { changeRole } from "../../team/roles";
import { ChangeRoleInput, InviteInput, MEMBER_ROLES, MemberRemoved, RemoveMemberInput, Team, TeamLeft } from "../../team/schemas";
import { listTeam, removeMember } from "../../team/team";
import { MAX_ID_LENGTH } from "../../limits/constants";
import { ownerProcedure, router, sessionProcedure } from "../trpc";

/** The account's team (no /v1 path: sessions only). Every member sees it and may leave; only owners change it. */
export const teamRouter = router({
  list: sessionProcedure
    .input(z.object({}))
    .output(Team)
    .query(({ ctx }) => listTeam(ctx.account.id)),
  invite: ownerProcedure
    .input(InviteInput)
    .output(z.object({ id: z.string(), email: z.string() }))
    .mutation(({ ctx, input }) => inviteMember(ctx.account, ctx.member, input)),
  revokeInvitation: ownerProcedure
    .input(z.object({ id: z.string().max(MAX_ID_LENGTH) }))
    .output(z.object({ id: z.string(), revoked: z.literal(true) }))
    .mutation(({ ctx, input }) => revokeInvitation(ctx.account.id, input.id)),
  removeMember: ownerProcedure
    .input(RemoveMemberInput)
    .output(MemberRemoved)
    .mutation(({ ctx, input }) => removeMember(ctx.member, input.userId, input.keysAndWebhooks)),
  changeRole: ownerProcedure
    .input(ChangeRoleInput)
    .output(z.object({ userId: z.string(), role: z.enum(MEMBER_ROLES) }))
    .mutation(({ ctx, input }) => changeRole(ctx.member, input.userId, input.role)),
  leave: sessionProcedure
    .input(z.object({}))
    .output(TeamLeft)
    .mutation(({ ctx }) => leaveTeam(ctx.member)),
});
