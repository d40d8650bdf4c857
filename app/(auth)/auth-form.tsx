"use client";
import Link from "next/link";
import { useActionState } from "react";
import { MIN_PASSWORD_LENGTH } from "@/server/limits/constants";
import { HydrationMark } from "../_components/client";
import { ErrorAlert, Notice } from "../_components/notice";
import type { FormState } from "./actions";
import { Field } from "../_components/field";

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
      <main className="auth">
        <div className="panel">
          <h1>Check your inbox</h1>
          <Notice>{state.notice}</Notice>
          <p className="muted">
            <Link href="/sign-in">Sign in</Link> · <Link href="/verify-email">Send a new link</Link>
          </p>
        </div>
        <HydrationMark />
      </main>
    );
  }
  return (
    <main className="auth">
      <div className="panel">
        <h1>{signUp ? "Create your Posthaste account" : "Sign in to Posthaste"}</h1>
        <ErrorAlert error={state.error} />
        <form action={formAction}>
          <Field htmlFor="email" label="Email">
            <input id="email" name="email" type="email" autoComplete="email" required defaultValue={state.email} />
          </Field>
          <Field htmlFor="password" label="Password">
            <input
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
              <input id="confirm" name="confirm" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
            </Field>
          )}
          <button type="submit" disabled={pending}>
            {pending ? "Please wait…" : signUp ? "Create account" : "Sign in"}
          </button>
        </form>
        <p className="muted" style={{ marginTop: 16 }}>
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
          <p className="muted">
            <Link href="/forgot-password" data-testid="forgot-password-link">
              Forgot your password, or have none yet?
            </Link>
          </p>
        )}
        <p className="muted">
          <Link href="/verify-email">Confirmation link lost or expired?</Link>
        </p>
      </div>
      <HydrationMark />
    </main>
  );
}
