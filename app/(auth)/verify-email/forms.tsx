"use client";
import Link from "next/link";
import { useActionState } from "react";
import { Field } from "../../_components/field";
import { ErrorAlert, Notice } from "../../_components/notice";
import { Button } from "../../_components/ui/button";
import { Input } from "../../_components/ui/input";
import { confirmEmailAction, resendVerificationAction } from "../actions";
import { AuthCard } from "../auth-card";

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
  const [state, action, pending] = useActionState(resendVerificationAction, { error: null, email: "" });
  return (
    <AuthCard title="Send a new confirmation link">
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
    </AuthCard>
  );
}
