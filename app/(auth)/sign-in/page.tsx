import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { sessionMember } from "@/server/auth/session";
import { SIGN_IN_FAILED, SIGN_IN_LIMITED } from "@/server/auth/sign-in";
import { signInAction } from "../actions";
import { AuthForm } from "../auth-form";
import { SignedOutToast } from "./signed-out-toast";

export const metadata: Metadata = { title: "Sign in" };

/** next-auth sends a refused direct POST back here with `error` (and our `code`); a sign-out arrives with `signed-out`. */
export default async function SignInPage(props: { searchParams: Promise<{ error?: string; code?: string; "signed-out"?: string }> }) {
  if (await sessionMember()) redirect("/");
  const { error, code, "signed-out": signedOut } = await props.searchParams;
  const initialError = error === "CredentialsSignin" ? (code === "rate_limited" ? SIGN_IN_LIMITED : SIGN_IN_FAILED) : null;
  return (
    <>
      {signedOut && <SignedOutToast />}
      <AuthForm mode="sign-in" action={signInAction} initialError={initialError} />
    </>
  );
}
