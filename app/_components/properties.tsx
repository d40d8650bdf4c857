import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A record's fields as a definition list: names beside values on wide screens, above them on phones. */
export function Properties({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-y-3", className)}>{children}</dl>
  );
}

export function Property({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    // A fragment: dt and dd must be the grid's own children.
    <>
      <dt className="pt-2 text-muted-foreground sm:pt-0">{label}</dt>
      <dd className="min-w-0 wrap-break-word" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
