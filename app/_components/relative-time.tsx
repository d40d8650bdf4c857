"use client";
import { useSyncExternalStore } from "react";
import { formatRelative, formatUtc } from "./time-format";

/*
 * One shared clock for every relative time on the page, ticking twice a minute while any is shown.
 * Read through useSyncExternalStore: during hydration React uses the server's `renderedAt`, so the
 * text the server sent and the first client render agree, then the live clock takes over.
 */
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** "3 minutes ago", with the exact UTC time as its title (shown on hover) and in `dateTime`. */
export function RelativeTime({ ms, renderedAt }: { ms: number; renderedAt: number }) {
  const current = useSyncExternalStore(
    subscribe,
    () => now,
    () => renderedAt,
  );
  const utc = formatUtc(ms);
  return (
    <time dateTime={new Date(ms).toISOString()} title={utc} className="whitespace-nowrap">
      {formatRelative(ms, current)}
    </time>
  );
}
