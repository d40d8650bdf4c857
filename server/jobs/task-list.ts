import { defineTask } from "./tasks";
import { domainHealthTask, domainPollTask } from "../domains/tasks";
import "../plans/parking";
import { webhookDeliveryTask } from "../webhooks/deliver";
import { registerDelivery } from "../delivery/register";
/**
 * Every background task, registered once at start-up. Each area's module defines its
 * task with defineTask(); importing it here is what puts it on the drivers.
 */
export function registerTasks(): void {
  defineTask(domainPollTask);
  defineTask(domainHealthTask);
  defineTask(webhookDeliveryTask);
  registerDelivery();
}
