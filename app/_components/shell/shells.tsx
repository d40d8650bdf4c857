import type { ReactNode } from "react";
import { getAccount } from "@/server/accounts/account-cache";
import { sessionMember } from "@/server/auth/session";
import { AppShell } from "./app-shell";
import { AccountFooter, VisitorFooter, type ShellAccount } from "./footers";
import { CONSOLE_NAV, PUBLIC_NAV } from "./nav-items";

export function ConsoleShell({ account, children }: { account: ShellAccount; children: ReactNode }) {
  return (
    <AppShell nav={CONSOLE_NAV} navLabel="Dashboard" footer={<AccountFooter account={account} />}>
      {children}
    </AppShell>
  );
}

export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <AppShell nav={PUBLIC_NAV} navLabel="Site" footer={<VisitorFooter />}>
      {children}
    </AppShell>
  );
}

/** The signed-in member's account as the shell shows it, or null (no session, or its account is gone). */
export async function currentAccount(): Promise<ShellAccount | null> {
  const member = await sessionMember();
  const account = member ? await getAccount(member.accountId) : null;
  if (!member || !account) return null;
  return {
    email: account.email,
    plan: account.plan,
    approved: account.approvedAt !== null,
    paused: account.pausedAt !== null,
    you: { email: member.email, role: member.role },
  };
}

/** For pages anyone may read (docs, 404): the console's frame when signed in, the public one otherwise. */
export async function SessionShell({ children }: { children: ReactNode }) {
  const account = await currentAccount();
  return account ? <ConsoleShell account={account}>{children}</ConsoleShell> : <PublicShell>{children}</PublicShell>;
}
