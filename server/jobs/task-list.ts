import { breakerTask } from "../delivery/breaker";
import { dispatchTask } from "../delivery/dispatch";
import { countsFoldTask } from "../delivery/hourly-counts";
import { domainReleaseTask } from "../domains/releases";
import { domainHealthTask, domainPollTask } from "../domains/tasks";
import { inboundParseTask } from "../inbound/parse-task";
import { retentionTask } from "../ops/retention";
import { searchSummaryTask } from "../sending/search-summary";
import { webhookDeliveryTask } from "../webhooks/deliver";
import type { Task } from "./tasks";

/**
 * Every background task, in one list. Task modules only export their definitions;
 * whichever driver runs (embedded loops or Inngest functions) takes them from here.
 */
export function allTasks(): Task[] {
  return [
    dispatchTask,
    breakerTask,
    domainPollTask,
    domainHealthTask,
    domainReleaseTask,
    webhookDeliveryTask,
    retentionTask,
    searchSummaryTask,
    inboundParseTask,
    countsFoldTask,
  ];
}
