import { cn } from "@/lib/utils";
import { CopyButton } from "./copy-button";

/**
 * A value to paste elsewhere (an id, a DNS record, a secret) in monospace, with its copy button.
 * Long values wrap anywhere: they are tokens, not words.
 */
export function Copyable({ value, label, className, testId }: { value: string; label: string; className?: string; testId?: string }) {
  return (
    <span className={cn("inline-flex max-w-full min-w-0 items-start gap-1", className)}>
      <code className="min-w-0 py-1.5 wrap-anywhere" data-testid={testId}>
        {value}
      </code>
      <CopyButton text={value} label={label} />
    </span>
  );
}
