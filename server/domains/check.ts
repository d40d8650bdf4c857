import { and, eq } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { database } from "../db/client";
import { domainReleases, domains } from "../db/schema";
import { createIdentity, getIdentity, type SesIdentity } from "../ses/identities";
import { claimName, failClaim, normaliseOwnership, tokenPublished } from "./claims";
import { detectDnsHost, publishedTxt, readReceivingRecord, readRecords, ResolverFailure } from "./dns-check";
import { ownershipRecordName, receivingRecord, returnPathDomain, sesRecords } from "./records";
import { parseDomainName } from "./names";
import type { StoredRecord } from "./schemas";
import { domainSettings } from "./settings";
import { log } from "../ops/log";

export type DomainRow = typeof domains.$inferSelect;

/** Who asked: a user's verify call, the pending-domain poll, or the daily health check. */
export type CheckMode = "verify" | "poll" | "health";

interface Inspection {
  /** Fresh records, or null when the resolver failed (the stored ones stand). */
  dnsRecords: StoredRecord[] | null;
  recommendedRecords: StoredRecord[] | null;
  /** The ownership values published at the name now (normalised); null when the lookup failed. */
  published: Set<string> | null;
  /**
   * May the domain send as this claim: the upstream verdict on its sending records, and its own
   * ownership token published (legacy rows have none); null when it could not be learned.
   */
  verified: boolean | null;
  dnsHost: string | null | undefined;
  /** The Receiving record read now; null when receiving is disabled or the resolver failed. */
  receiving: StoredRecord | null;
}

/** The Easy DKIM tokens a ses row's records name (sorted). */
const sesTokensOf = (records: StoredRecord[]) =>
  records
    .filter((r) => r.type === "CNAME" && r.name.includes("._domainkey."))
    .map((r) => r.name.slice(0, r.name.indexOf(".")))
    .sort();

/**
 * A pending ses claim whose records name no identity SES has (deleted by a release that
 * raced its creation, or made by a concurrent claim of the name): its records follow the
 * identity the live claims share, created when missing. Skipped while a release of the name
 * is queued (the identity is about to go; the next check makes a fresh one).
 */
async function followSesIdentity(row: DomainRow, upstream: SesIdentity | null): Promise<{ row: DomainRow; identity: SesIdentity | null }> {
  const tokens = upstream?.tokens.slice().sort() ?? [];
  if (upstream && tokens.join() === sesTokensOf(row.dnsRecords).join()) return { row, identity: upstream };
  const { db } = await database();
  const [queued] = await db.select({ name: domainReleases.name }).from(domainReleases).where(eq(domainReleases.name, row.name)).limit(1);
  if (queued) return { row, identity: null };
  const identity = upstream ?? (await createIdentity(row.name, returnPathDomain(row.name)));
  const own = row.dnsRecords.filter((r) => r.name === ownershipRecordName(row.name));
  const [updated] = await db
    .update(domains)
    .set({ dnsRecords: [...own, ...sesRecords(row.name, identity.tokens)] })
    .where(and(eq(domains.id, row.id), eq(domains.status, "pending")))
    .returning();
  return { row: updated ?? row, identity };
}

/**
 * Reads DNS and asks upstream. For sink/smtp, "upstream" is our own check: every
 * record of dnsRecords published. For ses it is SES's verdict on the identity. Either way
 * the claim's own ownership record must be found as well.
 */
async function inspect(given: DomainRow): Promise<{ row: DomainRow; found: Inspection }> {
  let row = given;
  let sending: boolean | null = null;
  if (row.provider === "ses") {
    try {
      let identity = await getIdentity(row.name);
      if (row.status === "pending") ({ row, identity } = await followSesIdentity(row, identity));
      sending = identity?.verified ?? false;
    } catch (err) {
      log().warn({ domain: row.name, error: (err as Error).name ?? String(err) }, "domains: SES could not be asked about the domain");
    }
  }
  let dnsRecords: StoredRecord[] | null = null;
  let recommendedRecords: StoredRecord[] | null = null;
  let published: Set<string> | null = null;
  let receiving: StoredRecord | null = null;
  try {
    const [records, recommended, values, mx] = await Promise.all([
      readRecords(row.dnsRecords),
      readRecords(row.recommendedRecords),
      publishedTxt(ownershipRecordName(row.name)),
      row.receiving === "enabled" ? readReceivingRecord(receivingRecord(row.name)) : null,
    ]);
    [dnsRecords, recommendedRecords, published, receiving] = [records, recommended, new Set(values.map(normaliseOwnership)), mx];
  } catch (err) {
    if (!(err instanceof ResolverFailure)) throw err;
  }
  if (row.provider !== "ses") sending = dnsRecords ? dnsRecords.length > 0 && dnsRecords.every((r) => r.found) : null;
  // Proof of the claim: its own token published now (after a resolver failure, as last found).
  const token = row.verificationToken;
  const proven =
    token === null
      ? true
      : published
        ? tokenPublished(token, published)
        : row.dnsRecords.some((r) => r.name === ownershipRecordName(row.name) && r.found === true);
  const verified = sending === null ? null : sending && proven;
  const dnsHost = row.status === "pending" && dnsRecords ? await detectDnsHost(row.name, parseDomainName(row.name).registrable) : undefined;
  return { row, found: { dnsRecords, recommendedRecords, published, verified, dnsHost, receiving } };
}

