"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import type { Disposition, MemberRole } from "@/server/team/schemas";
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

/** "2 API keys and 1 webhook endpoint": what a member made, for the removal and leave dialogs. */
export function madeSummary(made: { keys: number; webhooks: number }): string {
  const parts = [];
  if (made.keys > 0) parts.push(`${made.keys} API key${made.keys === 1 ? "" : "s"}`);
  if (made.webhooks > 0) parts.push(`${made.webhooks} webhook endpoint${made.webhooks === 1 ? "" : "s"}`);
  return parts.join(" and ");
}

/**
 * Removes a member after a styled confirmation. When they made API keys or webhook endpoints, the
 * dialog asks what becomes of them, carried out with the removal (server/team/departure.ts):
 * revoked and deleted (the default), or handed over to the owner removing them.
 */
export function RemoveMemberButton({ userId, email, made }: { userId: string; email: string; made: { keys: number; webhooks: number } }) {
  const [choice, setChoice] = useState<Disposition>("revoke");
  const what = madeSummary(made);
  const options: { value: Disposition; label: string; detail: string }[] = [
    {
      value: "revoke",
      label: "Revoke and delete them",
      detail: "Requests with their keys fail at once, and their endpoints stop receiving events.",
    },
    {
      value: "hand_over",
      label: "Hand them over to me",
      detail: `They keep working as yours. ${email} may still hold the keys: rotate them soon.`,
    },
  ];
  return (
    <ConfirmButton
      label="Remove"
      confirmTitle={`Remove ${email}?`}
      confirm={
        what
          ? `They are signed out at once and their sign-in is deleted. They made ${what}. What becomes of them?`
          : "They are signed out at once and their sign-in is deleted. They made no API keys or webhook endpoints."
      }
      confirmBody={
        what && (
          <fieldset className="flex flex-col gap-2" data-testid="removal-choice">
            <legend className="sr-only">What becomes of the API keys and webhook endpoints they made</legend>
            {options.map((o) => (
              <label key={o.value} className="flex items-start gap-2 rounded-md border p-3 text-sm has-checked:border-primary">
                <input
                  type="radio"
                  name={`made-by-${userId}`}
                  value={o.value}
                  checked={choice === o.value}
                  onChange={() => setChoice(o.value)}
                  className="mt-0.5"
                />
                <span>
                  <span className="font-medium">{o.label}</span>
                  <span className="block text-muted-foreground">{o.detail}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )
      }
      confirmLabel="Remove member"
      success={(r) => {
        const revoked = r.keys.revoked + r.webhooks.removed;
        const handed = r.keys.handedOver + r.webhooks.handedOver;
        if (handed > 0) {
          return `${email} removed; ${madeSummary({ keys: r.keys.handedOver, webhooks: r.webhooks.handedOver })} ${handed === 1 ? "is" : "are"} now yours`;
        }
        if (revoked > 0) return `${email} removed; ${madeSummary({ keys: r.keys.revoked, webhooks: r.webhooks.removed })} revoked`;
        return `${email} removed from the team`;
      }}
      action={() => trpc.team.removeMember.mutate({ userId, keysAndWebhooks: what ? choice : "revoke" })}
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

/**
 * The signed-in member leaves the account; their sign-in goes with it, so the page moves to
 * sign-in. What they made is revoked with no choice (server/team/leave.ts).
 */
export function LeaveAccountButton({ accountEmail, made }: { accountEmail: string; made: { keys: number; webhooks: number } }) {
  const router = useRouter();
  const what = madeSummary(made);
  return (
    <ConfirmButton
      label="Leave account"
      confirmTitle={`Leave the account ${accountEmail}?`}
      confirm={`You are signed out at once and your sign-in is deleted. To come back, an owner must invite you again.${
        what
          ? ` The ${what} you made ${made.keys + made.webhooks === 1 ? "is" : "are"} revoked: to keep them working, ask an owner to remove you and take them over instead.`
          : ""
      }`}
      confirmLabel="Leave account"
      success="You left the account"
      action={() => trpc.team.leave.mutate({})}
      onSuccess={() => router.push("/sign-in")}
    />
  );
}
