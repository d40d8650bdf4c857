import { z } from "zod";

/**
 * A boolean in a request body that must really be a JSON boolean. trpc-to-openapi turns a
 * top-level z.boolean() in an input into a coercing one (so "no" would read as true);
 * a union of literals is left alone.
 */
export function strictBoolean(field: string) {
  return z.union([z.literal(true), z.literal(false)], { error: `${field} must be true or false` });
}

/**
 * A field of Resend's API that has no equivalent here: recognised, so that setting it is
 * a 400 naming it rather than a request that silently does something else.
 */
export function notSupported(why: string) {
  return z
    .unknown()
    .refine((v) => v === undefined || v === null, `not supported: ${why}`)
    .optional()
    .describe(`Resend's field, refused when set: ${why}`);
}

/**
 * The query of a list that returns everything at once (domains, API keys, webhooks):
 * Resend's paging fields are refused rather than ignored, which would answer page one
 * again to a client asking for the next.
 */
const notPaged = () =>
  z
    .string()
    .meta({ description: "Resend's paging field, refused when set (400): this list is not paged, it returns every item at once" })
    .optional()
    .refine((v) => v === undefined, "not supported: this list is not paged; it returns every item at once");
export const unpagedListQuery = z.object({ after: notPaged(), before: notPaged(), limit: notPaged() });
