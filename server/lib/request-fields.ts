import { z } from "zod";
import { validationError } from "../errors";

/**
 * A boolean in a request body that must really be a JSON boolean. trpc-to-openapi turns a
 * top-level z.boolean() in an input into a coercing one (so "no" would read as true);
 * a union of literals is left alone.
 */
export function strictBoolean(field: string) {
  return z.union([z.literal(true), z.literal(false)], { error: `${field} must be true or false` });
}

/**
 * The one value a field and its Resend aliases ask for (docs/design.md, "Resend-compatible
 * aliases"). Null or absent is not given; every value given must agree with the first one
 * given (compared by `key`), else 400 naming the one that differs: a request that says two
 * things is a mistake, not a choice for us to make.
 */
export function agreed<T>(
  fields: readonly (readonly [name: string, value: T | null | undefined])[],
  opts: { key?: (value: T) => unknown; why?: string } = {},
): T | undefined {
  const key = opts.key ?? ((value: T) => value);
  let first: readonly [string, T] | undefined;
  for (const [name, value] of fields) {
    if (value === null || value === undefined) continue;
    if (!first) first = [name, value];
    else if (key(value) !== key(first[1])) {
      throw validationError(`${name}: disagrees with ${first[0]} (${opts.why ?? "give one of them, or the same value"})`);
    }
  }
  return first?.[1];
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
