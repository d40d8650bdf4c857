"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/server/limits/constants";
import { MutationForm } from "../../_components/client";
import { Field } from "../../_components/field";
import { Notice } from "../../_components/notice";
import { CardDescription } from "../../_components/ui/card";
import { Input } from "../../_components/ui/input";

const text = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

/** The current password, then the new one twice; every session ends, this one too, so it goes to sign-in. */
export function ChangePasswordForm() {
  const router = useRouter();
  return (
    <MutationForm
      id="change-password"
      title="Change password"
      submit={(form) => {
        if (text(form, "next") !== text(form, "confirm")) return Promise.reject(new Error("The new passwords do not match."));
        return trpc.account.changePassword.mutate({ current: text(form, "current"), next: text(form, "next") });
      }}
      success="Password changed. Sign in again with the new one."
      onSuccess={() => router.push("/sign-in")}
      button="Change password"
    >
      <CardDescription>Every session is signed out, this one too: sign in again with the new password.</CardDescription>
      <Field htmlFor="current-password" label="Current password">
        <Input
          id="current-password"
          name="current"
          type="password"
          autoComplete="current-password"
          required
          maxLength={MAX_PASSWORD_LENGTH}
        />
      </Field>
      <Field htmlFor="new-password" label="New password">
        <Input id="new-password" name="next" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
      </Field>
      <Field htmlFor="confirm-password" label="Confirm new password">
        <Input id="confirm-password" name="confirm" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
      </Field>
    </MutationForm>
  );
}

/** A new sign-in address: it changes once the link mailed to it is followed. */
export function ChangeEmailForm() {
  const [sent, setSent] = useState<string | null>(null);
  return (
    <MutationForm
      id="change-email"
      title="Change sign-in address"
      after={<Notice>{sent}</Notice>}
      onStart={() => setSent(null)}
      submit={(form) => trpc.account.changeEmail.mutate({ email: text(form, "email"), password: text(form, "password") })}
      success="Confirmation link sent"
      onSuccess={(result) => setSent(result.message)}
      button="Send confirmation link"
    >
      <Field htmlFor="new-email" label="New address">
        <Input id="new-email" name="email" type="email" autoComplete="email" required />
      </Field>
      <Field htmlFor="email-password" label="Current password">
        <Input
          id="email-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={MAX_PASSWORD_LENGTH}
        />
      </Field>
    </MutationForm>
  );
}

/** Owners only: type the account's email to delete it and everything in it; its keys stop at once. */
export function DeleteAccountForm({ email }: { email: string }) {
  const router = useRouter();
  return (
    <MutationForm
      id="delete-account"
      title="Delete account"
      className="border-destructive/40"
      destructive
      submit={(form) => trpc.account.remove.mutate({ confirmation: text(form, "confirmation") })}
      success="Account deleted"
      onSuccess={() => router.push("/sign-in")}
      button="Delete this account for good"
    >
      <CardDescription>
        Deletes the account with its emails, domains, API keys (they stop working at once), webhooks, suppressions and members. It cannot be
        undone.
      </CardDescription>
      <Field htmlFor="delete-confirmation" label={`Type ${email} to confirm`}>
        <Input id="delete-confirmation" name="confirmation" type="text" autoComplete="off" required data-testid="delete-confirmation" />
      </Field>
    </MutationForm>
  );
}
