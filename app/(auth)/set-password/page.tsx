import type { Metadata } from "next";
import Link from "next/link";
import { PASSWORD_LINK_INVALID, readPasswordLink } from "@/server/auth/password-reset";
import { ErrorAlert } from "../../_components/notice";
import { AuthPanel } from "../auth-panel";
import { SetPasswordForm } from "./form";

export const metadata: Metadata = { title: "Choose your password" };

/** A password link (a reset mail, or the link `accounts create` prints): choose the password, then straight in. */
export default async function SetPasswordPage(props: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await props.searchParams;
  const link = typeof token === "string" && token ? await readPasswordLink(token) : null;
  if (!link || !token) {
    return (
      <AuthPanel title="Choose your password" testId="set-password-invalid">
        <ErrorAlert error={PASSWORD_LINK_INVALID} />
        <p className="text-sm text-muted-foreground">
          <Link href="/forgot-password">Send a new link</Link> · <Link href="/sign-in">Sign in</Link>
        </p>
      </AuthPanel>
    );
  }
  return <SetPasswordForm token={token} email={link.email} />;
}
