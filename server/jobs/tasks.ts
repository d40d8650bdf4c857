import { processShared } from "../lib/process-shared";

/**
 * Background work is a set of named tasks. Each task drains a durable queue kept in
 * PostgreSQL (emails due for dispatch, webhook deliveries due, domains due a DNS check),
 * so whichever driver runs it (embedded pollers or Inngest functions), nothing is lost
 * when the engine loses an event: the rows are still due and the next run takes them.
 */
export interface Task {
  name: string;
  /** Claims and processes one batch of due work; returns how many items it handled. */
  runOnce(): Promise<number>;
  /** How often to look when nothing woke it, in ms. */
  idleIntervalMs: number;
  /** How many loops the embedded driver runs in parallel. */
  concurrency?: number;
  /** Inngest cron for the sweep (defaults to every minute). */
  cron?: string;
}

/** How wake() reaches whichever driver runs the tasks (the list itself: task-list.ts). */
type Signals = { wakers: Map<string, () => void>; remote: ((name: string) => Promise<void>) | null };
const registry = processShared<Signals>("taskSignals", () => ({ wakers: new Map(), remote: null }));

/** New work for a task: wake its embedded loop now, or send the Inngest event. */
export function wake(name: string): void {
  registry.wakers.get(name)?.();
  if (registry.remote) void registry.remote(name).catch((err) => console.error(`jobs: could not signal ${name}`, err));
}

export function setWaker(name: string, waker: (() => void) | null): void {
  if (waker) registry.wakers.set(name, waker);
  else registry.wakers.delete(name);
}

export function setRemoteSignal(signal: ((name: string) => Promise<void>) | null): void {
  registry.remote = signal;
}
