import { setWaker, type Task } from "../tasks";
import type { JobsDriver } from "./types";
import { log } from "../../ops/log";

/** A sleeping loop: `woken` tells it whether a signal or its idle timer ended the sleep. */
type Sleeper = (woken: boolean) => void;

/** A task's sleeping loops, and whether one of them is already gathering for a run. */
interface Loops {
  sleepers: Set<Sleeper>;
  gathering: boolean;
}

/**
 * The embedded driver: runs every task inside the server process. Durability comes from
 * the queues living in the database, so a restart simply picks up what is still due.
 *
 * A signal wakes one sleeping loop, and a loop that found work wakes one more: parallel
 * loops join in while there is work for them. With `gatherMs`, a signal that arrives while
 * a loop is already gathering for its run wakes nobody (that run will take the work), so a
 * trickle of signals (sends, recorded events) costs one claim per gathering window instead
 * of one per signal, most of them nearly empty.
 */
export class EmbeddedDriver implements JobsDriver {
  private running = false;
  private loops: Promise<void>[] = [];
  private loopsOf = new Map<string, Loops>();
  private stopping = new AbortController();
  private tasks: Task[] = [];

  start(tasks: Task[]): void {
    if (this.running) return;
    this.running = true;
    this.stopping = new AbortController();
    this.tasks = tasks;
    for (const task of tasks) {
      const loops: Loops = { sleepers: new Set(), gathering: false };
      this.loopsOf.set(task.name, loops);
      setWaker(task.name, () => wakeOne(loops));
      for (let i = 0; i < (task.concurrency ?? 1); i++) this.loops.push(this.loop(task, loops));
    }
  }

  private async loop(task: Task, loops: Loops): Promise<void> {
    const { sleepers } = loops;
    while (this.running) {
      let handled = 0;
      try {
        handled = await task.runOnce(this.stopping.signal);
      } catch (err) {
        log().error({ err, task: task.name }, "jobs: task failed");
      }
      if (!this.running) break;
      if (handled > 0) {
        // A full batch: more is likely due, so another loop joins in and this one goes on.
        // A partial one with gatherMs: this loop gathers for its next run, unless another
        // loop already is (that run takes what comes), and nobody else is woken for it.
        const full = task.batchSize !== undefined && handled >= task.batchSize;
        if (full || !task.gatherMs) {
          wakeOne(loops);
          continue;
        }
        if (!loops.gathering) {
          await this.gather(task.gatherMs, loops);
          continue;
        }
      }
      const woken = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), task.idleIntervalMs);
        function done(byWake: boolean) {
          clearTimeout(timer);
          sleepers.delete(done);
          resolve(byWake);
        }
        sleepers.add(done);
      });
      // Let what the signal announced gather a moment, so one run takes it together.
      if (woken && task.gatherMs && this.running) await this.gather(task.gatherMs, loops);
    }
  }

  /** Waits `ms` before a run; signals meanwhile wake nobody (this run takes their work). */
  private async gather(ms: number, loops: Loops): Promise<void> {
    if (loops.gathering) return;
    loops.gathering = true;
    await new Promise((r) => setTimeout(r, ms));
    loops.gathering = false;
  }

  /**
   * Graceful: no loop starts another run, running ones are told to start no new item, and
   * this resolves once each has recorded what it had in hand (hand-offs, webhook posts).
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    for (const [name, { sleepers }] of this.loopsOf) {
      for (const wakeUp of [...sleepers]) wakeUp(false);
      setWaker(name, null);
    }
    await Promise.all(this.loops);
    this.loops = [];
    for (const task of this.tasks)
      await task.afterStop?.().catch((err: unknown) => log().error({ err, task: task.name }, "jobs: stopping the task failed"));
  }
}

function wakeOne(loops: Loops): void {
  if (loops.gathering) return;
  const [first] = loops.sleepers;
  first?.(true);
}
