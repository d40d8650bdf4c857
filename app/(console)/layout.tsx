import Link from "next/link";
import { redirect } from "next/navigation";
import { getAccount } from "@/server/accounts/account-cache";
import { sessionAccountId } from "@/server/auth/session";
import { signOutAction } from "../(auth)/actions";
import { HydrationMark } from "../_components/client";
import { Nav } from "../_components/nav";

export const dynamic = "force-dynamic";

const NAV = [
  { href: "/", label: "Overview" },
  { href: "/usage", label: "Usage" },
  { href: "/emails", label: "Emails" },
  { href: "/domains", label: "Domains" },
  { href: "/api-keys", label: "API keys" },
  { href: "/suppressions", label: "Suppressions" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/docs", label: "Docs" },
];

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const accountId = await sessionAccountId();
  const account = accountId ? await getAccount(accountId) : null;
  if (!account) redirect("/sign-in");
  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <Link className="brand" href="/">
          Posthaste
        </Link>
        <Nav items={NAV} />
        <div className="who">
          <div data-testid="account-email">{account.email}</div>
          <div>
            Plan: {account.plan}
            {account.approvedAt ? "" : " · awaiting review"}
            {account.pausedAt ? " · paused" : ""}
          </div>
          <form action={signOutAction}>
            <button type="submit" className="secondary small">
              Sign out
            </button>
          </form>
        </div>
      </aside>
      <main className="content" id="main">
        {children}
      </main>
      <HydrationMark />
    </div>
  );
}
