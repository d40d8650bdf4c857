import type { ReactNode } from "react";

/**
 * A page's heading, the line that says what the page is for, and what the page offers to do
 * (`actions`, beside the title on wide screens, under it on phones). `above` goes over the title
 * (a link back to the list).
 */
export function PageHead({
  title,
  children,
  actions,
  above,
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  above?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1.5">
        {above}
        <h1 className="text-xl font-semibold tracking-tight wrap-break-word sm:text-2xl">{title}</h1>
        {children && <div className="text-sm text-muted-foreground">{children}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
