"use client";
import Link from "next/link";
import { useActionState } from "react";
import { HydrationMark } from "../../_components/client";
import { confirmEmailAction, resendVerificationAction } from "../actions";

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
        <div className="alert success" role="status">
          Your address is confirmed. You can sign in now.
        </div>
        <p>
          <Link href="/sign-in">Sign in</Link>
        </p>
      </Panel>
    );
  }
  return (
    <Panel title="Confirm your address">
      {state.result === "invalid" && (
        <div className="alert error" role="alert">
          This link has expired, has already been used, or was replaced by a newer one. <Link href="/verify-email">Send a new link</Link>.
        </div>
      )}
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
      {state.error && (
        <div className="alert error" role="alert">
          {state.error}
        </div>
      )}
      {state.notice && (
        <div className="alert success" role="status">
          {state.notice}
        </div>
      )}
      <form action={action}>
        <div className="field">
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="email" required defaultValue={state.email} />
        </div>
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
