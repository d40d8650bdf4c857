import type { Metadata } from "next";
import Link from "next/link";
import { INVITATION_INVALID, readInvitation } from "@/server/team/invitations";
import { ErrorAlert } from "../../_components/notice";
import { AuthPanel } from "../auth-panel";
import { AcceptInvitationForm } from "./form";

export const metadata: Metadata = { title: "Join a Posthaste account" };

/** An invitation's link: who invited whom to what, and the password to choose. */
export default async function AcceptInvitePage(props: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await props.searchParams;
  const invitation = typeof token === "string" && token ? await readInvitation(token) : null;
  if (!invitation || !token) {
    return (
      <AuthPanel title="Join a Posthaste account" testId="invitation-invalid">
        <ErrorAlert error={`${INVITATION_INVALID} Ask the account's owner for a new one.`} />
      </AuthPanel>
    );
  }
  if (invitation.taken) {
    return (
      <AuthPanel title="Join a Posthaste account" testId="invitation-taken">
        <ErrorAlert
          error={`${invitation.email} already signs in to a Posthaste account, and an address belongs to one account. Ask ${invitation.invitedBy ?? "the owner"} to invite another address, or change the address of your sign-in first.`}
        />
        <p className="text-sm text-muted-foreground">
          <Link href="/sign-in">Sign in</Link>
        </p>
      </AuthPanel>
    );
  }
  return <AcceptInvitationForm token={token} invitation={invitation} />;
}
