import { cn } from "@/lib/utils";
import { CopyButton } from "./copy-button";

/**
 * A value to paste elsewhere (an id, a DNS record, a secret) in monospace, with its copy button.
 * Tokens wrap anywhere, so even a 400-character DKIM key fits its cell; `wrap="words"` keeps a
 * dotted name whole where it can (breaking after "ui-" rather than inside "example.com") for
 * columns wide enough to hold its parts.
 */
export function Copyable(props: { value: string; label: string; className?: string; testId?: string; wrap?: "anywhere" | "words" }) {
  return (
    <span className={cn("inline-flex max-w-full min-w-0 items-start gap-1", props.className)}>
      <code className={cn("min-w-0 py-1.5", props.wrap === "words" ? "wrap-break-word" : "wrap-anywhere")} data-testid={props.testId}>
        {props.value}
      </code>
      <CopyButton text={props.value} label={props.label} />
    </span>
  );
}
