import { ChevronRightIcon } from "lucide-react";
import Link from "next/link";
import { Fragment } from "react";

/** Where a page sits: links to its parents, then its own name (marked as the current page). */
export function Breadcrumbs({ trail, current }: { trail: Array<{ href: string; label: string }>; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1.5 text-muted-foreground">
        {trail.map((crumb) => (
          <Fragment key={crumb.href}>
            <li>
              <Link href={crumb.href}>{crumb.label}</Link>
            </li>
            <li aria-hidden>
              <ChevronRightIcon className="size-3.5" />
            </li>
          </Fragment>
        ))}
        <li aria-current="page" className="font-medium text-foreground wrap-anywhere">
          {current}
        </li>
      </ol>
    </nav>
  );
}
