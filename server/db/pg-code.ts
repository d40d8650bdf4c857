/**
 * The SQLSTATE of a database error, however the driver and drizzle wrapped it ("23505": a
 * unique violation, such as a concurrent repeat that won; "23502": the send path's race guard).
 */
export function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string") return e.code;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgCode(err) === "23505";
