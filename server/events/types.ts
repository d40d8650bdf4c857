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

/** email.received: a parsed inbound message (Resend's metadata shape; server/inbound/event.ts). */
export interface InboundEventData {
  email_id: string;
  created_at: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  received_for: string[];
  message_id: string | null;
  subject: string;
  attachments: { id: string; filename: string | null; content_type: string; content_disposition: string; content_id: string | null }[];
  /** Only in the body sent to an endpoint with include_content (never stored in the event). */
  text?: string | null;
  html?: string | null;
}

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
