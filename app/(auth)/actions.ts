"use server";
import { AuthError, CredentialsSignin } from "next-auth";
import { headers } from "next/headers";
import { clientIp } from "@/server/auth/client-ip";
import { confirmEmail } from "@/server/auth/email-verification";
import { TooManyAttempts } from "@/server/auth/rate-limit";
import { signIn, signOut } from "@/server/auth/session";
import { SIGN_IN_FAILED, SIGN_IN_LIMITED } from "@/server/auth/sign-in";
import { CHECK_INBOX, RESEND_SENT, resendVerification, SignUpError, signUpOwner } from "@/server/auth/sign-up";

export interface FormState {
  error: string | null;
  /** Set when the form is done: what to tell the user (the same whatever the address). */
  notice?: string | null;
  email: string;
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Failed sign-ins say the same thing for an unknown email, a wrong password and an unconfirmed address. */
export async function signInAction(_prev: FormState, form: FormData): Promise<FormState> {
  const email = field(form, "email");
  try {
    await signIn("credentials", { email, password: field(form, "password"), redirectTo: "/" });
  } catch (err) {
    if (err instanceof CredentialsSignin && err.code === "rate_limited") return { error: SIGN_IN_LIMITED, email };
    if (err instanceof AuthError) return { error: SIGN_IN_FAILED, email };
    throw err; // the redirect on success
  }
  return { error: null, email };
}

/** Every accepted sign-up reads "check your inbox", whether the address was free or taken. */
export async function signUpAction(_prev: FormState, form: FormData): Promise<FormState> {
  const email = field(form, "email");
  const password = field(form, "password");
  if (password !== field(form, "confirm")) return { error: "The passwords do not match.", email };
  try {
    await signUpOwner({ email, password, ip: clientIp(await headers()) });
  } catch (err) {
    if (err instanceof SignUpError || err instanceof TooManyAttempts) return { error: err.message, email };
    throw err;
  }
  return { error: null, notice: CHECK_INBOX, email };
}

export async function resendVerificationAction(_prev: FormState, form: FormData): Promise<FormState> {
  const email = field(form, "email").trim();
  if (!email) return { error: "Enter your email address.", email };
  try {
    await resendVerification({ email, ip: clientIp(await headers()) });
  } catch (err) {
    if (err instanceof TooManyAttempts) return { error: err.message, email };
    throw err;
  }
  return { error: null, notice: RESEND_SENT, email };
}

export interface ConfirmState {
  result: "confirmed" | "invalid" | null;
}

/** Confirms on a button press, not on opening the link, so mail scanners that fetch links confirm nothing. */
export async function confirmEmailAction(_prev: ConfirmState, form: FormData): Promise<ConfirmState> {
  return { result: await confirmEmail(field(form, "token")) };
}

export async function signOutAction(): Promise<void> {
  // The sign-in page reads the flag to confirm it in a toast.
  await signOut({ redirectTo: "/sign-in?signed-out=1" });
}
