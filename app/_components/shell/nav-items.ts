import type { NavItem } from "./nav";

/** The signed-in console's sections. */
export const CONSOLE_NAV: NavItem[] = [
  { href: "/", label: "Overview", icon: "overview" },
  { href: "/usage", label: "Usage", icon: "usage" },
  { href: "/emails", label: "Emails", icon: "emails" },
  { href: "/inbound", label: "Inbound", icon: "inbound" },
  { href: "/templates", label: "Templates", icon: "templates" },
  { href: "/domains", label: "Domains", icon: "domains" },
  { href: "/api-keys", label: "API keys", icon: "keys" },
  { href: "/suppressions", label: "Suppressions", icon: "suppressions" },
  { href: "/webhooks", label: "Webhooks", icon: "webhooks" },
  { href: "/team", label: "Team", icon: "team" },
  { href: "/settings", label: "Settings", icon: "settings" },
  { href: "/docs", label: "Docs", icon: "docs" },
];

/** What a visitor who is not signed in can read. */
export const PUBLIC_NAV: NavItem[] = [
  { href: "/docs", label: "Docs", icon: "docs" },
  { href: "/docs/api", label: "API reference", icon: "reference" },
  { href: "/docs/webhooks", label: "Webhooks", icon: "webhooks" },
  { href: "/docs/resend", label: "Migrating from Resend", icon: "emails" },
];
