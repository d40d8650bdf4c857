import { LogInIcon, LogOutIcon, UserPlusIcon } from "lucide-react";
import Link from "next/link";
import { signOutAction } from "../../(auth)/actions";
import { Button } from "../ui/button";

/** What the shell shows of the account and of who is signed in to it (a member may be another user). */
export interface ShellAccount {
  email: string;
  plan: string;
  approved: boolean;
  paused: boolean;
  you: { email: string; role: "owner" | "member" };
}

/** Who is signed in, on which plan, and the way out. */
export function AccountFooter({ account }: { account: ShellAccount }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div className="min-w-0">
        <div className="truncate font-medium" data-testid="account-email" title={account.email}>
          {account.email}
        </div>
        {account.you.email !== account.email && (
          <div className="truncate text-muted-foreground" data-testid="signed-in-as" title={account.you.email}>
            {account.you.email}
          </div>
        )}
        <div className="text-muted-foreground">
          Plan: {account.plan}
          {account.approved ? "" : " · awaiting review"}
          {account.paused ? " · paused" : ""}
          {account.you.role === "owner" ? "" : " · member"}
        </div>
      </div>
      <form action={signOutAction}>
        <Button type="submit" variant="outline" size="sm" className="w-full">
          <LogOutIcon aria-hidden /> Sign out
        </Button>
      </form>
    </div>
  );
}

/** The way in, for pages a visitor can read without an account. */
export function VisitorFooter() {
  return (
    <div className="flex flex-col gap-2">
      <Button asChild size="sm">
        <Link href="/sign-in">
          <LogInIcon aria-hidden /> Sign in
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link href="/sign-up">
          <UserPlusIcon aria-hidden /> Create account
        </Link>
      </Button>
    </div>
  );
}
