import { z } from "zod";
import { createApiKey, listApiKeys, revokeApiKey } from "../../auth/api-keys";
import { ApiKeyList, ApiKeyRevoked, CreatedApiKey, KEY_SCOPES } from "../../auth/schemas";
import { MAX_KEY_NAME_LENGTH } from "../../limits/constants";
import { fullScopeProcedure, router } from "../trpc";

export const apiKeysRouter = router({
  create: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/api-keys", tags: ["API keys"], summary: "Create an API key" }, successStatus: 201 })
    .input(
      z.object({
        name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(MAX_KEY_NAME_LENGTH),
        scope: z.enum(KEY_SCOPES, { error: `scope must be ${KEY_SCOPES.join(" or ")}` }).default("full"),
      }),
    )
    .output(CreatedApiKey)
    .mutation(async ({ ctx, input }) => ({ key: (await createApiKey(ctx.account.id, input.name, input.scope)).key })),

  list: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/api-keys", tags: ["API keys"], summary: "List live API keys" } })
    .input(z.object({}))
    .output(ApiKeyList)
    .query(async ({ ctx }) => ({ data: await listApiKeys(ctx.account.id) })),

  remove: fullScopeProcedure
    .meta({ openapi: { method: "DELETE", path: "/v1/api-keys/{id}", tags: ["API keys"], summary: "Revoke an API key" } })
    .input(z.object({ id: z.string() }))
    .output(ApiKeyRevoked)
    .mutation(({ ctx, input }) => revokeApiKey(ctx.account.id, input.id)),
});
