import { z } from "zod";

/** The shape of the dashboard's sink-message read; the type is derived from it. */
export const SinkMessage = z.object({
  raw: z.string(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.array(z.object({ key: z.string(), value: z.string() })),
  attachments: z.array(z.object({ filename: z.string().nullable(), mimeType: z.string(), size: z.number().int() })),
});
export type SinkMessage = z.infer<typeof SinkMessage>;

/** One UTC day of the account's mail: handed over, delivered, bounced, complained. */
const DailyCount = z.object({
  day: z.string(),
  sent: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  complained: z.number().int(),
});

/** The spans a chart covers: the last 7 or 30 UTC days (today included), or this month so far. */
export const ACTIVITY_RANGES = ["7d", "30d", "month"] as const;
export type ActivityRange = (typeof ACTIVITY_RANGES)[number];

export const Activity = z.object({ range: z.enum(ACTIVITY_RANGES), days: z.array(DailyCount) });
export type Activity = z.infer<typeof Activity>;

/** The deliverability breaker's view of the account: its window's numbers against its thresholds. */
export const Deliverability = z.object({
  windowMs: z.number().int(),
  sends: z.number().int(),
  bounces: z.number().int(),
  complaints: z.number().int(),
  /** Null until the window holds any sends. */
  bounceRate: z.number().nullable(),
  complaintRate: z.number().nullable(),
  minSends: z.number(),
  bounceThreshold: z.number(),
  complaintThreshold: z.number(),
  /** The window holds enough sends for the breaker to judge. */
  judged: z.boolean(),
  /** Sending is held by the breaker now. */
  blocked: z.boolean(),
});
export type Deliverability = z.infer<typeof Deliverability>;

/** The first steps, each derived from the account's rows. */
export const Checklist = z.object({
  apiKeyCreated: z.boolean(),
  emailSent: z.boolean(),
  domainAdded: z.boolean(),
  domainVerified: z.boolean(),
  webhookAdded: z.boolean(),
});
export type Checklist = z.infer<typeof Checklist>;

/** The plan's allowances as enforced for the account today (`null`: unlimited). */
export const PlanLimits = z.object({
  plan: z.string(),
  month: z.number().int().nullable(),
  /** The grace band's ceiling: sends stop here, past `month`. */
  hardLimit: z.number().int().nullable(),
  day: z
    .object({ limit: z.number().int(), unit: z.enum(["messages", "recipients"]), kind: z.enum(["plan", "ramp", "throttle"]) })
    .nullable(),
  domains: z.number().int().nullable(),
  webhooks: z.number().int().nullable(),
  rate: z.object({ perSecond: z.number(), burst: z.number() }).nullable(),
});
export type PlanLimits = z.infer<typeof PlanLimits>;

/** Messages' public statuses, for the list's live refresh. */
export const EmailStatuses = z.object({ data: z.array(z.object({ id: z.string(), status: z.string() })) });
export type EmailStatuses = z.infer<typeof EmailStatuses>;

/** Which listed suppressions name the message that caused them (and it is still stored). */
export const SuppressionSources = z.object({ data: z.array(z.object({ address: z.string(), emailId: z.string() })) });
export type SuppressionSources = z.infer<typeof SuppressionSources>;

/** Stored events as their attempts POST them (the exact body, before signing), and whether each was a test. */
export const WebhookEventBodies = z.object({ data: z.array(z.object({ id: z.string(), test: z.boolean(), body: z.string() })) });
export type WebhookEventBodies = z.infer<typeof WebhookEventBodies>;

/** An endpoint's recent attempts (test events left out) and how many of them failed. */
export const WebhookHealth = z.object({
  data: z.array(z.object({ id: z.string(), attempts: z.number().int(), failed: z.number().int() })),
});
export type WebhookHealth = z.infer<typeof WebhookHealth>;

/** A test event queued to one endpoint. */
export const TestEventQueued = z.object({ eventId: z.string(), deliveryId: z.string(), endpointId: z.string() });
export type TestEventQueued = z.infer<typeof TestEventQueued>;
/** Messages test mode rewrote to the account email, with the recipients the request named. */
export const Rewrites = z.object({ data: z.array(z.object({ id: z.string(), rewrittenFrom: z.array(z.string()) })) });
export type Rewrites = z.infer<typeof Rewrites>;

/**
 * Who made an API key or a webhook endpoint (dashboard-only: the /v1 shapes stay the
 * reference's). `user`: the creator's address, or the owner it was handed over to; null when
 * unknown (made before creators were recorded, or by a key whose creator is unknown). `viaKey`:
 * the API key it was made with through /v1, or null when made in the dashboard.
 */
export const Creator = z.object({
  id: z.string(),
  user: z.string().nullable(),
  viaKey: z.object({ name: z.string(), last4: z.string(), revoked: z.boolean() }).nullable(),
});
export type Creator = z.infer<typeof Creator>;
export const Creators = z.object({ data: z.array(Creator) });
export type Creators = z.infer<typeof Creators>;

/** What an application needs to send over SMTP submission (docs/smtp.md); a port is null when its listener is off. */
export const SmtpSettings = z.object({
  host: z.string(),
  port: z.number().int().nullable(),
  tlsPort: z.number().int().nullable(),
  username: z.string(),
  /** No certificate configured: the listeners serve a generated self-signed one. */
  selfSigned: z.boolean(),
});
export type SmtpSettings = z.infer<typeof SmtpSettings>;
