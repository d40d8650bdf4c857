import Link from "next/link";
import { redirect } from "next/navigation";
import { api } from "@/lib/trpc/server";
import { signOutAction } from "../(auth)/actions";
import { AccountNotices } from "../_components/account-notices";
import { HydrationMark } from "../_components/client";
import { Nav } from "../_components/nav";

export const dynamic = "force-dynamic";

const NAV = [
  { href: "/", label: "Overview" },
  { href: "/emails", label: "Emails" },
  { href: "/domains", label: "Domains" },
  { href: "/api-keys", label: "API keys" },
  { href: "/suppressions", label: "Suppressions" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/team", label: "Team" },
  { href: "/settings", label: "Settings" },
  { href: "/docs", label: "Docs" },
];

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const caller = await api();
  const account = await caller.account.get({}).catch(() => null);
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
          {account.you.email !== account.email && <div data-testid="signed-in-as">{account.you.email}</div>}
          <div>
            Plan: {account.plan}
            {account.approved ? "" : " · awaiting review"}
            {account.paused ? " · paused" : ""}
            {account.you.role === "owner" ? "" : " · member"}
          </div>
          <form action={signOutAction}>
            <button type="submit" className="secondary small">
              Sign out
            </button>
          </form>
        </div>
      </aside>
      <main className="content" id="main">
        <AccountNotices notices={account.notices} />
        {children}
      </main>
      <HydrationMark />
    </div>
  );
}
