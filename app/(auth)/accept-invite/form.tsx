"use client";
import Link from "next/link";
import { useActionState } from "react";
import type { InvitationView } from "@/server/team/invitations";
import { ErrorAlert, Notice } from "../../_components/notice";
import { acceptInvitationAction } from "../actions";
import { AuthPanel } from "../auth-panel";
import { NewPasswordFields } from "../password-fields";

export function AcceptInvitationForm(props: { token: string; invitation: InvitationView }) {
  const [state, action, pending] = useActionState(acceptInvitationAction, { error: null, email: "" });
  const { invitation } = props;
  if (state.notice) {
    return (
      <AuthPanel title="Welcome">
        <Notice>{state.notice}</Notice>
        <p>
          <Link href="/sign-in">Sign in</Link>
        </p>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title="Join a Posthaste account" testId="accept-invitation">
      <p data-testid="invitation-summary">
        {invitation.invitedBy ?? "An owner"} invited <strong>{invitation.email}</strong> to the account{" "}
        <strong>{invitation.accountEmail}</strong> as {invitation.role === "owner" ? "an owner" : "a member"}. Choose the password you will
        sign in with.
      </p>
      <ErrorAlert error={state.error} />
      <form action={action}>
        <input type="hidden" name="token" value={props.token} />
        <NewPasswordFields />
        <button type="submit" disabled={pending}>
          {pending ? "Please wait…" : "Join and sign in"}
        </button>
      </form>
    </AuthPanel>
  );
}
