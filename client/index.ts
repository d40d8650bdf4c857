import createClient, { type ClientOptions } from "openapi-fetch";
import type { paths } from "./schema";

/**
 * A typed Posthaste client: openapi-fetch over the types generated from /v1/openapi.json
 * (client/schema.ts, `npm run client:generate`). Every call answers `{ data, error, response }`:
 * `data` typed by the operation's success schema, `error` by the ErrorEnvelope.
 *
 *   const posthaste = createPosthasteClient({ baseUrl: "https://mail.example.com", apiKey });
 *   const { data, error } = await posthaste.POST("/v1/emails", { body: { from, to, subject, text } });
 */
export function createPosthasteClient(options: { baseUrl: string; apiKey: string } & Omit<ClientOptions, "baseUrl">) {
  const { apiKey, headers, ...rest } = options;
  return createClient<paths>({
    ...rest,
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: { ...(headers as Record<string, string> | undefined), authorization: `Bearer ${apiKey}` },
  });
}

export type PosthasteClient = ReturnType<typeof createPosthasteClient>;
export type * from "./schema";
export * from "./webhooks";
