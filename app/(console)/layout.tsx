import { redirect } from "next/navigation";
import { ConsoleShell, currentAccount } from "../_components/shell/shells";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const account = await currentAccount();
  if (!account) redirect("/sign-in");
  return <ConsoleShell account={account}>{children}</ConsoleShell>;
}
