import { z } from "zod";

/** The shapes the API keys API answers with; the types are derived from them. */

/** `send` keys may only send (POST /v1/emails, /v1/emails/batch); `full` keys may do everything. */
export const KEY_SCOPES = ["full", "send"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  last4: z.string(),
  scope: z.enum(KEY_SCOPES),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({ data: z.array(ApiKey) });

/** The plaintext key: shown once, at creation. */
export const CreatedApiKey = z.object({ key: z.string() });

export const ApiKeyRevoked = z.object({ id: z.string(), deleted: z.literal(true) });
export type ApiKeyRevoked = z.infer<typeof ApiKeyRevoked>;
