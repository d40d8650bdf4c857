import type { z } from "zod";
import type * as schemas from "./schemas";

/** The nine webhook event types of the reference, and email.received (inbound mail, issue 31). */
export const EVENT_TYPES = [
  "email.sent",
  "email.delivered",
  "email.opened",
  "email.clicked",
  "email.bounced",
  "email.complained",
  "email.delivery_delayed",
  "email.failed",
  "quota.exceeded",
  "email.received",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

// The payloads' types, from the one schema of each (server/events/schemas.ts, also the OpenAPI document's).
export type EmailEventData = z.infer<typeof schemas.EmailEventData> &
  Partial<Pick<z.infer<typeof schemas.RecipientEventData>, "recipient" | "reason">> & {
    /** email.opened / email.clicked carry their engagement under `open` / `click`. */
    [extra: string]: unknown;
  };
export type QuotaEventData = z.infer<typeof schemas.QuotaEventData>;
/** email.received; `text` and `html` only in the body sent to an endpoint with include_content (never stored in the event). */
export type InboundEventData = z.infer<typeof schemas.InboundEventData>;

export interface NewEvent {
  accountId: string;
  type: EventType;
  /** Null for account-level events (quota.exceeded). */
  emailId: string | null;
  data: EmailEventData | QuotaEventData | InboundEventData;
  at?: Date;
}

/** The exact body POSTed to endpoints. */
export interface EventPayload {
  id: string;
  type: EventType;
  created_at: string;
  data: EmailEventData | QuotaEventData | InboundEventData;
}
