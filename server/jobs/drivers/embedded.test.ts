import { afterEach, describe, expect, it } from "vitest";
import { wake, type Task } from "../tasks";
import { EmbeddedDriver } from "./embedded";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A task over an in-memory queue: each run takes up to `batchSize` items and holds them `runMs`. */
function queueTask(name: string, opts: { batchSize: number; gatherMs: number; concurrency: number; runMs: number }) {
  const state = { due: 0, runs: 0, taken: [] as number[], running: 0, mostRunning: 0 };
  const task: Task = {
    name,
    idleIntervalMs: 60_000,
    gatherMs: opts.gatherMs,
    batchSize: opts.batchSize,
    concurrency: opts.concurrency,
    async runOnce() {
      state.runs++;
      const n = Math.min(state.due, opts.batchSize);
      state.due -= n;
      state.running++;
      state.mostRunning = Math.max(state.mostRunning, state.running);
      if (n) await sleep(opts.runMs);
      state.running--;
      if (n) state.taken.push(n);
      return n;
    },
  };
  return { task, state };
}

describe("embedded driver", () => {
  let driver: EmbeddedDriver | null = null;
  afterEach(async () => {
    await driver?.stop();
    driver = null;
  });

  it("gathers a trickle of signals into a few runs instead of one run each", async () => {
    const { task, state } = queueTask("test-trickle", { batchSize: 500, gatherMs: 20, concurrency: 4, runMs: 2 });
    driver = new EmbeddedDriver();
    driver.start([task]);
    await sleep(20);
    const before = state.runs;
    // 100 items, one signal each, every 2 ms: 200 ms of trickle.
    for (let i = 0; i < 100; i++) {
      state.due++;
      wake("test-trickle");
      await sleep(2);
    }
    await sleep(100);
    expect(state.due).toBe(0);
    expect(state.taken.reduce((a, b) => a + b, 0)).toBe(100);
    // One run per 20 ms window or so (timers on a busy machine stretch it), not 100.
    expect(state.runs - before).toBeLessThanOrEqual(25);
  });

  it("a full batch brings the other loops in: a backlog is worked in parallel", async () => {
    const { task, state } = queueTask("test-backlog", { batchSize: 10, gatherMs: 20, concurrency: 4, runMs: 30 });
    driver = new EmbeddedDriver();
    driver.start([task]);
    await sleep(20);
    state.due = 200;
    wake("test-backlog");
    const deadline = Date.now() + 5_000;
    while (state.due > 0 && Date.now() < deadline) await sleep(10);
    await sleep(100);
    expect(state.due).toBe(0);
    expect(state.mostRunning).toBe(4);
  });
});
