import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { MAX_TEAM_SIZE } from "@/server/limits/constants";
import { Badge, Time } from "../../_components/format";
import { PageHead } from "../../_components/page-head";
import { DataTable } from "../../_components/table";
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
      <h2>Members</h2>
      <DataTable caption="Members" headers={["Email", "Role", "Joined"]} actions={owner}>
        {team.members.map((m) => (
          <tr key={m.userId} data-testid="member-row">
            <td className="break">
              {m.email}
              {m.userId === account.you.userId && <span className="muted"> (you)</span>}
              {!m.hasPassword && <span className="muted"> · no password yet</span>}
            </td>
            <td>
              <Badge value={m.role} />
            </td>
            <td>
              <Time ms={m.joinedAt} />
            </td>
            {owner && <td>{m.userId !== account.you.userId && <RemoveMemberButton userId={m.userId} email={m.email} />}</td>}
          </tr>
        ))}
      </DataTable>
      <h2>Pending invitations</h2>
      <DataTable
        caption="Pending invitations"
        headers={["Email", "Role", "Invited by", "Expires"]}
        actions={owner}
        empty={team.invitations.length === 0 && "No pending invitations."}
      >
        {team.invitations.map((i) => (
          <tr key={i.id} data-testid="invitation-row">
            <td className="break">{i.email}</td>
            <td>
              <Badge value={i.role} />
            </td>
            <td className="break">{i.invitedBy ?? <span className="muted">—</span>}</td>
            <td>{i.expired ? <Badge value="expired" /> : <Time ms={i.expiresAt} />}</td>
            {owner && (
              <td>
                <RevokeInvitationButton id={i.id} email={i.email} />
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </>
  );
}
