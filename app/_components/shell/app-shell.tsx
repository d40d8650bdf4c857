import type { ReactNode } from "react";
import { Brand } from "./brand";
import { MobileNav } from "./mobile-nav";
import { Nav, type NavItem } from "./nav";
import { ThemeToggle } from "./theme-toggle";

/**
 * The one frame every page sits in: a sidebar (a drawer behind a menu button on phones), a top
 * bar with the theme switch, and the page in <main>. The signed-in console and the public pages
 * (docs, sign-in, 404 when signed out) differ only in their links and the sidebar's footer.
 */
export function AppShell(props: { nav: NavItem[]; navLabel: string; footer: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to content
      </a>
      {/* The aside stretches with the page (its background); its content stays in view as the page scrolls. */}
      <aside aria-label="Sidebar" className="hidden w-60 shrink-0 border-r bg-sidebar md:block">
        <div className="sticky top-0 flex h-dvh flex-col">
          <div className="flex h-14 shrink-0 items-center px-5">
            <Brand />
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-2">
            <Nav items={props.nav} label={props.navLabel} />
          </div>
          <div className="border-t p-4">{props.footer}</div>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur md:px-6">
          <MobileNav items={props.nav} label={props.navLabel} brand={<Brand />} footer={props.footer} />
          <Brand className="md:hidden" />
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
          {props.children}
        </main>
      </div>
    </div>
  );
}
