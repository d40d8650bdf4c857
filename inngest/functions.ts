import { config } from "../server/config";
import { installInngestSignal } from "../server/jobs/drivers/inngest";
import { TASKS } from "../server/jobs/names";
import { allTasks } from "../server/jobs/task-list";
import type { Task } from "../server/jobs/tasks";
import { inngest, wakeEvent } from "./client";

/**
 * The background tasks as Inngest functions (docs/design.md, "Background work"): the same
 * task definitions the embedded driver runs in loops (server/jobs/task-list.ts), each woken
 * by its event and swept by its cron. app/api/inngest serves them.
 */

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
