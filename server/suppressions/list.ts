import { and, asc, eq, gt } from "drizzle-orm";
import { database } from "../db/client";
import { suppressions } from "../db/schema";
import { validationError } from "../errors";
import { parseAddress } from "../lib/email-address";
import type { ManualSuppression, SuppressionPage, SuppressionRemoved } from "./schemas";
import { suppressMany } from "./suppress";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

/** Page size from a query value: out-of-range numbers are clamped to 1..100, not refused. */
export function clampLimit(raw: string | number | undefined | null): number {
  if (raw === undefined || raw === null || raw === "") return DEFAULT_LIMIT;
  const n = Math.trunc(Number(raw));
  // Not a number at all: the default. A number out of range (Infinity included) is clamped.
  if (Number.isNaN(n)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, n));
}

/** Ordered by address; the cursor is the last address of the page, opaque to clients. */
export async function listSuppressions(accountId: string, opts: { limit?: string | number | null; cursor?: string | null }): Promise<SuppressionPage> {
  const limit = clampLimit(opts.limit);
  let after: string | null = null;
  if (opts.cursor) {
    after = Buffer.from(opts.cursor, "base64url").toString("utf8");
    if (!after || Buffer.from(after).toString("base64url") !== opts.cursor) throw validationError("cursor is not valid");
  }
  const { db } = await database();
  const rows = await db.select().from(suppressions)
    .where(after === null ? eq(suppressions.accountId, accountId) : and(eq(suppressions.accountId, accountId), gt(suppressions.address, after)))
    .orderBy(asc(suppressions.address))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    data: page.map((r) => ({ address: r.address, reason: r.reason, createdAt: r.createdAt.getTime() })),
    hasMore,
    nextCursor: hasMore ? Buffer.from(page[page.length - 1].address).toString("base64url") : null,
  };
}

/** POST /v1/suppressions (one or bulk): stored as manual, or kept if already stronger. The
 * reference has the response report `manual` whatever is kept. `addresses`: parsed ones. */
export async function addManual(accountId: string, addresses: string[]): Promise<ManualSuppression[]> {
  const { db } = await database();
  await suppressMany(db, accountId, addresses, "manual");
  // One entry per input, in input order, so clients can zip it with what they sent.
  return addresses.map((address): ManualSuppression => ({ address, reason: "manual" }));
}

export async function removeSuppression(accountId: string, rawAddress: string): Promise<SuppressionRemoved> {
  // The path segment arrives still URL-encoded (the /v1 adapter does not decode it).
  let decoded = rawAddress;
  try { decoded = decodeURIComponent(rawAddress); } catch { /* malformed escape: use as sent */ }
  const parsed = parseAddress(decoded);
  if (!parsed.ok) throw validationError(`address: invalid email address: it ${parsed.reason}`);
  const { address } = parsed.value;
  const { db } = await database();
  const deleted = await db.delete(suppressions)
    .where(and(eq(suppressions.accountId, accountId), eq(suppressions.address, address)))
    .returning({ address: suppressions.address });
  return { address, removed: deleted.length > 0 };
}
