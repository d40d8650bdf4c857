import { z } from "zod";
import { createEndpoint, removeEndpoint, getEndpoint, listEndpoints, rotateSecret, updateEndpoint } from "../../webhooks/endpoints";
import { listAttempts, resendEvent } from "../../webhooks/log";
import { clampedLimit } from "../../lib/pagination";
import {
  AttemptPage,
  CreatedEndpoint,
  Endpoint,
  EndpointChanges,
  EndpointDeleted,
  EndpointDetail,
  EndpointList,
  NewEndpoint,
  ResendAccepted,
  RotatedSecret,
} from "../../webhooks/schemas";
import { fullScopeProcedure, router } from "../trpc";

const tags = ["Webhooks"];

export const webhooksRouter = router({
  create: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/webhooks", tags, summary: "Create a webhook endpoint" }, successStatus: 201 })
    .input(NewEndpoint)
    .output(CreatedEndpoint)
    .mutation(({ ctx, input }) => createEndpoint(ctx.account, input)),

  list: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/webhooks", tags, summary: "List webhook endpoints" } })
    .input(z.object({}))
    .output(EndpointList)
    .query(async ({ ctx }) => ({ data: await listEndpoints(ctx.account.id) })),

  get: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/webhooks/{id}", tags, summary: "Retrieve a webhook endpoint" } })
    .input(z.object({ id: z.string() }))
    .output(EndpointDetail)
    .query(({ ctx, input }) => getEndpoint(ctx.account.id, input.id)),

  update: fullScopeProcedure
    .meta({ openapi: { method: "PATCH", path: "/v1/webhooks/{id}", tags, summary: "Update a webhook endpoint" } })
    .input(z.object({ id: z.string(), ...EndpointChanges.shape }))
    .output(Endpoint)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateEndpoint(ctx.account.id, id, changes);
    }),

  remove: fullScopeProcedure
    .meta({ openapi: { method: "DELETE", path: "/v1/webhooks/{id}", tags, summary: "Delete a webhook endpoint" } })
    .input(z.object({ id: z.string() }))
    .output(EndpointDeleted)
    .mutation(({ ctx, input }) => removeEndpoint(ctx.account.id, input.id)),

  rotateSecret: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/webhooks/{id}/rotate-secret", tags, summary: "Replace the signing secret" } })
    .input(z.object({ id: z.string() }))
    .output(RotatedSecret)
    .mutation(({ ctx, input }) => rotateSecret(ctx.account.id, input.id)),

  attempts: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/webhooks/{id}/attempts", tags, summary: "Delivery log of an endpoint, newest first" } })
    .input(z.object({ id: z.string(), limit: z.string().optional(), cursor: z.string().optional() }))
    .output(AttemptPage)
    .query(({ ctx, input }) => listAttempts(ctx.account.id, input.id, { limit: clampedLimit(input.limit), cursor: input.cursor })),

  resend: fullScopeProcedure
    .meta({
      openapi: { method: "POST", path: "/v1/webhooks/{id}/resend", tags, summary: "Deliver one stored event to the endpoint again" },
      successStatus: 202,
    })
    .input(z.object({ id: z.string(), eventId: z.string({ error: "eventId is required" }).min(1, "eventId is required") }))
    .output(ResendAccepted)
    .mutation(({ ctx, input }) => resendEvent(ctx.account.id, input.id, input.eventId)),
});
