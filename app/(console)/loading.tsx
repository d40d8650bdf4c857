import { Skeleton } from "../_components/ui/skeleton";

/** Shown inside the console's frame while a page's data loads: the shape of a heading, a form and a list. */
export default function ConsoleLoading() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">Loading…</span>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-full max-w-md" />
      </div>
      <Skeleton className="h-28 w-full rounded-xl" />
      <div className="flex flex-col gap-2 rounded-xl border p-4">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    </div>
  );
}
