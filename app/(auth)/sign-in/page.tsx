import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { sessionAccountId } from "@/server/auth/session";
import { signInAction } from "../actions";
import { AuthForm } from "../auth-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await sessionAccountId()) redirect("/");
  return <AuthForm mode="sign-in" action={signInAction} />;
}
