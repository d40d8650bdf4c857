import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { MAX_TEAM_SIZE } from "@/server/limits/constants";
import { demotionRefusal, invitingRefusal, leavingRefusal, removalRefusal } from "@/server/team/rules";
import { Badge, Time } from "../../_components/format";
import { PageHead } from "../../_components/page-head";
import { DataTable } from "../../_components/table";
import { Alert } from "../../_components/ui/alert";
import { Card, CardDescription, CardHeader, CardTitle } from "../../_components/ui/card";
import { TableCell, TableRow, WIDE_CELL } from "../../_components/ui/table";
import { ChangeRoleButton, InviteForm, LeaveAccountButton, RemoveMemberButton, RevokeInvitationButton } from "./client";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const caller = await api();
  const [account, team] = await Promise.all([caller.account.get({}), caller.team.list({})]);
  const owner = account.you.role === "owner";
  const owners = team.members.filter((m) => m.role === "owner").length;
  const me = team.members.find((m) => m.userId === account.you.userId);
  // The same rules the team procedures apply (server/team/rules.ts): offer only what would work.
  const leaving = me ? leavingRefusal(me, owners) : null;
  const inviting = invitingRefusal(account);
  return (
    <>
      <PageHead title="Team">
        Everyone here signs in with their own password and sees the same emails, domains, keys and webhooks. Owners invite and remove
        members, change their roles and can delete the account. Up to {MAX_TEAM_SIZE} members and pending invitations.
      </PageHead>
      {owner &&
        (inviting ? (
          <Alert tone="warning" className="mb-6" data-testid="invite-refused">
            {inviting}
          </Alert>
        ) : (
          <InviteForm />
        ))}
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="mb-3 text-lg font-semibold">
          Members
        </h2>
        <DataTable caption="Members" headers={["Email", "Role", "Joined"]} actions={owner}>
          {team.members.map((m) => (
            <TableRow key={m.userId} data-testid="member-row">
              <TableCell className={`wrap-anywhere ${WIDE_CELL}`}>
                {m.email}
                {m.userId === account.you.userId && <span className="text-muted-foreground"> (you)</span>}
                {!m.hasPassword && <span className="text-muted-foreground"> · no password yet</span>}
                {m.holdsAccountEmail && (
                  <span
                    className="text-muted-foreground"
                    title="The account's notices go to this address; it stays an owner until it changes."
                  >
                    {" "}
                    · account email
                  </span>
                )}
              </TableCell>
              <TableCell>
                <Badge value={m.role} />
              </TableCell>
              <TableCell>
                <Time ms={m.joinedAt} />
              </TableCell>
              {owner && (
                <TableCell className="@max-2xl:col-span-full">
                  <div className="flex flex-wrap items-start gap-2">
                    {m.role === "member" ? (
                      <ChangeRoleButton userId={m.userId} email={m.email} role="owner" you={false} />
                    ) : (
                      !demotionRefusal(m, owners) && (
                        <ChangeRoleButton userId={m.userId} email={m.email} role="member" you={m.userId === account.you.userId} />
                      )
                    )}
                    {m.userId !== account.you.userId && !removalRefusal(m) && (
                      <RemoveMemberButton userId={m.userId} email={m.email} made={m.made} />
                    )}
                  </div>
                </TableCell>
              )}
            </TableRow>
          ))}
        </DataTable>
      </section>
      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading" className="mb-3 text-lg font-semibold">
          Pending invitations
        </h2>
        <DataTable
          caption="Pending invitations"
          headers={["Email", "Role", "Invited by", "Expires"]}
          actions={owner}
          empty={team.invitations.length === 0 && "No pending invitations."}
        >
          {team.invitations.map((i) => (
            <TableRow key={i.id} data-testid="invitation-row">
              <TableCell className={`wrap-anywhere ${WIDE_CELL}`}>{i.email}</TableCell>
              <TableCell>
                <Badge value={i.role} />
              </TableCell>
              <TableCell className="wrap-anywhere">{i.invitedBy ?? <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell>{i.expired ? <Badge value="expired" /> : <Time ms={i.expiresAt} />}</TableCell>
              {owner && (
                <TableCell className="@max-2xl:col-span-full">
                  <RevokeInvitationButton id={i.id} email={i.email} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </DataTable>
      </section>
      <Card role="region" aria-labelledby="leave-heading" data-testid="leave-account">
        <CardHeader>
          <CardTitle id="leave-heading">Leave this account</CardTitle>
          <CardDescription>
            {leaving ?? "Your sign-in is deleted and you lose access at once; the account and its data stay with the others."}
          </CardDescription>
        </CardHeader>
        {!leaving && me && <LeaveAccountButton accountEmail={account.email} made={me.made} />}
      </Card>
    </>
  );
}