/**
 * Receiving's part of a check (docs/decisions/0034-receiving-on-a-domain.md, "Receiving on a domain"): the Receiving
 * record as read now, and `receivingVerifiedAt` kept, set (found on a verified claim) or
 * cleared (not found). Nothing when receiving is off or the resolver failed. It never moves
 * the sending side: on a verified domain it is the one record whose answers still move.
 */
function receivingPatch(row: DomainRow, found: Inspection, verified: boolean, now: Date): Partial<DomainRow> {
  if (!found.receiving) return {};
  const live = verified && found.receiving.found === true;
  return { receivingRecord: found.receiving, receivingVerifiedAt: live ? (row.receivingVerifiedAt ?? now) : null };
}

/**
 * When a verified domain is next looked at: daily, or on the poll schedule while receiving is
 * asked for and its record not yet found (so mail starts flowing minutes after it is published).
 */
export function nextVerifiedCheck(
  after: Pick<DomainRow, "receiving" | "receivingVerifiedAt">,
  attempts: number,
  now: Date,
): Pick<DomainRow, "nextCheckAt" | "checkAttempts"> {
  if (after.receiving === "enabled" && after.receivingVerifiedAt === null) {
    const schedule = domainSettings.pollSchedule();
    const step = schedule[Math.min(attempts, schedule.length - 1)];
    return { nextCheckAt: new Date(now.getTime() + step * 1000), checkAttempts: attempts + 1 };
  }
  return { nextCheckAt: new Date(now.getTime() + domainSettings.healthInterval() * 1000), checkAttempts: 0 };
}

/**
 * One check of one domain, applied by the rules of the reference: never backwards,
 * a verified domain only moves dnsCheckedAt/dnsRegressedAt,
 * a resolver failure keeps dnsCheckedAt. The poll also schedules the next look or
 * gives up after the verify timeout; the health check schedules the next day's.
 * A pending claim that proves itself takes the name (server/domains/claims.ts#claimName).
 */
export async function checkDomain(given: DomainRow, mode: CheckMode): Promise<DomainRow> {
  if (given.status === "failed") return given;
  const { row, found } = await inspect(given);
  const now = new Date();
  const patch: Partial<DomainRow> = {};
  if (found.dnsRecords && found.recommendedRecords) {
    // Verify rule 3: on a verified domain only dnsCheckedAt and dnsRegressedAt may change.
    if (row.status === "pending") {
      patch.dnsRecords = found.dnsRecords;
      patch.recommendedRecords = found.recommendedRecords;
    }
    patch.dnsCheckedAt = now;
  }
  if (found.dnsHost !== undefined) patch.dnsHost = found.dnsHost;
  Object.assign(patch, receivingPatch(row, found, row.status === "verified", now));

  if (row.status === "pending") {
    if (found.verified) {
      const receiving = receivingPatch(row, found, true, now);
      const claimed = await claimName(
        row,
        {
          ...patch,
          ...receiving,
          status: "verified",
          verifiedAt: now,
          ...nextVerifiedCheck({ ...row, ...receiving }, 0, now),
        },
        found.published,
      );
      if (claimed) return claimed;
      // A holder's proof still stands: this claim stays pending, on the poll's clock.
    }
    if (mode === "poll") {
      const timeout = domainSettings.verifyTimeout();
      if (now.getTime() - row.createdAt.getTime() >= timeout * 1000) {
        const failed = await failClaim(row, patch);
        if (failed) return failed;
        const [current] = await (await database()).db.select().from(domains).where(eq(domains.id, row.id)).limit(1);
        return current ?? row;
      }
      const schedule = domainSettings.pollSchedule();
      const step = schedule[Math.min(row.checkAttempts + 1, schedule.length - 1)];
      Object.assign(patch, { checkAttempts: row.checkAttempts + 1, nextCheckAt: new Date(now.getTime() + step * 1000) });
    }
  } else {
    if (found.verified === true && row.dnsRegressedAt) patch.dnsRegressedAt = null;
    if (found.verified === false && !row.dnsRegressedAt) patch.dnsRegressedAt = now;
    if (mode === "health") Object.assign(patch, nextVerifiedCheck({ ...row, ...patch }, row.checkAttempts, now));
  }

  if (Object.keys(patch).length === 0) return row;
  const { db } = await database();
  // Conditional on the status we read, so a concurrent check that already moved it forward wins;
  // and on receiving still being on when this check read its record (a switch meanwhile wins).
  const [updated] = await db
    .update(domains)
    .set(patch)
    .where(
      and(
        eq(domains.id, row.id),
        eq(domains.status, row.status),
        "receivingRecord" in patch ? eq(domains.receiving, "enabled") : undefined,
      ),
    )
    .returning();
  if (!updated) {
    const [current] = await db.select().from(domains).where(eq(domains.id, row.id)).limit(1);
    return current ?? row;
  }
  // Receiving started or stopped: processes that cache the account's state drop it.
  if ((row.receivingVerifiedAt === null) !== (updated.receivingVerifiedAt === null)) await invalidateAccount(row.accountId);
  return updated;
}
