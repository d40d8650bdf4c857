import { processShared } from "../lib/process-shared";
import { log } from "../ops/log";

/**
 * Background work is a set of named tasks. Each task drains a durable queue kept in
 * PostgreSQL (emails due for dispatch, webhook deliveries due, domains due a DNS check),
 * so whichever driver runs it (embedded pollers or Inngest functions), nothing is lost
 * when the engine loses an event: the rows are still due and the next run takes them.
 */
export interface Task {
  name: string;
  /**
   * Claims and processes one batch of due work; returns how many items it handled. Once
   * `stopping` is aborted (graceful shutdown) it finishes what it started and starts nothing more.
   */
  runOnce(stopping?: AbortSignal): Promise<number>;
  /** How often to look when nothing woke it, in ms. */
  idleIntervalMs: number;
  /** After a wake-up, how long the embedded driver lets more work gather before a run (ms). */
  gatherMs?: number;
  /** Items one run claims at most: a run that handled this many suggests more is due (another loop joins in). */
  batchSize?: number;
  /** How many loops the embedded driver runs in parallel. */
  concurrency?: number;
  /**
   * Also run in the cluster children of role `all` that leave the other loops to their
   * siblings (server/cluster/processes.ts#childRoles): work that shares no rows between
   * items and costs CPU per item (parsing received mail), so it scales with the cores
   * instead of queueing on the one child that loops.
   */
  everyProcess?: boolean;
  /** Run by the embedded driver once every loop has stopped (what a loop holds in memory goes back). */
  afterStop?(): Promise<void>;
  /** Inngest cron for the sweep (defaults to every minute). */
  cron?: string;
}

/** How wake() reaches whichever driver runs the tasks (the list itself: task-list.ts). */
type Signals = { wakers: Map<string, () => void>; remote: ((name: string) => Promise<void>) | null };
const registry = processShared<Signals>("taskSignals", () => ({ wakers: new Map(), remote: null }));

/** New work for a task: wake its embedded loop now, or signal whoever runs it elsewhere (Inngest, worker processes). */
export function wake(name: string): void {
  registry.wakers.get(name)?.();
  if (registry.remote) void registry.remote(name).catch((err) => log().error({ err, task: name }, "jobs: could not signal the task"));
}

/** Another process announced new work for a task: wake this process's loops only. */
export function wakeLocal(name: string): void {
  registry.wakers.get(name)?.();
}

/** Whether this process runs the task's loops (the embedded driver, started and not stopping). */
export function runsHere(name: string): boolean {
  return registry.wakers.has(name);
}

export function setWaker(name: string, waker: (() => void) | null): void {
  if (waker) registry.wakers.set(name, waker);
  else registry.wakers.delete(name);
}

export function setRemoteSignal(signal: ((name: string) => Promise<void>) | null): void {
  registry.remote = signal;
}
