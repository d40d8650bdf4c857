import type { Metadata } from "next";
import { ConfirmForm, ResendForm } from "./forms";

export const metadata: Metadata = { title: "Confirm your address" };

/** With `?token=`: the link from the verification email. Without: ask for a new link. */
export default async function VerifyEmailPage(props: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await props.searchParams;
  return typeof token === "string" && token ? <ConfirmForm token={token} /> : <ResendForm />;
}
