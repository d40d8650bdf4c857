"use client";
import Link from "next/link";
import { useActionState, useEffect } from "react";
import { toast } from "sonner";
import { ErrorAlert, Notice } from "../../_components/notice";
import { Button } from "../../_components/ui/button";
import { confirmEmailChangeAction } from "../actions";
import { AuthPanel } from "../auth-panel";

const INVALID = "This link has expired, has already been used, or the address was taken meanwhile. Ask for a new one in Settings.";

export function ConfirmEmailChangeForm(props: { token: string; change: { from: string; to: string } | null }) {
  const [state, action, pending] = useActionState(confirmEmailChangeAction, { result: null });
  useEffect(() => {
    if (state.result === "changed") toast.success("Sign-in address changed");
  }, [state]);
  if (state.result === "changed") {
    return (
      <AuthPanel title="Address changed">
        <Notice>
          You now sign in as <strong className="wrap-anywhere">{props.change?.to}</strong>. We told the old address.
        </Notice>
        <Button asChild className="w-full">
          <Link href="/">Go to the dashboard</Link>
        </Button>
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
      <p className="text-sm text-muted-foreground">
        Sign in as <strong className="text-foreground wrap-anywhere">{props.change.to}</strong> instead of{" "}
        <span className="wrap-anywhere">{props.change.from}</span> from now on.
      </p>
      <ErrorAlert error={state.result === "invalid" && INVALID} />
      <form action={action}>
        <input type="hidden" name="token" value={props.token} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Please wait…" : "Confirm my new address"}
        </Button>
      </form>
    </AuthPanel>
  );
}
