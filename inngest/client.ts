import { Inngest } from "inngest";
import { config } from "../server/config";
import { setRemoteSignal } from "../server/jobs/tasks";

/** The Inngest app. Keys come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY (or INNGEST_DEV). */
export const inngest = new Inngest({ id: "posthaste" });

/** The event that wakes a task's function (a sweep cron also runs each one). */
export const wakeEvent = (task: string) => `posthaste/${task}.wake`;

/** With JOBS_DRIVER=inngest, wake(name) sends the task's event instead of nudging a local loop. */
export function installInngestSignal(): void {
  setRemoteSignal(async (name) => {
    await inngest.send({ name: wakeEvent(name), data: { provider: config().mailProvider } });
  });
}
