import { z } from "zod";
import { ErrorObjectSchema } from "../errors";

/** The shapes the emails API answers with; the types are derived from them. */

/** Every status a stored message can hold. `sending` is internal (mid-dispatch). */
export const EMAIL_STATUSES = [
  "scheduled",
  "queued",
  "sending",
  "sent",
  "delivered",
  "bounced",
  "complained",
  "failed",
  "canceled",
] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** The statuses a client sees and filters by: `sending` reads as `queued`. */
export const LIST_STATUSES = ["scheduled", "queued", "sent", "delivered", "bounced", "complained", "failed", "canceled"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/** A status as every public surface reports it. */
export const EmailStatusSchema = z.enum(LIST_STATUSES).meta({
  id: "EmailStatus",
  description:
    "A message's state. `scheduled` waits for its time; mid-dispatch messages read as `queued`; `canceled` was cancelled while scheduled.",
});

export const Tag = z
  .object({ name: z.string(), value: z.string() })
  .meta({ id: "Tag", description: "A name/value pair kept with the message and echoed in its events" });
export type Tag = z.infer<typeof Tag>;

/**
 * Every step a timeline records: acceptance (`queued`, `scheduled`), a move (`rescheduled`),
 * a scheduled message leaving (`queued`), delivery outcomes (server/delivery/status.ts),
 * engagement (`opened`, `clicked`) and `canceled`. email_events.type holds one of these.
 */
export const TIMELINE_TYPES = [
  "queued",
  "scheduled",
  "rescheduled",
  "sent",
  "delivered",
  "delivery_delayed",
  "bounced",
  "complained",
  "opened",
  "clicked",
  "failed",
  "canceled",
] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

export const TimelineEntry = z
  .object({
    type: z.enum(TIMELINE_TYPES).meta({
      description:
        "queued (accepted, or a scheduled message leaving), scheduled (accepted for later), rescheduled (moved; detail: the new time), sent, delivered, delivery_delayed, bounced, complained, opened, clicked, failed or canceled",
    }),
    at: z.number().int().meta({ description: "Unix ms" }),
    detail: z.string().nullable(),
  })
  .meta({ id: "TimelineEntry", description: "One step in a message's life, oldest first" });
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** How a message arrived: the API, or SMTP submission (server/smtp). emails.source holds one of these. */
export const EMAIL_SOURCES = ["api", "smtp"] as const;
export type EmailSource = (typeof EMAIL_SOURCES)[number];

export const EmailListItem = z
  .object({
    id: z.string(),
    status: EmailStatusSchema,
    from: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    createdAt: z.number().int(),
    sentAt: z.number().int().nullable(),
    tags: z.array(Tag),
    source: z
      .enum(EMAIL_SOURCES)
      .meta({ description: "How the message arrived: `api` (POST /v1/emails or batch) or `smtp` (SMTP submission)" }),
  })
  .meta({ id: "EmailListItem", description: "A message as the list shows it" });
export type EmailListItem = z.infer<typeof EmailListItem>;

/** `has_more` repeats hasMore under Resend's name (its SDKs page on it). */
export const EmailPage = z
  .object({ data: z.array(EmailListItem), hasMore: z.boolean(), nextCursor: z.string().nullable(), has_more: z.boolean() })
  .meta({
    id: "EmailList",
    description:
      "One page; follow `nextCursor` until it is null (a page may be empty while `hasMore` is true); `has_more` repeats `hasMore` for Resend's SDKs",
  });
export type EmailPage = z.infer<typeof EmailPage>;

/** GET /v1/emails/{id}: the list item plus the spec's EmailStatus fields and DESIGN's additions. */
export const EmailDetail = EmailListItem.extend({
  sesMessageId: z.string().nullable(),
  error: z.string().nullable(),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  replyTo: z.array(z.string()),
  scheduledAt: z.number().int().nullable(),
  template_id: z.string().nullable().meta({ description: "The template the content was rendered from (Resend's name); null without one" }),
  template_version_id: z.string().nullable().meta({ description: "The template's published version that rendered it" }),
  timeline: z.array(TimelineEntry),
}).meta({ id: "Email", description: "A message with its delivery timeline (the reference's EmailStatus and more)" });
export type EmailDetail = z.infer<typeof EmailDetail>;

export const SendResult = z.object({ id: z.string() }).meta({ id: "SentEmail", description: "The accepted message's id" });
export type SendResult = z.infer<typeof SendResult>;

/** One batch entry's outcome: its id, or its own error. */
export const BatchEntry = z
  .union([SendResult, z.object({ error: ErrorObjectSchema }).meta({ id: "BatchEntryError", description: "This entry was refused" })])
  .meta({ id: "BatchEntry", description: "One entry's outcome, in input order" });
export type BatchEntry = z.infer<typeof BatchEntry>;

export const BatchResult = z
  .object({
    data: z.array(BatchEntry),
    summary: z.object({ total: z.number().int(), succeeded: z.number().int(), failed: z.number().int() }),
    errors: z.array(z.object({ index: z.number().int(), message: z.string() })).meta({
      description: "Resend's list of the refused entries (its SDK's type reads it): each one's index in `data` and its error message",
    }),
  })
  .meta({ id: "BatchResult", description: "Per-entry outcomes; a refused entry never changes the HTTP status, so read `summary.failed`" });
export type BatchResult = z.infer<typeof BatchResult>;

export const CancelResult = z.object({ id: z.string(), canceled: z.boolean() }).meta({ id: "CanceledEmail" });
export type CancelResult = z.infer<typeof CancelResult>;

/** PATCH /v1/emails/{id}: the message's new dispatch time. */
export const RescheduleResult = z
  .object({ id: z.string(), scheduledAt: z.number().int().meta({ description: "Unix ms" }) })
  .meta({ id: "RescheduledEmail", description: "The message's new dispatch time" });
export type RescheduleResult = z.infer<typeof RescheduleResult>;
