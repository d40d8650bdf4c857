"use client";
import Link from "next/link";
import { useActionState } from "react";
import { HydrationMark } from "../../_components/client";
import { ErrorAlert, Notice } from "../../_components/notice";
import { confirmEmailAction, resendVerificationAction } from "../actions";
import { Field } from "../../_components/field";

function Panel(props: { title: string; children: React.ReactNode }) {
  return (
    <main className="auth">
      <div className="panel">
        <h1>{props.title}</h1>
        {props.children}
      </div>
      <HydrationMark />
    </main>
  );
}

export function ConfirmForm(props: { token: string }) {
  const [state, action, pending] = useActionState(confirmEmailAction, { result: null });
  if (state.result === "confirmed") {
    return (
      <Panel title="Address confirmed">
        <Notice>Your address is confirmed. You can sign in now.</Notice>
        <p>
          <Link href="/sign-in">Sign in</Link>
        </p>
      </Panel>
    );
  }
  return (
    <Panel title="Confirm your address">
      <ErrorAlert
        error={
          state.result === "invalid" && (
            <>
              This link has expired, has already been used, or was replaced by a newer one.{" "}
              <Link href="/verify-email">Send a new link</Link>.
            </>
          )
        }
      />
      <form action={action}>
        <input type="hidden" name="token" value={props.token} />
        <button type="submit" disabled={pending}>
          {pending ? "Please wait…" : "Confirm my address"}
        </button>
      </form>
    </Panel>
  );
}

export function ResendForm() {
  const [state, action, pending] = useActionState(resendVerificationAction, { error: null, email: "" });
  return (
    <Panel title="Send a new confirmation link">
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
    </Panel>
  );
}
