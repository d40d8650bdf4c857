import { BookOpenIcon, LayoutDashboardIcon, SearchXIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "./ui/button";

/** What a 404 says, inside whichever frame the page is in: that nothing is here, and where to go instead. */
export function NotFoundContent() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <SearchXIcon className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight">This page does not exist</h1>
      <p className="text-muted-foreground">The address may be mistyped, or what it showed was deleted.</p>
      <nav aria-label="Where to go" className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link href="/">
            <LayoutDashboardIcon aria-hidden /> Go to the dashboard
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/docs">
            <BookOpenIcon aria-hidden /> Read the docs
          </Link>
        </Button>
      </nav>
    </div>
  );
}
