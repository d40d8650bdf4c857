"use client";
import Link from "next/link";
import { useActionState } from "react";
import { ErrorAlert, Notice } from "../../_components/notice";
import { setPasswordAction } from "../actions";
import { AuthPanel } from "../auth-panel";
import { NewPasswordFields } from "../password-fields";

export function SetPasswordForm(props: { token: string; email: string }) {
  const [state, action, pending] = useActionState(setPasswordAction, { error: null, email: "" });
  if (state.notice) {
    return (
      <AuthPanel title="Password set">
        <Notice>{state.notice}</Notice>
        <p>
          <Link href="/sign-in">Sign in</Link>
        </p>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title="Choose your password" testId="set-password">
      <p>
        For <strong data-testid="set-password-email">{props.email}</strong>. Choosing it signs out every other session.
      </p>
      <ErrorAlert error={state.error} />
      <form action={action}>
        <input type="hidden" name="token" value={props.token} />
        <NewPasswordFields />
        <button type="submit" disabled={pending}>
          {pending ? "Please wait…" : "Set password and sign in"}
        </button>
      </form>
    </AuthPanel>
  );
}
