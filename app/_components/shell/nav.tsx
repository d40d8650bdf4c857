"use client";
import {
  BarChart3Icon,
  BookOpenIcon,
  FileJsonIcon,
  FileTextIcon,
  GlobeIcon,
  InboxIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  MailIcon,
  SettingsIcon,
  ShieldBanIcon,
  UsersIcon,
  WebhookIcon,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

/** Icons by name: the item lists are plain data written in server layouts, where components cannot be passed. */
const ICONS = {
  overview: LayoutDashboardIcon,
  usage: BarChart3Icon,
  emails: MailIcon,
  inbound: InboxIcon,
  templates: FileTextIcon,
  domains: GlobeIcon,
  keys: KeyRoundIcon,
  suppressions: ShieldBanIcon,
  webhooks: WebhookIcon,
  team: UsersIcon,
  settings: SettingsIcon,
  docs: BookOpenIcon,
  reference: FileJsonIcon,
} satisfies Record<string, LucideIcon>;

export interface NavItem {
  href: string;
  label: string;
  icon?: keyof typeof ICONS;
}

/** The item the path belongs to: the longest href that is the path or one of its parents. */
function currentHref(items: NavItem[], path: string): string | null {
  let best: string | null = null;
  for (const { href } of items) {
    const matches = href === "/" ? path === "/" : path === href || path.startsWith(href + "/");
    if (matches && (best === null || href.length > best.length)) best = href;
  }
  return best;
}

export function Nav({ items, label, onNavigate }: { items: NavItem[]; label: string; onNavigate?: () => void }) {
  const current = currentHref(items, usePathname());
  return (
    <nav aria-label={label} className="flex flex-col gap-0.5">
      {items.map((item) => {
        const Icon = item.icon ? ICONS[item.icon] : null;
        const active = item.href === current;
        return (
          <Link
            key={item.href}
            href={item.href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground no-underline transition-colors hover:bg-accent hover:text-accent-foreground hover:no-underline",
              active && "bg-accent text-accent-foreground",
            )}
          >
            {Icon && <Icon className="size-4 shrink-0" aria-hidden />}
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
