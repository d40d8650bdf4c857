"use client";
import Link from "next/link";
import { useActionState, type ReactNode } from "react";
import { ErrorAlert, Notice } from "../_components/notice";
import { Button } from "../_components/ui/button";
import type { FormState } from "./actions";
import { AuthPanel } from "./auth-panel";
import { useNoticeToast } from "./notice-toast";
import { NewPasswordFields } from "./password-fields";

/**
 * A password chosen through an emailed link (a reset, or an invitation): the link's token
 * rides along hidden, and once the action succeeds the panel says so and offers sign-in.
 */
export function TokenPasswordForm(props: {
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  token: string;
  title: string;
  testId: string;
  /** What the link is for, above the fields. */
  intro: ReactNode;
  submitLabel: string;
  doneTitle: string;
  toastTitle: string;
}) {
  const [state, action, pending] = useActionState(props.action, { error: null, email: "" });
  useNoticeToast(state.notice, props.toastTitle);
  if (state.notice) {
    return (
      <AuthPanel title={props.doneTitle}>
        <Notice>{state.notice}</Notice>
        <Button asChild className="w-full">
          <Link href="/sign-in">Sign in</Link>
        </Button>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title={props.title} testId={props.testId}>
      {props.intro}
      <ErrorAlert error={state.error} />
      <form action={action} className="flex flex-col gap-4">
        <input type="hidden" name="token" value={props.token} />
        <NewPasswordFields />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Please wait…" : props.submitLabel}
        </Button>
      </form>
    </AuthPanel>
  );
}
