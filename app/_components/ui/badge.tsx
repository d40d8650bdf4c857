import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * Status tones. Each pairs a pale fill with a dark text of the same hue (and the reverse in
 * dark mode) so the text keeps 4.5:1: the old yellow "pending" badge failed axe's contrast check.
 */
const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3",
  {
    variants: {
      tone: {
        neutral: "bg-secondary text-secondary-foreground ring-1 ring-border ring-inset",
        success: "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200",
        info: "bg-indigo-100 text-indigo-900 dark:bg-indigo-400/15 dark:text-indigo-200",
        warning: "bg-amber-100 text-amber-950 dark:bg-amber-400/15 dark:text-amber-200",
        danger: "bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200",
      },
    },
    defaultVariants: { tone: "neutral" },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>["tone"]>;

export function Badge({ className, tone, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}
