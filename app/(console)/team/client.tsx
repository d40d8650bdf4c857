"use client";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
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
