import { z } from "zod";
import { EVENT_TYPES, type EventType } from "./types";

/** The webhook payloads as the OpenAPI document states them (the `webhooks` section). */

export const EventTypeSchema = z.enum(EVENT_TYPES).meta({ id: "WebhookEventType", description: "One of the ten event types" });

const TagSchema = z.object({ name: z.string(), value: z.string() });

export const EmailEventData = z
  .object({
    email_id: z.string(),
    from: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    tags: z.array(TagSchema),
    template_id: z.string().optional().meta({ description: "The template the message was rendered from; absent without one" }),
  })
  .meta({ id: "EmailEventData", description: "The message an email event is about" });

export const RecipientEventData = EmailEventData.extend({
  recipient: z.string().meta({ description: "The address that bounced or complained; it is now suppressed" }),
  reason: z.string().meta({ description: "What the receiving mail server said" }),
}).meta({ id: "RecipientEventData", description: "An email event about one recipient (email.bounced, email.complained)" });

const Engagement = {
  timestamp: z.string().meta({ format: "date-time" }),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable().meta({ description: "From X-Forwarded-For, when a proxy sets it" }),
};

export const OpenedEventData = EmailEventData.extend({ open: z.object(Engagement) }).meta({
  id: "OpenedEventData",
  description: "email.opened: the message, and the open",
});

export const ClickedEventData = EmailEventData.extend({
  click: z.object({ ...Engagement, link: z.string().meta({ description: "The link's original URL" }) }),
}).meta({ id: "ClickedEventData", description: "email.clicked: the message, and the click" });

export const QuotaEventData = z
  .object({
    month_count: z.number().int(),
    month_limit: z.number().int(),
    hard_limit: z.number().int().meta({ description: "Sends stop here; the grace band lies between month_limit and hard_limit" }),
  })
  .meta({ id: "QuotaEventData", description: "Account-level: no email_id" });

export const InboundEventData = z
  .object({
    email_id: z.string().meta({ description: "The inbound message (GET /v1/emails/receiving/{id})" }),
    created_at: z.string().meta({ format: "date-time", description: "When the MX listener stored it" }),
    from: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    bcc: z.array(z.string()),
    received_for: z.array(z.string()).meta({ description: "The envelope recipients (RCPT TO) in this account" }),
    message_id: z.string().nullable(),
    subject: z.string(),
    attachments: z.array(
      z.object({
        id: z.string(),
        filename: z.string().nullable(),
        content_type: z.string(),
        content_disposition: z.string(),
        content_id: z.string().nullable(),
      }),
    ),
    text: z.string().nullable().optional().meta({ description: "The parsed text, capped: only to an endpoint with include_content" }),
    html: z.string().nullable().optional().meta({ description: "The parsed html, capped: only to an endpoint with include_content" }),
  })
  .meta({ id: "InboundEventData", description: "email.received: a message received for one of the account's domains" });

const DATA = {
  email: EmailEventData,
  recipient: RecipientEventData,
  opened: OpenedEventData,
  clicked: ClickedEventData,
  quota: QuotaEventData,
  inbound: InboundEventData,
};

/** What each event type carries in `data`, and what it means. */
export const EVENT_DOCS: Record<EventType, { meaning: string; data: keyof typeof DATA }> = {
  "email.sent": { meaning: "Accepted and handed to the upstream provider.", data: "email" },
  "email.delivered": { meaning: "The receiving server confirmed delivery.", data: "email" },
  "email.opened": { meaning: "The recipient opened it (open tracking). May fire more than once.", data: "opened" },
  "email.clicked": { meaning: "The recipient clicked a tracked link (click tracking). May fire more than once.", data: "clicked" },
  "email.bounced": { meaning: "Hard bounce. The recipient is automatically suppressed.", data: "recipient" },
  "email.complained": { meaning: "Spam complaint. The recipient is automatically suppressed.", data: "recipient" },
  "email.delivery_delayed": {
    meaning: "The provider is retrying after a transient failure; a delivered or bounced event follows.",
    data: "email",
  },
  "email.failed": { meaning: "Could not be submitted upstream.", data: "email" },
  "quota.exceeded": {
    meaning:
      "A send took the account past its monthly limit into the grace band. Fired once per period; mail keeps going out until hard_limit.",
    data: "quota",
  },
  "email.received": {
    meaning:
      "A message arrived at the MX listener for one of the account's receiving domains and was parsed. Metadata only, unless the endpoint has include_content.",
    data: "inbound",
  },
};

/** `email.bounced` → `EmailBouncedEvent`. */
export const eventSchemaId = (type: EventType) =>
  type
    .split(/[._]/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("") + "Event";

/** One named payload schema per event type: the exact body POSTed to endpoints. */
export const EVENT_PAYLOADS = Object.fromEntries(
  EVENT_TYPES.map((type) => [
    eventSchemaId(type),
    z
      .object({
        id: z.string().meta({ description: "Unique event id; dedupe on it (delivery is at least once)" }),
        type: z.literal(type),
        created_at: z.string().meta({ format: "date-time", description: "ISO 8601; sequence events by it" }),
        data: DATA[EVENT_DOCS[type].data],
      })
      .meta({ id: eventSchemaId(type), description: EVENT_DOCS[type].meaning }),
  ]),
);
