import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { processShared } from "../lib/process-shared";
import { applyHappenings, type OutcomeItem } from "./status";

/** What recording an outcome stores: its happenings, or the time it goes back to the queue. */
export type OutcomeEntry = { kind: "happened"; item: OutcomeItem } | { kind: "retry"; id: string; at: Date };

/**
 * Writes one group of entries: the common case (sent, nothing to retry or suppress) is one
 * statement, atomic by itself, with no BEGIN and COMMIT round trips while the hand-off
 * slots wait for it.
 */
export async function writeOutcomes(d: Database, entries: OutcomeEntry[], now: Date): Promise<void> {
  const items = entries.flatMap((e) => (e.kind === "happened" ? [e.item] : []));
  const retry = entries.flatMap((e) => (e.kind === "retry" ? [e] : []));
  const suppresses = items.some((i) => i.happenings.some((h) => h.type === "bounced" || h.type === "complained"));
  if (!retry.length && !suppresses) return applyHappenings(d, items, now);
  await d.db.transaction(async (tx) => {
    await applyHappenings(tx, items, now);
    for (const r of retry) {
      await tx.execute(
        sql`update emails set status = 'queued', next_attempt_at = ${r.at.toISOString()}::timestamptz where id = ${r.id} and status = 'sending'`,
      );
    }
  });
}

/**
 * How a group commit waits for company: a group smaller than `enough` is held up to `ms`
 * for more items before it is written, and goes at once when it reaches `enough`.
 */
export interface Gather {
  ms: number;
  enough: number;
}

/**
 * Group commit: items that arrive while a group is being written wait and go together in the
 * next, in arrival order; without `gather` the first item is written at once. Each item's
 * promise settles with its group's write: a failed write rejects that group's items only, and
 * the next group is written as usual.
 */
export function groupCommit<T>(write: (group: T[]) => Promise<void>, gather?: Gather): (item: T) => Promise<void> {
  type Waiting = { item: T; done: () => void; fail: (err: unknown) => void };
  let pending: Waiting[] = [];
  let writing = false;
  let gathered: (() => void) | null = null;
  // Resolves after `ms`, or sooner when `gathered` is called (the group reached `enough`).
  const gatherMore = (g: Gather) =>
    new Promise<void>((resolve) => {
      const go = () => {
        clearTimeout(timer);
        gathered = null;
        resolve();
      };
      const timer = setTimeout(go, g.ms);
      gathered = go;
    });
  const drain = async () => {
    writing = true;
    while (pending.length) {
      if (gather && pending.length < gather.enough) await gatherMore(gather);
      const group = pending;
      pending = [];
      await write(group.map((w) => w.item)).then(
        () => group.forEach((w) => w.done()),
        (err) => group.forEach((w) => w.fail(err)),
      );
    }
    writing = false;
  };
  return (item) =>
    new Promise<void>((done, fail) => {
      pending.push({ item, done, fail });
      if (!writing) void drain();
      else if (gathered && pending.length >= gather!.enough) gathered();
    });
}

/**
 * What the outcome writer gathers. The outcome statement costs about 0.7 ms whatever its size
 * and 0.15 ms a message more: written as they came (about six a statement in the pipeline
 * bench's drain), PostgreSQL spent 551–570 µs of CPU a drained message; held up to 3 ms for
 * company, 429–493 (docs/benchmarks.md). Half the SMTP provider's hand-offs in flight (its default
 * pool of 16 takes 32) is enough: waiting for more would hold the slots the next hand-offs
 * need (docs/decisions/0051-outcomes-gathered.md).
 */
export const OUTCOME_GATHER: Gather = { ms: 3, enough: 16 };

/**
 * The outcome writer, one per process and database: every dispatch loop's outcomes go through
 * it, so under load one statement records as many outcomes as finished meanwhile in any loop,
 * instead of each loop writing its own one or two.
 */
const writers = processShared("outcomeGroupWriters", () => new WeakMap<Database, (entry: OutcomeEntry) => Promise<void>>());
export function outcomeWriter(d: Database): (entry: OutcomeEntry) => Promise<void> {
  let writer = writers.get(d);
  if (!writer) {
    writer = groupCommit((group: OutcomeEntry[]) => writeOutcomes(d, group, new Date()), OUTCOME_GATHER);
    writers.set(d, writer);
  }
  return writer;
}
