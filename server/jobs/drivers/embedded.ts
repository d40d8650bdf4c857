import { setWaker, type Task } from "../tasks";
import type { JobsDriver } from "./types";

/**
 * The embedded driver: runs every task inside the server process. Durability comes from
 * the queues living in the database, so a restart simply picks up what is still due.
 */
export class EmbeddedDriver implements JobsDriver {
  private running = false;
  private loops: Promise<void>[] = [];
  private sleepers = new Map<string, Set<() => void>>();

  start(tasks: Task[]): void {
    if (this.running) return;
    this.running = true;
    for (const task of tasks) {
      const sleepers = new Set<() => void>();
      this.sleepers.set(task.name, sleepers);
      setWaker(task.name, () => {
        for (const wakeUp of sleepers) wakeUp();
      });
      for (let i = 0; i < (task.concurrency ?? 1); i++) this.loops.push(this.loop(task, sleepers));
    }
  }

  private async loop(task: Task, sleepers: Set<() => void>): Promise<void> {
    while (this.running) {
      let handled = 0;
      try {
        handled = await task.runOnce();
      } catch (err) {
        console.error(`jobs: task ${task.name} failed`, err);
      }
      if (handled > 0 || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, task.idleIntervalMs);
        function done() {
          clearTimeout(timer);
          sleepers.delete(done);
          resolve();
        }
        sleepers.add(done);
      });
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const [name, sleepers] of this.sleepers) {
      for (const wakeUp of sleepers) wakeUp();
      setWaker(name, null);
    }
    await Promise.all(this.loops);
    this.loops = [];
  }
}
