"use server";
import { AuthError, CredentialsSignin } from "next-auth";
import { headers } from "next/headers";
import { clientIp } from "@/server/auth/client-ip";
import { confirmEmailChange } from "@/server/auth/email-change";
import { confirmEmail } from "@/server/auth/email-verification";
import { PASSWORD_LINK_INVALID, RESET_SENT, requestPasswordReset, setPasswordWithLink } from "@/server/auth/password-reset";
import { TooManyAttempts } from "@/server/auth/rate-limit";
import { signIn, signOut } from "@/server/auth/session";
import { SIGN_IN_FAILED, SIGN_IN_LIMITED } from "@/server/auth/sign-in";
import { CHECK_INBOX, RESEND_SENT, resendVerification, SignUpError, signUpOwner } from "@/server/auth/sign-up";
import { ApiError } from "@/server/errors";
import { acceptInvitation } from "@/server/team/invitations";

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

/** "Forgot password": the same answer whatever the address (RESET_SENT). */
export async function requestPasswordResetAction(_prev: FormState, form: FormData): Promise<FormState> {
  const email = field(form, "email").trim();
  if (!email) return { error: "Enter your email address.", email };
  try {
    await requestPasswordReset({ email, ip: clientIp(await headers()) });
  } catch (err) {
    if (err instanceof TooManyAttempts) return { error: err.message, email };
    throw err;
  }
  return { error: null, notice: RESET_SENT, email };
}

/** Signs the user in with the password just chosen; if that is refused (a limit), says to sign in. */
async function signInWith(email: string, password: string, done: string, flag: string): Promise<FormState> {
  try {
    // The flag lets the console confirm it in a toast (app/_components/flag-toast.tsx).
    await signIn("credentials", { email, password, redirectTo: `/?done=${flag}` });
  } catch (err) {
    if (err instanceof AuthError) return { error: null, notice: `${done} Sign in with it.`, email };
    throw err; // the redirect on success
  }
  return { error: null, email };
}

/** A password link (reset, or the CLI's first sign-in): choose the password, then go straight in. */
export async function setPasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  const password = field(form, "password");
  if (password !== field(form, "confirm")) return { error: "The passwords do not match.", email: "" };
  let result: Awaited<ReturnType<typeof setPasswordWithLink>>;
  try {
    result = await setPasswordWithLink(field(form, "token"), password);
  } catch (err) {
    if (err instanceof ApiError) return { error: err.message, email: "" };
    throw err;
  }
  if (result === "invalid") return { error: PASSWORD_LINK_INVALID, email: "" };
  return signInWith(result.email, password, "Your password is set.", "password-set");
}

/** An invitation: the invitee chooses a password, becomes a member and goes straight in. */
export async function acceptInvitationAction(_prev: FormState, form: FormData): Promise<FormState> {
  const password = field(form, "password");
  if (password !== field(form, "confirm")) return { error: "The passwords do not match.", email: "" };
  let joined: { email: string };
  try {
    joined = await acceptInvitation(field(form, "token"), password);
  } catch (err) {
    if (err instanceof ApiError) return { error: err.message, email: "" };
    throw err;
  }
  return signInWith(joined.email, password, "You have joined the account.", "joined");
}

export interface EmailChangeState {
  result: "changed" | "invalid" | null;
}

/** Confirms on a button press, like the verification link. */
export async function confirmEmailChangeAction(_prev: EmailChangeState, form: FormData): Promise<EmailChangeState> {
  return { result: await confirmEmailChange(field(form, "token")) };
}

export async function signOutAction(): Promise<void> {
  // The sign-in page reads the flag to confirm it in a toast.
  await signOut({ redirectTo: "/sign-in?signed-out=1" });
}
