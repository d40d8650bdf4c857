import { z } from "zod";
import { agreed, strictBoolean } from "../lib/request-fields";
import { validationError } from "../errors";
import { EventTypeSchema } from "../events/schemas";
import { EVENT_TYPES } from "../events/types";
import { MAX_EVENT_TYPE_LENGTH, MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_EVENTS, MAX_WEBHOOK_URL_LENGTH } from "../limits/constants";

/** The shapes the webhooks API takes and answers with; the types are derived from them. */

const url = z
  .string({ error: "url is required" })
  .min(1, "url is required")
  .max(MAX_WEBHOOK_URL_LENGTH, { error: `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`, abort: true });
/** The types an endpoint subscribes to; `*` is all ten. */
export const EventSelector = z.enum([...EVENT_TYPES, "*"]).meta({
  id: "WebhookEventSelector",
  description: "An event type, or `*` for all ten",
});

// Checked by normaliseEvents, which names the unknown types; the document still shows the enum.
// Capped before normaliseEvents reads them (its message quotes the unknown ones).
const events = z
  .array(z.string().max(MAX_EVENT_TYPE_LENGTH, `an event type is at most ${MAX_EVENT_TYPE_LENGTH} characters`), {
    error: `events must be an array of event types (${EVENT_TYPES.join(", ")}) or ["*"]`,
  })
  .min(1, "events must name at least one event type")
  .max(MAX_WEBHOOK_EVENTS, `events may hold at most ${MAX_WEBHOOK_EVENTS} entries`)
  .meta({
    override: { type: "array", minItems: 1, maxItems: MAX_WEBHOOK_EVENTS, items: { type: "string", enum: [...EVENT_TYPES, "*"] } },
  });
const description = z
  .string({ error: "description must be a string" })
  .max(MAX_WEBHOOK_DESCRIPTION, `description must be at most ${MAX_WEBHOOK_DESCRIPTION} characters`)
  .nullable();
const enabled = strictBoolean("enabled");
const includeContent = strictBoolean("includeContent").meta({
  description: "email.received payloads carry the parsed text and html (each capped at 262144 characters); default false",
});

/** Resend's names: `endpoint` for url, `status` for enabled. */
const endpoint = url.describe("Resend's name for url");
const status = z
  .enum(["enabled", "disabled"], { error: "status must be enabled or disabled" })
  .describe("Resend's name for enabled: enabled = true, disabled = false");

const aliases = { endpoint: endpoint.optional(), status: status.optional() };

/** A create as sent: `url` or `endpoint` (one is required). */
export const NewEndpointRequest = z.object({
  url: url.optional(),
  events,
  description: description.optional(),
  enabled: enabled.optional(),
  includeContent: includeContent.optional(),
  ...aliases,
});

/** A create with the aliases resolved. */
export interface NewEndpoint {
  url: string;
  events: string[];
  description?: string | null;
  enabled?: boolean;
  includeContent?: boolean;
}

/** A partial update as sent: only the fields given change. */
export const EndpointChangesRequest = z.object({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: enabled.optional(),
  includeContent: includeContent.optional(),
  ...aliases,
});

/** A partial update with the aliases resolved. */
export interface EndpointChanges {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
  includeContent?: boolean;
}

/** Our fields from a request that may use Resend's names. */
export function resolveChanges(input: z.infer<typeof EndpointChangesRequest>): EndpointChanges {
  const { endpoint: endpointAlias, status: statusAlias, ...ours } = input;
  const out: EndpointChanges = { ...ours };
  const target = agreed([
    ["url", input.url],
    ["endpoint", endpointAlias],
  ]);
  if (target !== undefined) out.url = target;
  const on = agreed([
    ["enabled", input.enabled],
    ["status", statusAlias === undefined ? undefined : statusAlias === "enabled"],
  ]);
  if (on !== undefined) out.enabled = on;
  return out;
}

export function resolveNewEndpoint(input: z.infer<typeof NewEndpointRequest>): NewEndpoint {
  const { url: target, ...rest } = resolveChanges(input);
  if (target === undefined) throw validationError("url: url is required (or Resend's endpoint)");
  return { ...rest, url: target, events: input.events };
}

