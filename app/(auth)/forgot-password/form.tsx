"use client";
import { requestPasswordResetAction } from "../actions";
import { AuthPanel } from "../auth-panel";
import { EmailLinkForm } from "../email-link-form";

/** Asks for a password link; the answer reads the same whatever the address. */
export function ForgotPasswordForm() {
  return (
    <AuthPanel title="Choose a new password" testId="forgot-password">
      <p className="text-sm text-muted-foreground">
        Enter the address you sign in with. If it has a Posthaste sign-in, we email it a link to choose a new password.
      </p>
      <EmailLinkForm send={requestPasswordResetAction} toast="Password link requested" />
    </AuthPanel>
  );
}
