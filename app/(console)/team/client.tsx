"use client";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import { ConfirmButton, MutationForm } from "../../_components/client";
import { Field } from "../../_components/field";
import { Notice } from "../../_components/notice";

export function InviteForm() {
  const [sent, setSent] = useState<string | null>(null);
  return (
    <MutationForm
      id="invite-member"
      title="Invite a member"
      inline
      after={<Notice>{sent}</Notice>}
      onStart={() => setSent(null)}
      submit={(form) => {
        const data = new FormData(form);
        const role = data.get("role") === "owner" ? "owner" : "member";
        return trpc.team.invite.mutate({ email: String(data.get("email") ?? ""), role });
      }}
      onSuccess={(result) => setSent(`Invitation sent to ${result.email}. The link works once.`)}
      button="Send invitation"
    >
      <Field htmlFor="invite-email" label="Email">
        <input id="invite-email" name="email" type="email" required placeholder="colleague@example.com" />
      </Field>
      <Field htmlFor="invite-role" label="Role">
        <select id="invite-role" name="role" defaultValue="member">
          <option value="member">Member</option>
          <option value="owner">Owner</option>
        </select>
      </Field>
    </MutationForm>
  );
}

export function RemoveMemberButton({ userId, email }: { userId: string; email: string }) {
  return (
    <ConfirmButton
      label="Remove"
      confirm={`Remove ${email} from the account? Their sign-in ends at once.`}
      action={() => trpc.team.removeMember.mutate({ userId })}
    />
  );
}

export function RevokeInvitationButton({ id, email }: { id: string; email: string }) {
  return (
    <ConfirmButton
      label="Revoke"
      confirm={`Revoke the invitation to ${email}? Its link stops working.`}
      action={() => trpc.team.revokeInvitation.mutate({ id })}
    />
  );
}
