import { Inngest } from "inngest";
import { config } from "../../config";
import { TASKS } from "../names";
import { allTasks } from "../task-list";
import { setRemoteSignal, type Task } from "../tasks";
import type { JobsDriver } from "./types";
import { log } from "../../ops/log";

/** The Inngest app. Keys come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY (or INNGEST_DEV). */
export const inngest = new Inngest({ id: "posthaste" });

/** The event that wakes a task's function (a sweep cron also runs each one). */
export const wakeEvent = (task: string) => `posthaste/${task}.wake`;

/** With JOBS_DRIVER=inngest, wake(name) sends the task's event instead of nudging a local loop. */
function installInngestSignal(): void {
  // wake() runs on every accepted message: a missing event key or an unreachable Inngest
  // would otherwise log once per send. Log the first failure, then only when the error
  // changes or signalling recovers; the cron sweep still finds the work meanwhile.
  let lastError: string | null = null;
  setRemoteSignal(async (name) => {
    try {
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

/** Drain runs per invocation before handing over to a fresh one (keeps each run's state small). */
const MAX_ROUNDS = 25;

/**
 * The Inngest face of one task: woken by its event, swept by its cron, it drains the
 * task's durable queue in checkpointed steps. The queue is the database, so a lost
 * event or a failed run loses nothing: the next wake or sweep finds the rows still due.
 */
export function functionFor(task: Task) {
  const dispatch = task.name === TASKS.dispatch;
  // Messages per second the provider accepts (PROVIDER_MAX_PER_SECOND; SES: its maximum send
  // rate). null: no throttle beyond the provider's own backpressure.
  const rate = dispatch ? config().providerMaxPerSecond : null;
  const batch = config().delivery.batchSize;
  return inngest.createFunction(
    {
      id: task.name,
      triggers: [{ event: wakeEvent(task.name) }, { cron: task.cron ?? "* * * * *" }],
      // One drain per provider at a time (dispatch) or per task, so runs don't pile up on the same rows.
      concurrency: dispatch
        ? [{ limit: task.concurrency ?? 1, key: "event.data.provider", scope: "env" }]
        : [{ limit: task.concurrency ?? 1 }],
      // A provider's sending rate: each run sends at most one batch per round.
      ...(rate
        ? { throttle: { limit: Math.max(1, Math.floor(rate / Math.max(1, batch)) || 1), period: "1s", key: "event.data.provider" } }
        : {}),
      retries: 3,
    },
    async ({ step }) => {
      let handled = 0;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const n = await step.run(`drain-${round}`, () => task.runOnce());
        handled += n;
        if (n === 0) return { handled, more: false };
      }
      // Still busy: continue in a new run rather than growing this one.
      await step.sendEvent("continue", { name: wakeEvent(task.name), data: { provider: config().mailProvider } });
      return { handled, more: true };
    },
  );
}

/**
 * Every task as an Inngest function (dispatch, breaker, DNS poll, domain health, webhook
 * delivery, retention). The process serving them (Next's, possibly alone) also signals Inngest on new work.
 */
export function inngestFunctions() {
  if (config().jobsDriver === "inngest") installInngestSignal();
  return allTasks().map(functionFor);
}
