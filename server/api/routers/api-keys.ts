import { z } from "zod";
import { createApiKey, listApiKeys, revokeApiKey } from "../../auth/api-keys";
import { makerOf } from "../../auth/creator";
import { ApiKeyList, ApiKeyRevoked, CreatedApiKey, KEY_PERMISSIONS, KEY_SCOPES, keyScope } from "../../auth/schemas";
import { MAX_KEY_NAME_LENGTH } from "../../limits/constants";
import { API_KEY, NEW_KEY } from "../examples";
import { notSupported, unpagedListQuery } from "../../lib/request-fields";
import { fullScopeProcedure, router } from "../trpc";

export const apiKeysRouter = router({
  create: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/api-keys",
        tags: ["API keys"],
        summary: "Create an API key",
        description:
          "Returns the plaintext key (`key`, and `token` for Resend's SDK) with its id, the only time it is shown; the service keeps its hash and last four characters. A `send` key may only send. Up to 50 live keys.",
      },
      successStatus: 201,
      docs: {
        errors: { 400: "validation_error: name missing, scope not full or send, or 50 live keys already held" },
        requestExample: { name: "production", scope: "send" },
        example: { key: NEW_KEY, id: API_KEY.id, token: NEW_KEY },
      },
    })
    .input(
      z.object({
        name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(MAX_KEY_NAME_LENGTH),
        scope: z
          .enum(KEY_SCOPES, { error: `scope must be ${KEY_SCOPES.join(" or ")}` })
          .optional()
          .describe("full (default) or send"),
        permission: z
          .enum(KEY_PERMISSIONS, { error: `permission must be ${KEY_PERMISSIONS.join(" or ")}` })
          .optional()
          .describe("Resend's name for scope: full_access = full, sending_access = send"),
        domain_id: notSupported("a key cannot be limited to one domain"),
      }),
    )
    .output(CreatedApiKey)
    .mutation(({ ctx, input }) => createApiKey(ctx.account.id, input.name, keyScope(input.scope, input.permission), makerOf(ctx))),

  list: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/api-keys",
        tags: ["API keys"],
        summary: "List live API keys",
        description: "Live keys only, with their last four characters.",
      },
      docs: { example: { data: [API_KEY] } },
    })
    .input(unpagedListQuery)
    .output(ApiKeyList)
    .query(async ({ ctx }) => ({ data: await listApiKeys(ctx.account.id) })),

  remove: fullScopeProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/v1/api-keys/{id}",
        tags: ["API keys"],
        summary: "Revoke an API key",
        description: "Immediate, with no grace window: the next request with the key is 401. Repeating it answers 200 again.",
      },
      docs: { example: { id: API_KEY.id, deleted: true } },
    })
    .input(z.object({ id: z.string() }))
    .output(ApiKeyRevoked)
    .mutation(({ ctx, input }) => revokeApiKey(ctx.account.id, input.id)),
});
