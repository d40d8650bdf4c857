import { Inngest } from "inngest";
import { config } from "../server/config";
import { setRemoteSignal } from "../server/jobs/tasks";

/** The Inngest app. Keys come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY (or INNGEST_DEV). */
export const inngest = new Inngest({ id: "posthaste" });

/** The event that wakes a task's function (a sweep cron also runs each one). */
export const wakeEvent = (task: string) => `posthaste/${task}.wake`;

/** With JOBS_DRIVER=inngest, wake(name) sends the task's event instead of nudging a local loop. */
export function installInngestSignal(): void {
  // wake() runs on every accepted message: a missing event key or an unreachable Inngest
  // would otherwise log once per send. Log the first failure, then only when the error
  // changes or signalling recovers; the cron sweep still finds the work meanwhile.
  let lastError: string | null = null;
  setRemoteSignal(async (name) => {
    try {
      await inngest.send({ name: wakeEvent(name), data: { provider: config().mailProvider } });
      if (lastError !== null) console.warn(`jobs: signalling Inngest works again (${name})`);
      lastError = null;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (message !== lastError) console.error(`jobs: could not signal Inngest (${name}); the cron sweep will pick the work up. Later identical failures are not logged: ${message}`);
      lastError = message;
    }
  });
}