/** A delivery's state: pending (retry due), succeeded, failed (every retry exhausted), skipped (the endpoint went away or off). */
export const DELIVERY_STATUSES = ["pending", "succeeded", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The reference's endpoint: exactly these fields. */
export const Endpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(EventSelector),
    enabled: z.boolean(),
    status: z.enum(["enabled", "disabled"]).meta({ description: "Resend's name for `enabled`, as its SDK's types read it" }),
    description: z.string().nullable(),
    consecutiveFailures: z.number().int(),
    lastAttemptAt: z.number().int().nullable(),
    lastResponseStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    suspendedByPlan: z.boolean(),
    autoDisabledAt: z.number().int().nullable(),
    includeContent: z.boolean().meta({ description: "email.received payloads to this endpoint carry the parsed text and html, capped" }),
  })
  .meta({ id: "WebhookEndpoint", description: "Where events are delivered; the signing secret is shown only at creation and rotation" });

/** The single read (not in the reference) adds createdAt; services return this, lists strip it. */
export const EndpointDetail = Endpoint.extend({ createdAt: z.number().int() }).meta({ id: "WebhookEndpointDetail" });
export type EndpointDetail = z.infer<typeof EndpointDetail>;

export const EndpointList = z.object({ data: z.array(Endpoint) }).meta({ id: "WebhookEndpointList" });

/** A secret as issued (newSecret): `whsec_` + standard base64 of 32 random bytes, Standard Webhooks' form. */
const issuedSecret = z.string().regex(/^whsec_[A-Za-z0-9+/]{43}=$/);

/**
 * The secret as create and rotate show it: ours (`secret`) plus the names Resend's SDK types
 * read for these two answers (`signing_secret`, `object`).
 */
const ShownSecret = z.object({
  secret: issuedSecret.meta({ description: "`whsec_` + base64 of 32 bytes: keep it to verify signatures" }),
  signing_secret: issuedSecret.meta({ description: "Resend's name for `secret`: the same value" }),
  object: z.literal("webhook").meta({ description: "Resend's resource tag, always `webhook`" }),
});
export type ShownSecret = z.infer<typeof ShownSecret>;

export const shownSecret = (secret: string): ShownSecret => ({ secret, signing_secret: secret, object: "webhook" });

/** The create's answer: the only time the signing secret is shown, besides a rotation. */
export const CreatedEndpoint = Endpoint.extend(ShownSecret.shape).meta({ id: "CreatedWebhookEndpoint" });

export const EndpointDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: "DeletedWebhookEndpoint" });
export type EndpointDeleted = z.infer<typeof EndpointDeleted>;

export const RotatedSecret = z.object({ id: z.string(), ...ShownSecret.shape }).meta({ id: "RotatedSecret" });
export type RotatedSecret = z.infer<typeof RotatedSecret>;

export const Attempt = z
  .object({
    id: z.string(),
    deliveryId: z.string(),
    eventId: z.string(),
    eventType: EventTypeSchema,
    /** Which attempt of its delivery this was (1 = first). */
    attempt: z.number().int(),
    at: z.number().int(),
    durationMs: z.number().int(),
    responseStatus: z.number().int().nullable(),
    error: z.string().nullable(),
    responseBodyHead: z.string().nullable(),
    /** The delivery's state now. */
    deliveryStatus: z.enum(DELIVERY_STATUSES).meta({ id: "DeliveryStatus" }),
  })
  .meta({ id: "DeliveryAttempt", description: "One HTTP attempt to deliver an event" });

export const AttemptPage = z
  .object({ data: z.array(Attempt), hasMore: z.boolean(), nextCursor: z.string().nullable() })
  .meta({ id: "DeliveryAttemptList" });
export type AttemptPage = z.infer<typeof AttemptPage>;

export const ResendAccepted = z
  .object({ deliveryId: z.string(), endpointId: z.string(), eventId: z.string() })
  .meta({ id: "ResendAccepted", description: "The event is queued for delivery to the endpoint" });
export type ResendAccepted = z.infer<typeof ResendAccepted>;
