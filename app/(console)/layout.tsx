import { redirect } from "next/navigation";
import { api } from "@/lib/trpc/server";
import { AccountNotices } from "../_components/account-notices";
import { FlagToast } from "../_components/flag-toast";
import { ConsoleShell } from "../_components/shell/shells";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const caller = await api();
  // The member's account, read afresh (a removed member or deleted account is out at once).
  const account = await caller.account.get({}).catch(() => null);
  if (!account) redirect("/sign-in");
  return (
    <ConsoleShell account={account}>
      <FlagToast />
      <AccountNotices notices={account.notices} />
      {children}
    </ConsoleShell>
  );
}
