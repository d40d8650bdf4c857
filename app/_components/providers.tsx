"use client";
import { ThemeProvider } from "next-themes";
import { useEffect, type ReactNode } from "react";
import { Toaster } from "./ui/sonner";
import { TooltipProvider } from "./ui/tooltip";

/** Marks the page interactive (browser tests wait for it before typing into forms). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return null;
}

/**
 * What every page shares on the client: the theme (light, dark, or the system's, kept as a class
 * on <html> so `dark:` utilities follow the toggle), tooltips' shared delay, and one toaster that
 * outlives navigations (a toast raised before router.push still shows on the next page).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <TooltipProvider>
        {children}
        <Toaster position="bottom-right" />
      </TooltipProvider>
      <HydrationMark />
    </ThemeProvider>
  );
}
