"use client";
import Link from "next/link";
import { useActionState } from "react";
import { Field } from "../../_components/field";
import { ErrorAlert, Notice } from "../../_components/notice";
import { Button } from "../../_components/ui/button";
import { Input } from "../../_components/ui/input";
import { requestPasswordResetAction } from "../actions";
import { AuthPanel } from "../auth-panel";
import { useNoticeToast } from "../notice-toast";

/** Asks for a password link; the answer reads the same whatever the address. */
export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState(requestPasswordResetAction, { error: null, email: "" });
  useNoticeToast(state.notice, "Password link requested");
  return (
    <AuthPanel title="Choose a new password" testId="forgot-password">
      <p className="text-sm text-muted-foreground">
        Enter the address you sign in with. If it has a Posthaste sign-in, we email it a link to choose a new password.
      </p>
      <ErrorAlert error={state.error} />
      <Notice>{state.notice}</Notice>
      <form action={action} className="flex flex-col gap-4">
        <Field htmlFor="email" label="Email">
          <Input id="email" name="email" type="email" autoComplete="email" required defaultValue={state.email} />
        </Field>
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Please wait…" : "Send link"}
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">
        <Link href="/sign-in">Back to sign in</Link>
      </p>
    </AuthPanel>
  );
}
