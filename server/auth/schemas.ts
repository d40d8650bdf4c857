import { z } from "zod";
import { agreed } from "../lib/request-fields";

/** The shapes the API keys API answers with; the types are derived from them. */

/** `send` keys may only send (POST /v1/emails, /v1/emails/batch); `full` keys may do everything. */
export const KEY_SCOPES = ["full", "send"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** Resend's names for the two scopes, accepted as `permission` on create. */
export const KEY_PERMISSIONS = ["full_access", "sending_access"] as const;
export type KeyPermission = (typeof KEY_PERMISSIONS)[number];
const SCOPE_OF: Record<KeyPermission, KeyScope> = { full_access: "full", sending_access: "send" };

/** The scope a create asks for: `scope`, or `permission` in Resend's words (default full); both must agree. */
export function keyScope(scope: KeyScope | undefined, permission: KeyPermission | undefined): KeyScope {
  return (
    agreed([
      ["scope", scope],
      ["permission", permission && SCOPE_OF[permission]],
    ]) ?? "full"
  );
}

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    last4: z.string(),
    scope: z.enum(KEY_SCOPES).meta({ id: "ApiKeyScope", description: "`full` reaches every endpoint; `send` only the two send endpoints" }),
    createdAt: z.number().int(),
    lastUsedAt: z.number().int().nullable(),
  })
  .meta({ id: "ApiKey", description: "A live key: never the plaintext or its hash" });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({ data: z.array(ApiKey) }).meta({ id: "ApiKeyList" });

/** The plaintext key: shown once, at creation. `id` and `token` are what Resend's SDK types read. */
export const CreatedApiKey = z
  .object({
    key: z.string().meta({ description: "The plaintext key; it cannot be read back" }),
    id: z.string().meta({ description: "The key's id, as the list and revoke use it" }),
    token: z.string().meta({ description: "Resend's name for `key`: the same plaintext" }),
  })
  .meta({ id: "CreatedApiKey" });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyRevoked = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: "RevokedApiKey" });
export type ApiKeyRevoked = z.infer<typeof ApiKeyRevoked>;
