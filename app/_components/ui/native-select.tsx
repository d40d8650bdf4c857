import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { controlClass } from "./input";

/**
 * A styled native <select>: it works without JavaScript (the emails filter is a GET form),
 * and phones show their own picker.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select data-slot="native-select" className={cn(controlClass, "h-9 pr-8", className)} {...props} />;
}
