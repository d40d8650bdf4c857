import { z } from "zod";

/**
 * A boolean in a request body that must really be a JSON boolean. trpc-to-openapi turns a
 * top-level z.boolean() in an input into a coercing one (so "no" would read as true);
 * a union of literals is left alone.
 */
export function strictBoolean(field: string) {
  return z.union([z.literal(true), z.literal(false)], { error: `${field} must be true or false` });
}
