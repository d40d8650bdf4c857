import type { Metadata } from "next";
import { readEmailChangeLink } from "@/server/auth/email-change";
import { ConfirmEmailChangeForm } from "./form";

export const metadata: Metadata = { title: "Confirm your new address" };

/** The link mailed to a new sign-in address; it confirms on a button press, so mail scanners change nothing. */
export default async function ConfirmEmailChangePage(props: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await props.searchParams;
  const change = typeof token === "string" && token ? readEmailChangeLink(token) : null;
  return <ConfirmEmailChangeForm token={token ?? ""} change={change} />;
}
