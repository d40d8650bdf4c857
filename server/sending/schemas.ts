import { z } from "zod";

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

export const Tag = z.object({ name: z.string(), value: z.string() });
export type Tag = z.infer<typeof Tag>;

export const TimelineEntry = z.object({ type: z.string(), at: z.number().int(), detail: z.string().nullable() });
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const EmailListItem = z.object({
  id: z.string(),
  status: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  createdAt: z.number().int(),
  sentAt: z.number().int().nullable(),
  tags: z.array(Tag),
});
export type EmailListItem = z.infer<typeof EmailListItem>;

export const EmailPage = z.object({ data: z.array(EmailListItem), hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type EmailPage = z.infer<typeof EmailPage>;

/** GET /v1/emails/{id}: the list item plus the spec's EmailStatus fields and DESIGN's additions. */
export const EmailDetail = EmailListItem.extend({
  sesMessageId: z.string().nullable(),
  error: z.string().nullable(),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  replyTo: z.array(z.string()),
  scheduledAt: z.number().int().nullable(),
  timeline: z.array(TimelineEntry),
});
export type EmailDetail = z.infer<typeof EmailDetail>;

export const SendResult = z.object({ id: z.string() });
export type SendResult = z.infer<typeof SendResult>;

const ErrorObject = z.object({ type: z.string(), message: z.string(), docs_url: z.string() });

/** One batch entry's outcome: its id, or its own error. */
export const BatchEntry = z.union([SendResult, z.object({ error: ErrorObject })]);
export type BatchEntry = z.infer<typeof BatchEntry>;

export const BatchResult = z.object({
  data: z.array(BatchEntry),
  summary: z.object({ total: z.number().int(), succeeded: z.number().int(), failed: z.number().int() }),
});
export type BatchResult = z.infer<typeof BatchResult>;

export const CancelResult = z.object({ id: z.string(), canceled: z.boolean() });
export type CancelResult = z.infer<typeof CancelResult>;
