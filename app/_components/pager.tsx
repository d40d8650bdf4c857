import Link from "next/link";
import { Button } from "./ui/button";

/** Links to the first (or newest) page and the next one, each shown only when it leads somewhere. */
export function Pager(props: { first: string | null; firstLabel: string; next: string | null; nextLabel: string }) {
  if (!props.first && !props.next) return null;
  return (
    <nav className="mt-4 flex justify-end gap-2" aria-label="Pages">
      {props.first && (
        <Button asChild variant="outline" size="sm">
          <Link href={props.first}>{props.firstLabel}</Link>
        </Button>
      )}
      {props.next && (
        <Button asChild variant="outline" size="sm">
          <Link href={props.next}>{props.nextLabel}</Link>
        </Button>
      )}
    </nav>
  );
}
