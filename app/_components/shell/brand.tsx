import Link from "next/link";
import { cn } from "@/lib/utils";

/** The product mark (the same drawing as app/icon.svg) and name, linking home. */
export function Brand({ className }: { className?: string }) {
  return (
    <Link href="/" className={cn("flex items-center gap-2 font-semibold text-foreground no-underline hover:no-underline", className)}>
      <svg viewBox="0 0 32 32" className="size-6 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="7" className="fill-indigo-700" />
        <rect x="6" y="8.5" width="20" height="15" rx="2.5" fill="none" stroke="#fff" strokeWidth="2.4" />
        <path d="M7 10.5 16 17l9-6.5" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>Posthaste</span>
    </Link>
  );
}
