"use client";
import Link from "next/link";
import { useActionState } from "react";
import type { InvitationView } from "@/server/team/invitations";
import { ErrorAlert, Notice } from "../../_components/notice";
import { Button } from "../../_components/ui/button";
import { acceptInvitationAction } from "../actions";
import { AuthPanel } from "../auth-panel";
import { useNoticeToast } from "../notice-toast";
import { NewPasswordFields } from "../password-fields";

export function AcceptInvitationForm(props: { token: string; invitation: InvitationView }) {
  const [state, action, pending] = useActionState(acceptInvitationAction, { error: null, email: "" });
  useNoticeToast(state.notice, "Invitation accepted");
  const { invitation } = props;
  if (state.notice) {
    return (
      <AuthPanel title="Welcome">
        <Notice>{state.notice}</Notice>
        <Button asChild className="w-full">
          <Link href="/sign-in">Sign in</Link>
        </Button>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title="Join a Posthaste account" testId="accept-invitation">
      <p data-testid="invitation-summary" className="text-sm text-muted-foreground">
        {invitation.invitedBy ?? "An owner"} invited <strong className="text-foreground wrap-anywhere">{invitation.email}</strong> to the
        account <strong className="text-foreground wrap-anywhere">{invitation.accountEmail}</strong> as{" "}
        {invitation.role === "owner" ? "an owner" : "a member"}. Choose the password you will sign in with.
      </p>
      <ErrorAlert error={state.error} />
      <form action={action} className="flex flex-col gap-4">
        <input type="hidden" name="token" value={props.token} />
        <NewPasswordFields />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Please wait…" : "Join and sign in"}
        </Button>
      </form>
    </AuthPanel>
  );
}
