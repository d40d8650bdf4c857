"use client";
import Link from "next/link";
import { useActionState } from "react";
import { MIN_PASSWORD_LENGTH } from "@/server/limits/constants";
import { Field } from "../_components/field";
import { ErrorAlert, Notice } from "../_components/notice";
import { Button } from "../_components/ui/button";
import { Input } from "../_components/ui/input";
import type { FormState } from "./actions";
import { AuthCard } from "./auth-card";

export function AuthForm(props: {
  mode: "sign-in" | "sign-up";
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  /** An error to show before any submission (a refused sign-in redirected back here). */
  initialError?: string | null;
}) {
  const [state, formAction, pending] = useActionState(props.action, { error: props.initialError ?? null, email: "" });
  const signUp = props.mode === "sign-up";
  if (state.notice) {
    return (
      <AuthCard title="Check your inbox">
        <Notice>{state.notice}</Notice>
        <p className="text-sm text-muted-foreground">
          <Link href="/sign-in">Sign in</Link> · <Link href="/verify-email">Send a new link</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={signUp ? "Create your Posthaste account" : "Sign in to Posthaste"}>
      <ErrorAlert error={state.error} />
      <form action={formAction} className="flex flex-col gap-4">
        <Field htmlFor="email" label="Email">
          <Input id="email" name="email" type="email" autoComplete="email" required defaultValue={state.email} />
        </Field>
        <Field htmlFor="password" label="Password">
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete={signUp ? "new-password" : "current-password"}
            required
            minLength={signUp ? MIN_PASSWORD_LENGTH : undefined}
          />
        </Field>
        {signUp && (
          <Field htmlFor="confirm" label="Confirm password">
            <Input id="confirm" name="confirm" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
          </Field>
        )}
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Please wait…" : signUp ? "Create account" : "Sign in"}
        </Button>
      </form>
      <div className="flex flex-col gap-1 text-sm text-muted-foreground">
        <p>
          {signUp ? (
            <>
              Already have an account? <Link href="/sign-in">Sign in</Link>
            </>
          ) : (
            <>
              New here? <Link href="/sign-up">Create an account</Link>
            </>
          )}
        </p>
        {!signUp && (
          <p>
            <Link href="/forgot-password" data-testid="forgot-password-link">
              Forgot your password, or have none yet?
            </Link>
          </p>
        )}
        <p>
          <Link href="/verify-email">Confirmation link lost or expired?</Link>
        </p>
      </div>
    </AuthCard>
  );
}
