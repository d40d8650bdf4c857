"use client";
import Link from "next/link";
import { useActionState } from "react";
import { Field } from "../../_components/field";
import { ErrorAlert, Notice } from "../../_components/notice";
import { requestPasswordResetAction } from "../actions";
import { AuthPanel } from "../auth-panel";

/** Asks for a password link; the answer reads the same whatever the address. */
export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState(requestPasswordResetAction, { error: null, email: "" });
  return (
    <AuthPanel title="Choose a new password" testId="forgot-password">
      <p className="muted">
        Enter the address you sign in with. If it has a Posthaste sign-in, we email it a link to choose a new password.
      </p>
      <ErrorAlert error={state.error} />
      <Notice>{state.notice}</Notice>
      <form action={action}>
        <Field htmlFor="email" label="Email">
          <input id="email" name="email" type="email" autoComplete="email" required defaultValue={state.email} />
        </Field>
        <button type="submit" disabled={pending}>
          {pending ? "Please wait…" : "Send link"}
        </button>
      </form>
      <p className="muted" style={{ marginTop: 16 }}>
        <Link href="/sign-in">Back to sign in</Link>
      </p>
    </AuthPanel>
  );
}
