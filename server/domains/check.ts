import { and, eq } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { database } from "../db/client";
import { domains } from "../db/schema";
import { deleteIdentity, getIdentity } from "../ses/identities";
import { detectDnsHost, readRecords, ResolverFailure } from "./dns-check";
import { parseDomainName } from "./names";
import type { DnsRecord } from "./schemas";
import { domainSettings } from "./settings";
import { log } from "../ops/log";

export type DomainRow = typeof domains.$inferSelect;

/** Who asked: a user's verify call, the pending-domain poll, or the daily health check. */
export type CheckMode = "verify" | "poll" | "health";

interface Inspection {
  /** Fresh records, or null when the resolver failed (the stored ones stand). */
  dnsRecords: DnsRecord[] | null;
  recommendedRecords: DnsRecord[] | null;
  /** The upstream verdict: may the domain send; null when it could not be learned. */
  verified: boolean | null;
  dnsHost: string | null | undefined;
}

/**
 * Reads DNS and asks upstream. For sink/smtp, "upstream" is our own check: every
 * record of dnsRecords published. For ses it is SES's verdict on the identity.
 */
async function inspect(row: DomainRow): Promise<Inspection> {
  let dnsRecords: DnsRecord[] | null = null;
  let recommendedRecords: DnsRecord[] | null = null;
  try {
    [dnsRecords, recommendedRecords] = await Promise.all([readRecords(row.dnsRecords), readRecords(row.recommendedRecords)]);
  } catch (err) {
    if (!(err instanceof ResolverFailure)) throw err;
  }
  let verified: boolean | null;
  if (row.provider === "ses") {
    try {
      verified = (await getIdentity(row.name))?.verified ?? false;
    } catch (err) {
      log().warn({ domain: row.name, error: (err as Error).name ?? String(err) }, "domains: SES could not be asked about the domain");
      verified = null;
    }
  } else {
    verified = dnsRecords ? dnsRecords.length > 0 && dnsRecords.every((r) => r.found) : null;
  }
  const dnsHost = row.status === "pending" && dnsRecords ? await detectDnsHost(row.name, parseDomainName(row.name).registrable) : undefined;
  return { dnsRecords, recommendedRecords, verified, dnsHost };
}

/**
 * One check of one domain, applied by the rules of the reference: never backwards,
 * a verified domain only moves dnsCheckedAt/dnsRegressedAt,
 * a resolver failure keeps dnsCheckedAt. The poll also schedules the next look or
 * gives up after the verify timeout; the health check schedules the next day's.
 */
export async function checkDomain(row: DomainRow, mode: CheckMode): Promise<DomainRow> {
  if (row.status === "failed") return row;
  const found = await inspect(row);
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

  if (row.status === "pending") {
    if (found.verified) {
      Object.assign(patch, {
        status: "verified",
        verifiedAt: now,
        nextCheckAt: new Date(now.getTime() + domainSettings.healthInterval() * 1000),
        checkAttempts: 0,
      });
    } else if (mode === "poll") {
      const timeout = domainSettings.verifyTimeout();
      if (now.getTime() - row.createdAt.getTime() >= timeout * 1000) {
        Object.assign(patch, {
          status: "failed",
          nextCheckAt: null,
          failureReason: `The DNS records were not found within ${Math.round(timeout / 3600)} hours of adding the domain. Publish them and add the domain again.`,
        });
      } else {
        const schedule = domainSettings.pollSchedule();
        const step = schedule[Math.min(row.checkAttempts + 1, schedule.length - 1)];
        Object.assign(patch, { checkAttempts: row.checkAttempts + 1, nextCheckAt: new Date(now.getTime() + step * 1000) });
      }
    }
  } else {
    if (found.verified === true && row.dnsRegressedAt) patch.dnsRegressedAt = null;
    if (found.verified === false && !row.dnsRegressedAt) patch.dnsRegressedAt = now;
    if (mode === "health") patch.nextCheckAt = new Date(now.getTime() + domainSettings.healthInterval() * 1000);
  }

  if (Object.keys(patch).length === 0) return row;
  const { db } = await database();
  // Conditional on the status we read, so a concurrent check that already moved it forward wins.
  const [updated] = await db
    .update(domains)
    .set(patch)
    .where(and(eq(domains.id, row.id), eq(domains.status, row.status)))
    .returning();
  if (!updated) {
    const [current] = await db.select().from(domains).where(eq(domains.id, row.id)).limit(1);
    return current ?? row;
  }
  if (updated.status !== row.status) {
    await invalidateAccount(row.accountId);
    if (updated.status === "failed" && row.provider === "ses") {
      await deleteIdentity(row.name).catch((err) =>
        log().warn({ domain: row.name, error: (err as Error).name ?? String(err) }, "domains: could not remove the SES identity"),
      );
    }
  }
  return updated;
}
