import { z } from "zod";
import { createApiKey, listApiKeys, revokeApiKey } from "../../auth/api-keys";
import { fullScopeProcedure, router } from "../trpc";

const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  last4: z.string(),
  scope: z.enum(["full", "send"]),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
});

export const apiKeysRouter = router({
  create: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/api-keys", tags: ["API keys"], summary: "Create an API key" }, successStatus: 201 })
    .input(z.object({
      name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(100),
      scope: z.enum(["full", "send"], { error: "scope must be full or send" }).default("full"),
    }))
    .output(z.object({ key: z.string() }))
    .mutation(async ({ ctx, input }) => ({ key: (await createApiKey(ctx.account.id, input.name, input.scope)).key })),

  list: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/api-keys", tags: ["API keys"], summary: "List live API keys" } })
    .input(z.object({}))
    .output(z.object({ data: z.array(apiKey) }))
    .query(async ({ ctx }) => ({ data: await listApiKeys(ctx.account.id) })),

  remove: fullScopeProcedure
    .meta({ openapi: { method: "DELETE", path: "/v1/api-keys/{id}", tags: ["API keys"], summary: "Revoke an API key" } })
    .input(z.object({ id: z.string() }))
    .output(z.object({ id: z.string(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => revokeApiKey(ctx.account.id, input.id)),
});
