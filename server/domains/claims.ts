import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { database } from "../db/client";
import { lockDomainName } from "../db/locks";
import { domains } from "../db/schema";
import type { Tx } from "../db/types";
import { ownershipRecordName, ownershipValue } from "./records";
import { releaseIfUnclaimed, wakeReleases } from "./releases";
import { domainSettings } from "./settings";

/**
 * Claims of a name (docs/decisions/0002-sending-domains.md, "Domain claims"): every claim has its own ownership
 * token; pending claims of several accounts may coexist; the first to prove itself (its token
 * published and its sending records passing) holds the name, and the other pending claims
 * fail. A holder whose own token is no longer published (or a legacy holder, which has none)
 * gives the name up to a claim that proves itself. Every message a claimant reads is the same
 * whether anyone else holds or claims the name.
 */

type DomainRow = typeof domains.$inferSelect;

/** A claim's ownership token: 128 random bits, hex. */
export const newOwnershipToken = () => randomBytes(16).toString("hex");

/** Whether the claim's own token is among the values published at its ownership record. */
export const tokenPublished = (token: string, published: ReadonlySet<string>) => published.has(ownershipValue(token));

/** Ownership values as compared: whitespace dropped, lower case. */
export const normaliseOwnership = (value: string) => value.replace(/\s+/g, "").toLowerCase();

/**
 * Why a pending claim failed: said the same way whether it timed out or another claim proved
 * itself first, so the reason tells nothing about anyone else.
 */
export function unprovenReason(name: string): string {
  const hours = Math.round(domainSettings.verifyTimeout() / 3600);
  return (
    `${name} was not verified for this account: its DNS records, with this domain's own verification record ` +
    `(TXT ${ownershipRecordName(name)}), were not all found while the claim was open (at most ${hours} hours). ` +
    "Publish them and add the domain again."
  );
}

/** Why a verified domain was given up: its proof went and a claim that proved control of the name's DNS took it. */
export function displacedReason(name: string): string {
  return (
    `${name} is no longer verified for this account: its verification record (TXT ${ownershipRecordName(name)}) ` +
    "is no longer published, and control of the name's DNS was proven again. Publish the records and add the domain again to claim it."
  );
}

/** What ending a claim sets: failed, nothing more to check, its signing key gone, receiving stopped. */
const ended = (failureReason: string) => ({
  status: "failed" as const,
  failureReason,
  nextCheckAt: null,
  dkimPrivateKeyEnc: null,
  receivingVerifiedAt: null,
});

/**
 * Ends one claim (in a transaction, under the name's lock): the row becomes failed (or is
 * deleted) and, when no live claim of the name remains, its upstream identity is queued for
 * release. Returns whether a release was queued.
 */
export async function endClaimIn(
  tx: Tx,
  row: Pick<DomainRow, "id" | "name" | "provider">,
  how: { delete: true } | { failureReason: string; fromStatus: DomainRow["status"] },
): Promise<{ ended: boolean; released: boolean }> {
  let done: boolean;
  if ("delete" in how) {
    done = (await tx.delete(domains).where(eq(domains.id, row.id)).returning({ id: domains.id })).length > 0;
  } else {
    done =
      (
        await tx
          .update(domains)
          .set(ended(how.failureReason))
          .where(and(eq(domains.id, row.id), eq(domains.status, how.fromStatus)))
          .returning({ id: domains.id })
      ).length > 0;
  }
  const released = done ? await releaseIfUnclaimed(tx, row.name, row.provider) : false;
  return { ended: done, released };
}

/** Fails a pending claim that ran out of time; null when it was no longer pending. */
export async function failClaim(row: DomainRow, patch: Partial<DomainRow>): Promise<DomainRow | null> {
  const { db } = await database();
  const outcome = await db.transaction(async (tx) => {
    await lockDomainName(tx, row.name);
    const [updated] = await tx
      .update(domains)
      .set({ ...patch, ...ended(unprovenReason(row.name)) })
      .where(and(eq(domains.id, row.id), eq(domains.status, "pending")))
      .returning();
    if (!updated) return null;
    return { updated, released: await releaseIfUnclaimed(tx, row.name, row.provider) };
  });
  if (!outcome) return null;
  await invalidateAccount(row.accountId);
  if (outcome.released) wakeReleases();
  return outcome.updated;
}

/**
 * A pending claim that proved itself takes the name, under its lock: a verified holder whose
 * own token is still published keeps it (null: this claim waits, pending); a holder whose
 * token is gone, or a legacy one with none, is failed, its signing key wiped; this claim
 * becomes verified (`verifiedPatch`) and every other pending claim of the name fails. No
 * upstream identity is released here: the winner relies on it (ses: one per name).
 * A claim that moved meanwhile comes back as it now is.
 * `published`: the ownership values found at the name now (null: the lookup failed, and no
 * holder is displaced on stale answers).
 */
export async function claimName(
  row: DomainRow,
  verifiedPatch: Partial<DomainRow>,
  published: ReadonlySet<string> | null,
): Promise<DomainRow | null> {
  const { db } = await database();
  const outcome = await db.transaction(async (tx) => {
    await lockDomainName(tx, row.name);
    const [current] = await tx.select({ status: domains.status }).from(domains).where(eq(domains.id, row.id)).limit(1);
    // Moved meanwhile (removed, failed, verified by a concurrent check): the caller reads it again.
    if (current?.status !== "pending") return { moved: true as const };
    const [holder] = await tx
      .select({ id: domains.id, accountId: domains.accountId, token: domains.verificationToken })
      .from(domains)
      .where(and(eq(domains.name, row.name), eq(domains.status, "verified"), ne(domains.id, row.id)))
      .limit(1);
    if (holder) {
      if (published === null || (holder.token !== null && tokenPublished(holder.token, published))) return { waits: true as const };
      // The holder's proof is gone and this claim's stands: the name changes hands.
      await tx
        .update(domains)
        .set(ended(displacedReason(row.name)))
        .where(eq(domains.id, holder.id));
    }
    const [updated] = await tx
      .update(domains)
      .set(verifiedPatch)
      .where(and(eq(domains.id, row.id), eq(domains.status, "pending")))
      .returning();
    const losers = await tx
      .update(domains)
      .set(ended(unprovenReason(row.name)))
      .where(and(eq(domains.name, row.name), eq(domains.status, "pending"), ne(domains.id, row.id)))
      .returning({ accountId: domains.accountId });
    return { updated, touched: [holder?.accountId, ...losers.map((l) => l.accountId)] };
  });
  if ("waits" in outcome) return null;
  if ("moved" in outcome) {
    const [current] = await db.select().from(domains).where(eq(domains.id, row.id)).limit(1);
    return current ?? row;
  }
  for (const accountId of new Set([row.accountId, ...outcome.touched])) if (accountId) await invalidateAccount(accountId);
  return outcome.updated;
}
