"use client";
import type { InvitationView } from "@/server/team/invitations";
import { acceptInvitationAction } from "../actions";
import { TokenPasswordForm } from "../token-password-form";

export function AcceptInvitationForm(props: { token: string; invitation: InvitationView }) {
  const { invitation } = props;
  return (
    <TokenPasswordForm
      action={acceptInvitationAction}
      token={props.token}
      title="Join a Posthaste account"
      testId="accept-invitation"
      intro={
        <p data-testid="invitation-summary" className="text-sm text-muted-foreground">
          {invitation.invitedBy ?? "An owner"} invited <strong className="text-foreground wrap-anywhere">{invitation.email}</strong> to the
          account <strong className="text-foreground wrap-anywhere">{invitation.accountEmail}</strong> as{" "}
          {invitation.role === "owner" ? "an owner" : "a member"}. Choose the password you will sign in with.
        </p>
      }
      submitLabel="Join and sign in"
      doneTitle="Welcome"
      toastTitle="Invitation accepted"
    />
  );
}
