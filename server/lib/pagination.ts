import { z } from "zod";
import { MAX_CURSOR_LENGTH } from "../limits/constants";

/**
 * Page sizes and cursors for every list. The spec gives lists two limit behaviours:
 * GET /v1/emails refuses a limit outside 1–100 (400), while the suppressions list and a
 * webhook's delivery log clamp it. Both live here, named for what they do.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

// Follows the field name: formatZodError writes "limit: <message>".
const LIMIT_RANGE = `must be an integer from 1 to ${MAX_PAGE_SIZE}`;

/** A query's `limit` that must be in range (400 validation_error otherwise); absent: the default. */
export const strictLimit = z.coerce
  .number({ error: LIMIT_RANGE })
  .int(LIMIT_RANGE)
  .min(1, LIMIT_RANGE)
  .max(MAX_PAGE_SIZE, LIMIT_RANGE)
  .default(DEFAULT_PAGE_SIZE);

/** A query's `limit` clamped into range: out-of-range numbers move to the nearest bound, non-numbers give the default. */
export function clampedLimit(raw: string | number | undefined | null): number {
  if (raw === undefined || raw === null || raw === "") return DEFAULT_PAGE_SIZE;
  const n = Math.trunc(Number(raw));
  // Not a number at all: the default. A number out of range (Infinity included) is clamped.
  if (Number.isNaN(n)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, n));
}

/** A cursor (or an id to page from) as a query gives it: capped before it is decoded. */
export const pagingField = z.string().max(MAX_CURSOR_LENGTH, { error: `must be at most ${MAX_CURSOR_LENGTH} characters`, abort: true });

/** An opaque cursor carrying `position` (a list's own encoding of where the page ended). */
export function encodeCursor(position: string): string {
  return Buffer.from(position, "utf8").toString("base64url");
}

/** The position a cursor carries, or null when the value is not one encodeCursor made. */
export function decodeCursor(cursor: string): string | null {
  const position = Buffer.from(cursor, "base64url").toString("utf8");
  return position && encodeCursor(position) === cursor ? position : null;
}
