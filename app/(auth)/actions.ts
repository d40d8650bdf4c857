"use server";
import { AuthError } from "next-auth";
import { registerOwner, SignUpError } from "@/server/auth/passwords";
import { signIn, signOut } from "@/server/auth/session";

export interface FormState {
  error: string | null;
  email: string;
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Failed sign-ins say the same thing for an unknown email and a wrong password. */
export async function signInAction(_prev: FormState, form: FormData): Promise<FormState> {
  const email = field(form, "email");
  try {
    await signIn("credentials", { email, password: field(form, "password"), redirectTo: "/" });
  } catch (err) {
    if (err instanceof AuthError) return { error: "Wrong email or password.", email };
    throw err; // the redirect on success
  }
  return { error: null, email };
}

export async function signUpAction(_prev: FormState, form: FormData): Promise<FormState> {
  const email = field(form, "email");
  const password = field(form, "password");
  if (password !== field(form, "confirm")) return { error: "The passwords do not match.", email };
  try {
    await registerOwner({ email, password });
  } catch (err) {
    if (err instanceof SignUpError) return { error: err.message, email };
    throw err;
  }
  await signIn("credentials", { email, password, redirectTo: "/" });
  return { error: null, email };
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
