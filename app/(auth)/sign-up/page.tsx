import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { sessionMember } from "@/server/auth/session";
import { signUpAction } from "../actions";
import { AuthForm } from "../auth-form";

export const metadata: Metadata = { title: "Create account" };

export default async function SignUpPage() {
  if (await sessionMember()) redirect("/");
  return <AuthForm mode="sign-up" action={signUpAction} />;
}
