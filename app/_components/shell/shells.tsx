import type { ReactNode } from "react";
import { getAccount } from "@/server/accounts/account-cache";
import { sessionAccountId } from "@/server/auth/session";
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

/** The signed-in account, or null (no session, or its account is gone). */
export async function currentAccount() {
  const accountId = await sessionAccountId();
  return accountId ? await getAccount(accountId) : null;
}

/** For pages anyone may read (docs, 404): the console's frame when signed in, the public one otherwise. */
export async function SessionShell({ children }: { children: ReactNode }) {
  const account = await currentAccount();
  return account ? <ConsoleShell account={account}>{children}</ConsoleShell> : <PublicShell>{children}</PublicShell>;
}
