"use client";
import Link from "next/link";
import { useActionState } from "react";
import { ErrorAlert, Notice } from "../../_components/notice";
import { Button } from "../../_components/ui/button";
import { setPasswordAction } from "../actions";
import { AuthPanel } from "../auth-panel";
import { useNoticeToast } from "../notice-toast";
import { NewPasswordFields } from "../password-fields";

export function SetPasswordForm(props: { token: string; email: string }) {
  const [state, action, pending] = useActionState(setPasswordAction, { error: null, email: "" });
  useNoticeToast(state.notice, "Password set");
  if (state.notice) {
    return (
      <AuthPanel title="Password set">
        <Notice>{state.notice}</Notice>
        <Button asChild className="w-full">
          <Link href="/sign-in">Sign in</Link>
        </Button>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title="Choose your password" testId="set-password">
      <p className="text-sm text-muted-foreground">
        For{" "}
        <strong data-testid="set-password-email" className="text-foreground wrap-anywhere">
          {props.email}
        </strong>
        . Choosing it signs out every other session.
      </p>
      <ErrorAlert error={state.error} />
      <form action={action} className="flex flex-col gap-4">
        <input type="hidden" name="token" value={props.token} />
        <NewPasswordFields />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Please wait…" : "Set password and sign in"}
        </Button>
      </form>
    </AuthPanel>
  );
}
