import { z } from "zod";
import { strictBoolean } from "../schemas";
import { EVENT_TYPES } from "../../events/types";
import { createEndpoint, removeEndpoint, getEndpoint, listEndpoints, rotateSecret, updateEndpoint } from "../../webhooks/endpoints";
import { listAttempts, resendEvent } from "../../webhooks/log";
import { clampedLimit } from "../../lib/pagination";
import { fullScopeProcedure, router } from "../trpc";

const endpoint = z.object({
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
// The reference's endpoint has exactly the fields above; the single read (not in the reference) adds createdAt.
const endpointDetail = endpoint.extend({ createdAt: z.number().int() });

const url = z.string({ error: "url is required" }).min(1, "url is required");
const events = z.array(z.string(), { error: `events must be an array of event types (${EVENT_TYPES.join(", ")}) or ["*"]` })
  .min(1, "events must name at least one event type");
const description = z.string({ error: "description must be a string" }).max(500, "description must be at most 500 characters").nullable();
const enabled = strictBoolean("enabled");
const tags = ["Webhooks"];

export const webhooksRouter = router({
  create: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/webhooks", tags, summary: "Create a webhook endpoint" }, successStatus: 201 })
    .input(z.object({ url, events, description: description.optional(), enabled: enabled.optional() }))
    .output(endpoint.extend({ secret: z.string() }))
    .mutation(({ ctx, input }) => createEndpoint(ctx.account, input)),

  list: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/webhooks", tags, summary: "List webhook endpoints" } })
    .input(z.object({}))
    .output(z.object({ data: z.array(endpoint) }))
    .query(async ({ ctx }) => ({ data: await listEndpoints(ctx.account.id) })),

  get: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/webhooks/{id}", tags, summary: "Retrieve a webhook endpoint" } })
    .input(z.object({ id: z.string() }))
    .output(endpointDetail)
    .query(({ ctx, input }) => getEndpoint(ctx.account.id, input.id)),

  update: fullScopeProcedure
    .meta({ openapi: { method: "PATCH", path: "/v1/webhooks/{id}", tags, summary: "Update a webhook endpoint" } })
    .input(z.object({ id: z.string(), url: url.optional(), events: events.optional(), description: description.optional(), enabled: enabled.optional() }))
    .output(endpoint)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateEndpoint(ctx.account.id, id, changes);
    }),

  remove: fullScopeProcedure
    .meta({ openapi: { method: "DELETE", path: "/v1/webhooks/{id}", tags, summary: "Delete a webhook endpoint" } })
    .input(z.object({ id: z.string() }))
    .output(z.object({ id: z.string(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => removeEndpoint(ctx.account.id, input.id)),

  rotateSecret: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/webhooks/{id}/rotate-secret", tags, summary: "Replace the signing secret" } })
    .input(z.object({ id: z.string() }))
    .output(z.object({ id: z.string(), secret: z.string() }))
    .mutation(({ ctx, input }) => rotateSecret(ctx.account.id, input.id)),

  attempts: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/webhooks/{id}/attempts", tags, summary: "Delivery log of an endpoint, newest first" } })
    .input(z.object({ id: z.string(), limit: z.string().optional(), cursor: z.string().optional() }))
    .output(z.object({
      data: z.array(z.object({
        id: z.string(),
        deliveryId: z.string(),
        eventId: z.string(),
        eventType: z.string(),
        attempt: z.number().int(),
        at: z.number().int(),
        durationMs: z.number().int(),
        responseStatus: z.number().int().nullable(),
        error: z.string().nullable(),
        responseBodyHead: z.string().nullable(),
        deliveryStatus: z.string(),
      })),
      hasMore: z.boolean(),
      nextCursor: z.string().nullable(),
    }))
    .query(({ ctx, input }) => listAttempts(ctx.account.id, input.id, { limit: clampedLimit(input.limit), cursor: input.cursor })),

  resend: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/webhooks/{id}/resend", tags, summary: "Deliver one stored event to the endpoint again" }, successStatus: 202 })
    .input(z.object({ id: z.string(), eventId: z.string({ error: "eventId is required" }).min(1, "eventId is required") }))
    .output(z.object({ deliveryId: z.string(), endpointId: z.string(), eventId: z.string() }))
    .mutation(({ ctx, input }) => resendEvent(ctx.account.id, input.id, input.eventId)),
});
