import { z } from "zod";
import { createEndpoint, removeEndpoint, getEndpoint, listEndpoints, rotateSecret, updateEndpoint } from "../../webhooks/endpoints";
import { listAttempts, resendEvent } from "../../webhooks/log";
import { makerOf } from "../../auth/creator";
import { clampedLimit, pagingField } from "../../lib/pagination";
import { MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS, MAX_MANUAL_WEBHOOK_DELIVERIES } from "../../limits/constants";
import {
  AttemptPage,
  CreatedEndpoint,
  Endpoint,
  EndpointChangesRequest,
  EndpointDeleted,
  EndpointDetail,
  EndpointList,
  NewEndpointRequest,
  ResendAccepted,
  resolveChanges,
  resolveNewEndpoint,
  RotatedSecret,
  shownSecret,
} from "../../webhooks/schemas";
import { ATTEMPT, EXAMPLE_IDS, SECRET, WEBHOOK_ENDPOINT } from "../examples";
import { unpagedListQuery } from "../../lib/request-fields";
import { fullScopeProcedure, router } from "../trpc";

const tags = ["Webhooks"];

/** Rotation is one operation at two addresses: ours (…/rotate-secret) and Resend's (…/signing-secret/rotate). */
function rotateProcedure(path: `/v1/${string}`, summary: string, description: string) {
  return fullScopeProcedure
    .meta({
      openapi: { method: "POST", path, tags, summary, description },
      docs: { example: { id: EXAMPLE_IDS.webhook, ...shownSecret(SECRET) } },
    })
    .input(z.object({ id: z.string() }))
    .output(RotatedSecret)
    .mutation(({ ctx, input }) => rotateSecret(ctx.account.id, input.id));
}

export const webhooksRouter = router({
  create: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/webhooks",
        tags,
        summary: "Create a webhook endpoint",
        description:
          'Registers an https URL (port 443, public host) for the chosen event types, or `["*"]` for all ten. The answer carries the signing secret (`secret`, and `signing_secret` for Resend\'s SDK), shown only here and on rotation.',
      },
      successStatus: 201,
      docs: {
        errors: {
          400: "validation_error: url not https, not port 443 or a private host; events empty or unknown; description over 500 characters; the plan's endpoint allowance is full",
        },
        requestExample: { url: WEBHOOK_ENDPOINT.url, events: WEBHOOK_ENDPOINT.events, description: WEBHOOK_ENDPOINT.description },
        example: { ...WEBHOOK_ENDPOINT, ...shownSecret(SECRET) },
      },
    })
    .input(NewEndpointRequest)
    .output(CreatedEndpoint)
    .mutation(({ ctx, input }) => createEndpoint(ctx.account, resolveNewEndpoint(input), makerOf(ctx))),

  list: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/webhooks",
        tags,
        summary: "List webhook endpoints",
        description: "Every endpoint, without secrets.",
      },
      docs: { example: { data: [WEBHOOK_ENDPOINT] } },
    })
    .input(unpagedListQuery)
    .output(EndpointList)
    .query(async ({ ctx }) => ({ data: await listEndpoints(ctx.account.id) })),

  get: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/webhooks/{id}",
        tags,
        summary: "Retrieve a webhook endpoint",
        description: "One endpoint with its delivery health, without the secret.",
      },
      docs: { example: { ...WEBHOOK_ENDPOINT, createdAt: 1767225600000 } },
    })
    .input(z.object({ id: z.string() }))
    .output(EndpointDetail)
    .query(({ ctx, input }) => getEndpoint(ctx.account.id, input.id)),

  update: fullScopeProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/v1/webhooks/{id}",
        tags,
        summary: "Update a webhook endpoint",
        description:
          "Changes only the fields given. `enabled: true` re-enables an endpoint the service switched off (clearing `autoDisabledAt` and the failure count), unless the plan suspended it.",
      },
      docs: {
        errors: { 400: "validation_error: a field as for create, or enabled: true on an endpoint the plan suspended" },
        requestExample: { enabled: false },
        example: { ...WEBHOOK_ENDPOINT, enabled: false, status: "disabled" },
      },
    })
    .input(z.object({ id: z.string(), ...EndpointChangesRequest.shape }))
    .output(Endpoint)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateEndpoint(ctx.account.id, id, resolveChanges(changes));
    }),

  remove: fullScopeProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/v1/webhooks/{id}",
        tags,
        summary: "Delete a webhook endpoint",
        description: "Deliveries still pending to it are not attempted.",
      },
      docs: { example: { id: EXAMPLE_IDS.webhook, deleted: true } },
    })
    .input(z.object({ id: z.string() }))
    .output(EndpointDeleted)
    .mutation(({ ctx, input }) => removeEndpoint(ctx.account.id, input.id)),

  rotateSecret: rotateProcedure(
    "/v1/webhooks/{id}/rotate-secret",
    "Replace the signing secret",
    "Issues a new signing secret and returns it; deliveries from now on are signed with it.",
  ),

  rotateSecretAlias: rotateProcedure(
    "/v1/webhooks/{id}/signing-secret/rotate",
    "Replace the signing secret (Resend's route)",
    "Resend's route for the same operation as `POST /v1/webhooks/{id}/rotate-secret`: a new secret at once, shown only here.",
  ),

  attempts: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/webhooks/{id}/attempts",
        tags,
        summary: "Delivery log of an endpoint, newest first",
        description: "Every HTTP attempt to the endpoint with its outcome. `limit` is clamped to 1 to 100.",
      },
      docs: { example: { data: [ATTEMPT], hasMore: false, nextCursor: null } },
    })
    .input(z.object({ id: z.string(), limit: z.string().optional(), cursor: pagingField.optional() }))
    .output(AttemptPage)
    .query(({ ctx, input }) => listAttempts(ctx.account.id, input.id, { limit: clampedLimit(input.limit), cursor: input.cursor })),

  resend: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/webhooks/{id}/resend",
        tags,
        summary: "Deliver one stored event to the endpoint again",
        description: `Queues a fresh delivery of the event to this endpoint, with the same event id (receivers dedupe on it). Resends and the dashboard's test events share an allowance of ${MAX_MANUAL_WEBHOOK_DELIVERIES} per endpoint per ${MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS} seconds.`,
      },
      successStatus: 202,
      docs: {
        errors: {
          400: "validation_error: eventId missing, or the endpoint is disabled",
          404: "not_found: no such endpoint or event in this account",
          429: `rate_limited: ${MAX_MANUAL_WEBHOOK_DELIVERIES} test events and resends to this endpoint already in the last ${MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS} seconds; Retry-After says when to try again`,
        },
        requestExample: { eventId: EXAMPLE_IDS.event },
        example: { deliveryId: EXAMPLE_IDS.delivery, endpointId: EXAMPLE_IDS.webhook, eventId: EXAMPLE_IDS.event },
      },
    })
    .input(z.object({ id: z.string(), eventId: z.string({ error: "eventId is required" }).min(1, "eventId is required") }))
    .output(ResendAccepted)
    .mutation(({ ctx, input }) => resendEvent(ctx.account.id, input.id, input.eventId)),
});
