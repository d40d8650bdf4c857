import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** The one look every text-like control shares (inputs, selects, text areas). */
export const controlClass =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 py-1.5 text-base text-foreground shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(controlClass, "h-9", className)} {...props} />;
}
