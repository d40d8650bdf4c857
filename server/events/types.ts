/** The nine webhook event types of the reference. */
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
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EmailEventData {
  email_id: string;
  from: string;
  to: string[];
  subject: string;
  tags: { name: string; value: string }[];
  /** Set when the message was rendered from a stored template. */
  template_id?: string;
  /** email.bounced / email.complained only. */
  recipient?: string;
  reason?: string;
  [extra: string]: unknown;
}

export interface QuotaEventData {
  month_count: number;
  month_limit: number;
  hard_limit: number;
}

export interface NewEvent {
  accountId: string;
  type: EventType;
  /** Null for account-level events (quota.exceeded). */
  emailId: string | null;
  data: EmailEventData | QuotaEventData;
  at?: Date;
}

/** The exact body POSTed to endpoints. */
export interface EventPayload {
  id: string;
  type: EventType;
  created_at: string;
  data: EmailEventData | QuotaEventData;
}
