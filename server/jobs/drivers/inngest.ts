import { config } from "../server/config";
import { TASKS } from "../server/jobs/names";
import { allTasks, type Task } from "../server/jobs/tasks";
import { registerTasks } from "../server/jobs/register";
import { inngest, wakeEvent } from "./client";

/** Drain runs per invocation before handing over to a fresh one (keeps each run's state small). */
const MAX_ROUNDS = 25;

/**
 * Messages per second the provider accepts (SES: the account's maximum send rate).
 * Unset: no throttle beyond the provider's own backpressure.
 */
function providerRate(): number | null {
  const raw = process.env.PROVIDER_MAX_PER_SECOND;
  if (raw) return Math.max(1, Number(raw));
  return config().mailProvider === "ses" ? 14 : null;
}

/**
 * The Inngest face of one task: woken by its event, swept by its cron, it drains the
 * task's durable queue in checkpointed steps. The queue is the database, so a lost
 * event or a failed run loses nothing: the next wake or sweep finds the rows still due.
 */
export function functionFor(task: Task) {
  const dispatch = task.name === TASKS.dispatch;
  const rate = dispatch ? providerRate() : null;
  const batch = Number(process.env.DISPATCH_BATCH_SIZE || 100);
  return inngest.createFunction(
    {
      id: task.name,
      triggers: [{ event: wakeEvent(task.name) }, { cron: task.cron ?? "* * * * *" }],
      // One drain per provider at a time (dispatch) or per task, so runs don't pile up on the same rows.
      concurrency: dispatch
        ? [{ limit: task.concurrency ?? 1, key: "event.data.provider", scope: "env" }]
        : [{ limit: task.concurrency ?? 1 }],
      // A provider's sending rate: each run sends at most one batch per round.
      ...(rate ? { throttle: { limit: Math.max(1, Math.floor(rate / Math.max(1, batch)) || 1), period: "1s", key: "event.data.provider" } } : {}),
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

/** Every registered task as an Inngest function (dispatch, breaker, DNS poll, domain health, webhook delivery, …). */
export function inngestFunctions() {
  registerTasks();
  return allTasks().map(functionFor);
}
