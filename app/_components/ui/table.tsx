import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/*
 * Tables in two layouts, chosen by the width of the table's own container (not the window, so a
 * sidebar counts): a plain table when there is room, and below 42rem each row a card whose cells
 * stack under their column's name (the `data-label` DataTable gives each cell). The wrapper also
 * scrolls sideways as a last resort, so a table never widens the page.
 */

/**
 * A cell that takes a card's whole width when rows become cards (long values: addresses, URLs,
 * DNS records). The rest pair up, short cells filling the gaps wide ones leave (grid-flow-dense).
 */
export const WIDE_CELL = "@max-2xl:col-span-full";

export function TableContainer({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="table-container" className={cn("@container min-w-0 rounded-xl border bg-card shadow-xs", className)} {...props} />;
}

export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="w-full overflow-x-auto">
      <table data-slot="table" className={cn("w-full caption-bottom text-sm @max-2xl:block", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  // Hidden but still read: in the card layout each cell shows its label, and screen readers keep the headers.
  return <thead data-slot="table-header" className={cn("bg-muted/50 @max-2xl:sr-only", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("@max-2xl:block", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "border-b last:border-0 @max-2xl:grid @max-2xl:grid-flow-dense @max-2xl:grid-cols-2 @max-2xl:gap-x-4 @max-2xl:gap-y-3 @max-2xl:p-4",
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "h-10 px-3 text-left align-middle text-xs font-medium tracking-wide whitespace-nowrap text-muted-foreground uppercase",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return (
    <td
      data-slot="table-cell"
      className={cn(
        "px-3 py-2.5 align-top @max-2xl:block @max-2xl:min-w-0 @max-2xl:p-0",
        "@max-2xl:data-[label]:before:mb-1 @max-2xl:data-[label]:before:block @max-2xl:data-[label]:before:text-xs @max-2xl:data-[label]:before:font-medium @max-2xl:data-[label]:before:text-muted-foreground @max-2xl:data-[label]:before:content-[attr(data-label)]",
        className,
      )}
      {...props}
    />
  );
}
