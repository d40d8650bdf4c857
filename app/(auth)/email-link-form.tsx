"use client";
import Link from "next/link";
import { useActionState } from "react";
import { Field } from "../_components/field";
import { ErrorAlert, Notice } from "../_components/notice";
import { Button } from "../_components/ui/button";
import { Input } from "../_components/ui/input";
import type { FormState } from "./actions";
import { useNoticeToast } from "./notice-toast";

/**
 * The form of a page that emails a link to an address (a password link, a new confirmation
 * link): the address, what happened (in a toast too when `toast` names it), and the way
 * back to sign in.
 */
export function EmailLinkForm(props: { send: (prev: FormState, form: FormData) => Promise<FormState>; toast?: string }) {
  const [state, action, pending] = useActionState(props.send, { error: null, email: "" });
  useNoticeToast(props.toast ? state.notice : null, props.toast ?? "");
  return (
    <>
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
    </>
  );
}
