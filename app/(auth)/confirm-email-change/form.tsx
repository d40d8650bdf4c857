"use client";
import Link from "next/link";
import { useActionState } from "react";
import { ErrorAlert, Notice } from "../../_components/notice";
import { confirmEmailChangeAction } from "../actions";
import { AuthPanel } from "../auth-panel";

const INVALID = "This link has expired, has already been used, or the address was taken meanwhile. Ask for a new one in Settings.";

export function ConfirmEmailChangeForm(props: { token: string; change: { from: string; to: string } | null }) {
  const [state, action, pending] = useActionState(confirmEmailChangeAction, { result: null });
  if (state.result === "changed") {
    return (
      <AuthPanel title="Address changed">
        <Notice>
          You now sign in as <strong>{props.change?.to}</strong>. We told the old address.
        </Notice>
        <p>
          <Link href="/">Go to the dashboard</Link>
        </p>
      </AuthPanel>
    );
  }
  if (!props.change) {
    return (
      <AuthPanel title="Confirm your new address" testId="email-change-invalid">
        <ErrorAlert error={INVALID} />
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title="Confirm your new address" testId="confirm-email-change">
      <p>
        Sign in as <strong>{props.change.to}</strong> instead of {props.change.from} from now on.
      </p>
      <ErrorAlert error={state.result === "invalid" && INVALID} />
      <form action={action}>
        <input type="hidden" name="token" value={props.token} />
        <button type="submit" disabled={pending}>
          {pending ? "Please wait…" : "Confirm my new address"}
        </button>
      </form>
    </AuthPanel>
  );
}
