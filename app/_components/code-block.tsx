import { cn } from "@/lib/utils";
import { CopyButton } from "./copy-button";

/**
 * Preformatted text with a copy button in its corner. Code keeps its lines and scrolls inside the
 * block on narrow screens, so the page itself never scrolls sideways; `wrap` folds long lines
 * instead (mail text and raw MIME, which are read rather than pasted into an editor).
 */
export function CodeBlock(props: { code: string; label?: string; className?: string; testId?: string; wrap?: boolean }) {
  const { code, label = "Copy code", className, testId } = props;
  return (
    <div className={cn("group relative my-4 min-w-0", className)}>
      {/* Focusable so keyboard users can scroll a long line (axe: scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className={cn(
          "overflow-x-auto rounded-lg border bg-code p-4 pr-12 text-[0.8125rem] leading-relaxed",
          props.wrap && "whitespace-pre-wrap wrap-anywhere",
        )}
        data-testid={testId}
      >
        <code>{code}</code>
      </pre>
      <CopyButton text={code} label={label} className="absolute top-2 right-2 bg-code" />
    </div>
  );
}
