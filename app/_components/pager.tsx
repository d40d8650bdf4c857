import Link from "next/link";

/** Links to the first (or newest) page and the next one, each shown only when it leads somewhere. */
export function Pager(props: { first: string | null; firstLabel: string; next: string | null; nextLabel: string }) {
  return (
    <nav className="pager" aria-label="Pages">
      {props.first && (
        <Link className="button secondary" href={props.first}>
          {props.firstLabel}
        </Link>
      )}
      {props.next && (
        <Link className="button secondary" href={props.next}>
          {props.nextLabel}
        </Link>
      )}
    </nav>
  );
}
