"use client";
import { setPasswordAction } from "../actions";
import { TokenPasswordForm } from "../token-password-form";

export function SetPasswordForm(props: { token: string; email: string }) {
  return (
    <TokenPasswordForm
      action={setPasswordAction}
      token={props.token}
      title="Choose your password"
      testId="set-password"
      intro={
        <p className="text-sm text-muted-foreground">
          For{" "}
          <strong data-testid="set-password-email" className="text-foreground wrap-anywhere">
            {props.email}
          </strong>
          . Choosing it signs out every other session.
        </p>
      }
      submitLabel="Set password and sign in"
      doneTitle="Password set"
      toastTitle="Password set"
    />
  );
}
