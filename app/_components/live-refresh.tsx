"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { trpc } from "@/lib/trpc/client";

/** Statuses a message is still moving out of. */
export const IN_FLIGHT = ["queued", "scheduled", "sending"];

/** Every 2.5 s while any shown message is in flight. */
const POLL_MS = 2500;

/**
 * Keeps a page of messages current while any is in flight: polls their statuses over tRPC
 * and re-renders the page (router.refresh) when one moved. `shown`: each listed message's
 * status as the page shows it; with none in flight it renders nothing and polls nothing.
 */
export function LiveRefresh({ shown }: { shown: { id: string; status: string }[] }) {
  const router = useRouter();
  const moving = shown.filter((e) => IN_FLIGHT.includes(e.status));
  const key = moving.map((e) => `${e.id}:${e.status}`).join(",");
  useEffect(() => {
    if (!key) return;
    const expected = new Map(key.split(",").map((pair) => pair.split(":") as [string, string]));
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const { data } = await trpc.dashboard.emailStatuses.query({ ids: [...expected.keys()] });
        if (!stopped && data.some((e) => expected.get(e.id) !== e.status)) {
          stopped = true;
          clearInterval(timer);
          router.refresh();
        }
      } catch {
        /* a missed poll: the next one tries again */
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [key, router]);
  if (!key) return null;
  return (
    <p className="mb-2 text-xs text-muted-foreground" role="status" data-testid="live-refresh">
      Updating while {moving.length === 1 ? "1 message is" : `${moving.length} messages are`} on the way…
    </p>
  );
}
