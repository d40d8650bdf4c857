"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import type { MemberRole } from "@/server/team/schemas";
import { ConfirmButton, MutationForm } from "../../_components/client";
import { Field } from "../../_components/field";
import { Notice } from "../../_components/notice";
import { Input } from "../../_components/ui/input";
import { NativeSelect } from "../../_components/ui/native-select";

export function InviteForm() {
  const [sent, setSent] = useState<string | null>(null);
  return (
    <MutationForm
      id="invite-member"
      title="Invite a member"
      className="mb-6"
      inline
      after={<Notice>{sent}</Notice>}
      onStart={() => setSent(null)}
      submit={(form) => {
        const data = new FormData(form);
        const role = data.get("role") === "owner" ? "owner" : "member";
        return trpc.team.invite.mutate({ email: String(data.get("email") ?? ""), role });
      }}
      success={(result) => `Invitation sent to ${result.email}`}
      onSuccess={(result) => setSent(`Invitation sent to ${result.email}. The link works once.`)}
      button="Send invitation"
    >
      <Field htmlFor="invite-email" label="Email">
        <Input id="invite-email" name="email" type="email" required placeholder="colleague@example.com" />
      </Field>
      <Field htmlFor="invite-role" label="Role">
        <NativeSelect id="invite-role" name="role" defaultValue="member">
          <option value="member">Member</option>
          <option value="owner">Owner</option>
        </NativeSelect>
      </Field>
    </MutationForm>
  );
}

export function RemoveMemberButton({ userId, email }: { userId: string; email: string }) {
  return (
    <ConfirmButton
      label="Remove"
      confirmTitle={`Remove ${email}?`}
      confirm="They are signed out at once and their sign-in is deleted. Keys they made stay with the account."
      confirmLabel="Remove member"
      success={`${email} removed from the team`}
      action={() => trpc.team.removeMember.mutate({ userId })}
    />
  );
}

export function RevokeInvitationButton({ id, email }: { id: string; email: string }) {
  return (
    <ConfirmButton
      label="Revoke"
      confirmTitle={`Revoke the invitation to ${email}?`}
      confirm="Its link stops working. You can invite the address again later."
      confirmLabel="Revoke invitation"
      success={`Invitation to ${email} revoked`}
      action={() => trpc.team.revokeInvitation.mutate({ id })}
    />
  );
}

/** Makes a member an owner, or an owner (yourself too) a member, after a styled confirmation. */
export function ChangeRoleButton({ userId, email, role, you }: { userId: string; email: string; role: MemberRole; you: boolean }) {
  const promote = role === "owner";
  const who = you ? "yourself" : email;
  return (
    <ConfirmButton
      label={promote ? "Make owner" : "Make member"}
      variant="outline"
      confirmTone="default"
      confirmTitle={promote ? `Make ${who} an owner?` : `Make ${who} a member?`}
      confirm={
        promote
          ? "Owners invite and remove members, change their roles and can delete the account."
          : "Members keep working with the account's emails, domains, keys and webhooks, but no longer invite, remove or change members, or delete the account. Invitations they sent that are still pending are withdrawn."
      }
      confirmLabel={promote ? "Make owner" : "Make member"}
      success={promote ? `${email} is now an owner` : `${email} is now a member`}
      action={() => trpc.team.changeRole.mutate({ userId, role })}
    />
  );
}

/** The signed-in member leaves the account; their sign-in goes with it, so the page moves to sign-in. */
export function LeaveAccountButton({ accountEmail }: { accountEmail: string }) {
  const router = useRouter();
  return (
    <ConfirmButton
      label="Leave account"
      confirmTitle={`Leave the account ${accountEmail}?`}
      confirm="You are signed out at once and your sign-in is deleted. To come back, an owner must invite you again."
      confirmLabel="Leave account"
      success="You left the account"
      action={() => trpc.team.leave.mutate({})}
      onSuccess={() => router.push("/sign-in")}
    />
  );
}
