"use client";
import { MenuIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "../ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "../ui/sheet";
import { Nav, type NavItem } from "./nav";

/** The phone layout's navigation: a menu button opening a drawer with the sidebar's links and footer. */
export function MobileNav(props: { items: NavItem[]; label: string; brand: ReactNode; footer: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu" data-testid="menu-button">
          <MenuIcon aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent data-testid="mobile-nav">
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription>Site navigation</SheetDescription>
        <div className="flex h-14 shrink-0 items-center px-4">{props.brand}</div>
        <div className="flex-1 overflow-y-auto px-2 py-2">
          {/* A link closes the drawer: the page under it changes, and the drawer would hide it. */}
          <Nav items={props.items} label={props.label} onNavigate={() => setOpen(false)} />
        </div>
        <div className="border-t p-4">{props.footer}</div>
      </SheetContent>
    </Sheet>
  );
}
