import { setWaker, type Task } from "../tasks";
import type { JobsDriver } from "./types";
import { log } from "../../ops/log";

/** A sleeping loop: `woken` tells it whether a signal or its idle timer ended the sleep. */
type Sleeper = (woken: boolean) => void;

/**
 * The embedded driver: runs every task inside the server process. Durability comes from
 * the queues living in the database, so a restart simply picks up what is still due.
 *
 * A signal wakes one sleeping loop, and a loop that found work wakes one more: parallel
 * loops join in while there is work for them, and a trickle of signals (a send, a few
 * recorded events) costs one claim each instead of one per loop, most of them empty.
 */
export class EmbeddedDriver implements JobsDriver {
  private running = false;
  private loops: Promise<void>[] = [];
  private sleepers = new Map<string, Set<Sleeper>>();
  private stopping = new AbortController();

  start(tasks: Task[]): void {
    if (this.running) return;
    this.running = true;
    this.stopping = new AbortController();
    for (const task of tasks) {
      const sleepers = new Set<Sleeper>();
      this.sleepers.set(task.name, sleepers);
      setWaker(task.name, () => wakeOne(sleepers));
      for (let i = 0; i < (task.concurrency ?? 1); i++) this.loops.push(this.loop(task, sleepers));
    }
  }

  private async loop(task: Task, sleepers: Set<Sleeper>): Promise<void> {
    while (this.running) {
      let handled = 0;
      try {
        handled = await task.runOnce(this.stopping.signal);
      } catch (err) {
        log().error({ err, task: task.name }, "jobs: task failed");
      }
      if (!this.running) break;
      if (handled > 0) {
        wakeOne(sleepers);
        continue;
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
      if (woken && task.gatherMs && this.running) await new Promise((r) => setTimeout(r, task.gatherMs));
    }
  }

  /**
   * Graceful: no loop starts another run, running ones are told to start no new item, and
   * this resolves once each has recorded what it had in hand (hand-offs, webhook posts).
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    for (const [name, sleepers] of this.sleepers) {
      for (const wakeUp of [...sleepers]) wakeUp(false);
      setWaker(name, null);
    }
    await Promise.all(this.loops);
    this.loops = [];
  }
}

function wakeOne(sleepers: Set<Sleeper>): void {
  const [first] = sleepers;
  first?.(true);
}
