import type { Db } from "../db/client";
import { openRequests } from "../lib/api-load";
import { processShared } from "../lib/process-shared";
import type { EmailRow } from "./email-row";
import type { Rendered } from "./mime";
import type { Accepted, Provider } from "./providers";

/**
 * The hand-offs this process has open. A message takes a slot before it goes to the
 * provider and gives it back once its outcome is recorded, so at any moment at most
 * `limit` messages are handed over but not yet recorded: what a crash can send twice.
 */
const slots = () => processShared("handOffSlots", () => ({ open: 0, waiting: [] as (() => void)[] }));

/** From this many open HTTP requests on, the API counts as busy here. */
export const API_BUSY_REQUESTS = 4;

/**
 * The slots usable now. While this process's API is busy, dispatch keeps to a quarter of
 * them: accepting is what the caller waits for, and delivery catches up once the burst
 * has passed (docs/decisions/0024-the-pipeline-under-load.md, "API first").
 */
export function handOffLimit(limit: number): number {
  return openRequests() >= API_BUSY_REQUESTS ? Math.max(1, Math.floor(limit / 4)) : limit;
}

export async function inHandOffSlot<T>(limit: number, work: () => Promise<T>): Promise<T> {
  const s = slots();
  // Woken but still over the limit (the API is busy): back to the head of the queue.
  for (let first = true; s.open >= handOffLimit(limit); first = false)
    await new Promise<void>((resolve) => (first ? s.waiting.push(resolve) : s.waiting.unshift(resolve)));
  s.open++;
  // The limit may have grown since the last slot was given back (the API went quiet):
  // wake the next waiter while slots are free, so they fill again.
  if (s.open < handOffLimit(limit)) s.waiting.shift()?.();
  try {
    return await work();
  } finally {
    s.open--;
    s.waiting.shift()?.();
  }
}

/** The provider did not finish the hand-off in time: a temporary failure, retried. */
export class HandOffTimeout extends Error {}

/**
 * provider.send with a deadline. Past it the call is abandoned: the provider is told (its
 * AbortSignal) and given as long again to let go of what it holds (nodemailer closes a
 * silent connection on its own socket timeout), so an abandoned call does not go on
 * occupying a connection behind the next message's back. An acceptance in that grace
 * time still counts.
 */
export async function handOff(provider: Provider, message: Rendered, email: EmailRow, db: Db, timeoutMs: number): Promise<Accepted> {
  const deadline = new AbortController();
  const sending = provider.send(message, email, db, deadline.signal);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<"expired">((resolve) => {
    timer = setTimeout(() => resolve("expired"), timeoutMs);
  });
  try {
    const first = await Promise.race([sending, expired]);
    if (first !== "expired") return first;
  } finally {
    clearTimeout(timer);
  }
  deadline.abort();
  // A late acceptance still counts (retrying it would send the message twice).
  const late = await Promise.race([
    sending.then(
      (accepted) => accepted,
      () => null,
    ),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs).unref()),
  ]);
  if (late) return late;
  throw new HandOffTimeout(`${provider.name}: no answer within ${timeoutMs} ms; the hand-off was abandoned`);
}
