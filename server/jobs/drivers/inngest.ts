import { config } from "../../config";
import { setRemoteSignal } from "../tasks";
import type { JobsDriver } from "./types";
import { log } from "../../ops/log";

/**
 * inngest/client, loaded on the first signal: the inngest package costs every process about
 * 0.2 s of start-up, and the embedded driver (the default) never needs it. An `import()` keeps
 * it out of dist/server.mjs's first chunk (scripts/bundle.mjs splits at every `import()`).
 */
const inngestClient = () => import("../../../inngest/client");

/** With JOBS_DRIVER=inngest, wake(name) sends the task's event instead of nudging a local loop. */
export function installInngestSignal(): void {
  // wake() runs on every accepted message: a missing event key or an unreachable Inngest
  // would otherwise log once per send. Log the first failure, then only when the error
  // changes or signalling recovers; the cron sweep still finds the work meanwhile.
  let lastError: string | null = null;
  setRemoteSignal(async (name) => {
    try {
      const { inngest, wakeEvent } = await inngestClient();
      await inngest.send({ name: wakeEvent(name), data: { provider: config().mailProvider } });
      if (lastError !== null) log().warn({ task: name }, "jobs: signalling Inngest works again");
      lastError = null;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (message !== lastError)
        log().error(
          { task: name, error: message },
          "jobs: could not signal Inngest; the cron sweep will pick the work up (later identical failures are not logged)",
        );
      lastError = message;
    }
  });
}

/**
 * The server process with JOBS_DRIVER=inngest runs no task itself: Inngest calls
 * app/api/inngest for that. It only signals Inngest when new work arrives.
 */
export const inngestDriver: JobsDriver = {
  start: () => installInngestSignal(),
  stop: async () => setRemoteSignal(null),
};
