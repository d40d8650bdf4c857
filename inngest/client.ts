import { Inngest } from "inngest";

/** The Inngest app. Keys come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY (or INNGEST_DEV). */
export const inngest = new Inngest({ id: "posthaste" });

/** The event that wakes a task's function (a sweep cron also runs each one). */
export const wakeEvent = (task: string) => `posthaste/${task}.wake`;
