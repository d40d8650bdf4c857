import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { MAX_TEAM_SIZE } from "@/server/limits/constants";
import { Badge, Time } from "../../_components/format";
import { PageHead } from "../../_components/page-head";
import { DataTable } from "../../_components/table";
import { TableCell, TableRow, WIDE_CELL } from "../../_components/ui/table";
import { InviteForm, RemoveMemberButton, RevokeInvitationButton } from "./client";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const caller = await api();
  const [account, team] = await Promise.all([caller.account.get({}), caller.team.list({})]);
  const owner = account.you.role === "owner";
  return (
    <>
      <PageHead title="Team">
        Everyone here signs in with their own password and sees the same emails, domains, keys and webhooks. Owners invite and remove
        members and can delete the account. Up to {MAX_TEAM_SIZE} members and pending invitations.
      </PageHead>
      {owner && <InviteForm />}
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
              </TableCell>
              <TableCell>
                <Badge value={m.role} />
              </TableCell>
              <TableCell>
                <Time ms={m.joinedAt} />
              </TableCell>
              {owner && (
                <TableCell className="@max-2xl:col-span-full">
                  {m.userId !== account.you.userId && <RemoveMemberButton userId={m.userId} email={m.email} />}
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
    </>
  );
}
