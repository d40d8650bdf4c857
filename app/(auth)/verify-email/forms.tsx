"use client";
import Link from "next/link";
import { useActionState } from "react";
import { ErrorAlert, Notice } from "../../_components/notice";
import { Button } from "../../_components/ui/button";
import { confirmEmailAction, resendVerificationAction } from "../actions";
import { AuthCard } from "../auth-card";
import { EmailLinkForm } from "../email-link-form";

export function ConfirmForm(props: { token: string }) {
  const [state, action, pending] = useActionState(confirmEmailAction, { result: null });
  if (state.result === "confirmed") {
    return (
      <AuthCard title="Address confirmed">
        <Notice>Your address is confirmed. You can sign in now.</Notice>
        <Button asChild className="w-full">
          <Link href="/sign-in">Sign in</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your address">
      <ErrorAlert
        error={
          state.result === "invalid" && (
            <>
              This link has expired, has already been used, or was replaced by a newer one.{" "}
              <Link href="/verify-email" className="text-inherit underline">
                Send a new link
              </Link>
              .
            </>
          )
        }
      />
      <form action={action}>
        <input type="hidden" name="token" value={props.token} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Please wait…" : "Confirm my address"}
        </Button>
      </form>
    </AuthCard>
  );
}

export function ResendForm() {
  return (
    <AuthCard title="Send a new confirmation link">
      <EmailLinkForm send={resendVerificationAction} />
    </AuthCard>
  );
}
