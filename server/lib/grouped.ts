import { processShared } from "./process-shared";

/** How big one group may grow: items, and their summed weight (at least one item goes, however heavy). */
export interface GroupBounds<T> {
  items: number;
  weight?: { of: (item: T) => number; most: number };
}

interface Waiting<T, R> {
  item: T;
  weight: number;
  done: (result: R) => void;
  failed: (err: unknown) => void;
}

/**
 * Writes items in groups, one statement a group, one group in flight per process (`name`):
 * while a group is written the next items wait, then go together, so under load one
 * statement (and one commit) carries many and alone an item goes at once. `write` returns
 * one result per item, in order. If a group's statement fails, each of its items is written
 * on its own, so an item the database refuses holds back no other: only its own promise fails.
 */
export function groupedWriter<T, R>(name: string, bounds: GroupBounds<T>, write: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  const queue = processShared(`grouped:${name}`, () => ({ waiting: [] as Waiting<T, R>[], writing: false }));

  function nextGroup(): Waiting<T, R>[] {
    const { waiting } = queue;
    const most = bounds.weight?.most ?? Infinity;
    let weight = 0;
    let n = 0;
    while (n < waiting.length && n < bounds.items && (n === 0 || weight + waiting[n].weight <= most)) weight += waiting[n++].weight;
    return waiting.splice(0, n);
  }

  async function writeGroup(group: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await write(group.map((w) => w.item));
      group.forEach((w, i) => w.done(results[i]));
      return;
    } catch (err) {
      if (group.length === 1) return group[0].failed(err);
    }
    for (const w of group) await write([w.item]).then(([result]) => w.done(result), w.failed);
  }

  async function drain(): Promise<void> {
    queue.writing = true;
    try {
      while (queue.waiting.length) await writeGroup(nextGroup());
    } finally {
      queue.writing = false;
    }
  }

  return (item) =>
    new Promise<R>((done, failed) => {
      queue.waiting.push({ item, weight: bounds.weight?.of(item) ?? 0, done, failed });
      if (!queue.writing) void drain();
    });
}
