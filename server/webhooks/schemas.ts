import { z } from "zod";
import { strictBoolean } from "../api/schemas";
import { EVENT_TYPES } from "../events/types";
import { MAX_WEBHOOK_DESCRIPTION } from "../limits/constants";

/** The shapes the webhooks API takes and answers with; the types are derived from them. */

const url = z.string({ error: "url is required" }).min(1, "url is required");
const events = z
  .array(z.string(), { error: `events must be an array of event types (${EVENT_TYPES.join(", ")}) or ["*"]` })
  .min(1, "events must name at least one event type");
const description = z
  .string({ error: "description must be a string" })
  .max(MAX_WEBHOOK_DESCRIPTION, `description must be at most ${MAX_WEBHOOK_DESCRIPTION} characters`)
  .nullable();
const enabled = strictBoolean("enabled");

export const NewEndpoint = z.object({ url, events, description: description.optional(), enabled: enabled.optional() });
export type NewEndpoint = z.infer<typeof NewEndpoint>;

/** A partial update: only the fields given change. */
export const EndpointChanges = z.object({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: enabled.optional(),
});
export type EndpointChanges = z.infer<typeof EndpointChanges>;

/** A delivery's state: pending (retry due), succeeded, failed (every retry exhausted), skipped (the endpoint went away or off). */
export const DELIVERY_STATUSES = ["pending", "succeeded", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The reference's endpoint: exactly these fields. */
export const Endpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  description: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  lastAttemptAt: z.number().int().nullable(),
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  suspendedByPlan: z.boolean(),
  autoDisabledAt: z.number().int().nullable(),
});

/** The single read (not in the reference) adds createdAt; services return this, lists strip it. */
export const EndpointDetail = Endpoint.extend({ createdAt: z.number().int() });
export type EndpointDetail = z.infer<typeof EndpointDetail>;

export const EndpointList = z.object({ data: z.array(Endpoint) });

/** The create's answer: the only time the signing secret is shown, besides a rotation. */
export const CreatedEndpoint = Endpoint.extend({ secret: z.string() });

export const EndpointDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type EndpointDeleted = z.infer<typeof EndpointDeleted>;

export const RotatedSecret = z.object({ id: z.string(), secret: z.string() });
export type RotatedSecret = z.infer<typeof RotatedSecret>;

export const Attempt = z.object({
  id: z.string(),
  deliveryId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** Which attempt of its delivery this was (1 = first). */
  attempt: z.number().int(),
  at: z.number().int(),
  durationMs: z.number().int(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  responseBodyHead: z.string().nullable(),
  /** The delivery's state now (DELIVERY_STATUSES). */
  deliveryStatus: z.string(),
});

export const AttemptPage = z.object({ data: z.array(Attempt), hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type AttemptPage = z.infer<typeof AttemptPage>;

export const ResendAccepted = z.object({ deliveryId: z.string(), endpointId: z.string(), eventId: z.string() });
export type ResendAccepted = z.infer<typeof ResendAccepted>;
