import { LogInIcon, LogOutIcon, UserPlusIcon } from "lucide-react";
import Link from "next/link";
import type { Account } from "@/server/accounts/account-cache";
import { signOutAction } from "../../(auth)/actions";
import { Button } from "../ui/button";

export type ShellAccount = Pick<Account, "email" | "plan" | "approvedAt" | "pausedAt">;

/** Who is signed in, on which plan, and the way out. */
export function AccountFooter({ account }: { account: ShellAccount }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div className="min-w-0">
        <div className="truncate font-medium" data-testid="account-email" title={account.email}>
          {account.email}
        </div>
        <div className="text-muted-foreground">
          Plan: {account.plan}
          {account.approvedAt ? "" : " · awaiting review"}
          {account.pausedAt ? " · paused" : ""}
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
