import { and, asc, eq, gt } from "drizzle-orm";
import { database } from "../db/client";
import { suppressions } from "../db/schema";
import { validationError } from "../errors";
import { parseAddress } from "../lib/email-address";
import { clampedLimit, decodeCursor, encodeCursor } from "../lib/pagination";
import type { ManualSuppression, SuppressionPage, SuppressionRemoved } from "./schemas";
import { suppressMany } from "./suppress";

/** Ordered by address; the cursor is the last address of the page, opaque to clients. */
export async function listSuppressions(
  accountId: string,
  opts: { limit?: string | number | null; cursor?: string | null },
): Promise<SuppressionPage> {
  const limit = clampedLimit(opts.limit);
  let after: string | null = null;
  if (opts.cursor) {
    after = decodeCursor(opts.cursor);
    if (after === null) throw validationError("cursor is not valid");
  }
  const { db } = await database();
  const rows = await db
    .select()
    .from(suppressions)
    .where(
      after === null ? eq(suppressions.accountId, accountId) : and(eq(suppressions.accountId, accountId), gt(suppressions.address, after)),
    )
    .orderBy(asc(suppressions.address))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    data: page.map((r) => ({ address: r.address, reason: r.reason, createdAt: r.createdAt.getTime() })),
    hasMore,
    nextCursor: hasMore ? encodeCursor(page[page.length - 1].address) : null,
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
  try {
    decoded = decodeURIComponent(rawAddress);
  } catch {
    /* malformed escape: use as sent */
  }
  const parsed = parseAddress(decoded);
  if (!parsed.ok) throw validationError(`address: invalid email address: it ${parsed.reason}`);
  const { address } = parsed.value;
  const { db } = await database();
  const deleted = await db
    .delete(suppressions)
    .where(and(eq(suppressions.accountId, accountId), eq(suppressions.address, address)))
    .returning({ address: suppressions.address });
  return { address, removed: deleted.length > 0 };
}
