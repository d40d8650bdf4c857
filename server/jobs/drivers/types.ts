import type { Task } from "../tasks";

/** What runs the tasks: loops in this process, or an outside engine this process signals. */
export interface JobsDriver {
  start(tasks: Task[]): void;
  stop(): Promise<void>;
}
