import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { planOf } from "../accounts/plans";
import { config } from "../config";
import { database } from "../db/client";
import { domains } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { isUuid, newId } from "../lib/ids";
import { ms } from "../lib/time";
import { applyDomainParking } from "../accounts/plan-parking";
import { createIdentity, deleteIdentity } from "../ses/identities";
import { checkDomain, type DomainRow } from "./check";
import { DKIM_SELECTOR, generateDkimKey } from "./dkim";
import { detectDnsHost } from "./dns-check";
import { lockAccountDomains, lockDomainName } from "../db/locks";
import { assertNotReserved, parseDomainName } from "./names";
import { ownRecords, recommendedRecords, returnPathDomain, sesRecords } from "./records";
import type { DnsRecord, Domain, DomainRemoved } from "./schemas";
import { domainSettings } from "./settings";
import { log } from "../ops/log";

export function domainView(row: DomainRow): Domain {
  const record = (r: DnsRecord): DnsRecord => ({
    type: r.type,
    name: r.name,
    value: r.value,
    found: r.found ?? null,
    observed: r.observed ?? null,
  });
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    verifiedAt: ms(row.verifiedAt),
    createdAt: row.createdAt.getTime(),
    dnsCheckedAt: ms(row.dnsCheckedAt),
    dnsHost: row.dnsHost,
    dnsRecords: row.dnsRecords.map(record),
    recommendedRecords: row.recommendedRecords.map(record),
    failureReason: row.failureReason,
    dnsRegressedAt: ms(row.dnsRegressedAt),
    suspendedAt: ms(row.suspendedAt),
    trackEngagement: row.trackEngagement ?? true,
  };
}

/** The account's domain by id; 404 not_found when it has none by that id. */
async function getDomainOrThrow(accountId: string, id: string): Promise<DomainRow> {
  if (!isUuid(id)) throw notFound("Domain");
  const { db } = await database();
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, id), eq(domains.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Domain");
  return row;
}

export async function listDomains(accountId: string): Promise<Domain[]> {
  const { db } = await database();
  const rows = await db.select().from(domains).where(eq(domains.accountId, accountId)).orderBy(asc(domains.createdAt), asc(domains.id));
  return rows.map(domainView);
}

export async function getDomain(accountId: string, id: string): Promise<Domain> {
  return domainView(await getDomainOrThrow(accountId, id));
}

/**
 * Adds a domain (pending) with the records to publish. For ses the row is reserved
 * first and the identity created upstream after; a refusal deletes the row, then 502.
 */
export async function createDomain(account: { id: string; plan: string }, input: string): Promise<Domain> {
  const domain = parseDomainName(input);
  const { db } = await database();
  await assertNotReserved(db, domain);
  const provider = config().mailProvider;
  const [key, dnsHost] = await Promise.all([generateDkimKey(), detectDnsHost(domain.name, domain.registrable)]);
  const now = new Date();
  const values = {
    accountId: account.id,
    name: domain.name,
    status: "pending",
    provider,
    verifiedAt: null,
    createdAt: now,
    dnsCheckedAt: null,
    dnsHost,
    dnsRecords: provider === "ses" ? [] : ownRecords(domain.name, key.publicKey),
    recommendedRecords: recommendedRecords(domain.name),
    failureReason: null,
    dnsRegressedAt: null,
    suspendedAt: null,
    trackEngagement: true,
    dkimSelector: DKIM_SELECTOR,
    dkimPublicKey: key.publicKey,
    dkimPrivateKeyEnc: key.privateKeyEnc,
    nextCheckAt: new Date(now.getTime() + domainSettings.pollSchedule()[0] * 1000),
    checkAttempts: 0,
  } satisfies Omit<typeof domains.$inferInsert, "id">;

  const row = await db.transaction(async (tx) => {
    await lockAccountDomains(tx, account.id);
    await lockDomainName(tx, domain.name);
    const [live] = await tx
      .select({ accountId: domains.accountId })
      .from(domains)
      .where(and(eq(domains.name, domain.name), ne(domains.status, "failed")))
      .limit(1);
    if (live) {
      throw new ApiError(
        "domain_error",
        409,
        live.accountId === account.id
          ? `${domain.name} is already on this account.`
          : `${domain.name} is already in use by another account.`,
      );
    }
    const allowance = planOf(account.plan).domains;
    if (allowance !== null) {
      const [{ held }] = await tx
        .select({ held: count() })
        .from(domains)
        .where(and(eq(domains.accountId, account.id), ne(domains.status, "failed")));
      if (held >= allowance) {
        throw new ApiError(
          "domain_error",
          403,
          `Your plan allows ${allowance} domain${allowance === 1 ? "" : "s"}; remove one or upgrade to add ${domain.name}.`,
        );
      }
    }
    // A failed row of this account is recycled: same id, fresh keys, records and clock.
    const [failed] = await tx
      .select({ id: domains.id })
      .from(domains)
      .where(and(eq(domains.accountId, account.id), eq(domains.name, domain.name), eq(domains.status, "failed")))
      .limit(1);
    if (failed) {
      const [recycled] = await tx.update(domains).set(values).where(eq(domains.id, failed.id)).returning();
      return recycled;
    }
    const [inserted] = await tx
      .insert(domains)
      .values({ id: newId(), ...values })
      .returning();
    return inserted;
  });

  if (provider !== "ses") {
    await invalidateAccount(account.id);
    return domainView(row);
  }
  let tokens: string[];
  try {
    tokens = (await createIdentity(domain.name, returnPathDomain(domain.name))).tokens;
  } catch (err) {
    await db.delete(domains).where(eq(domains.id, row.id));
    const reason = (err as { message?: string }).message ?? String(err);
    throw new ApiError(
      "domain_error",
      502,
      `Amazon SES refused to create the identity for ${domain.name} (${reason}). Nothing was kept; try again.`,
    );
  }
  const [ready] = await db
    .update(domains)
    .set({ dnsRecords: sesRecords(domain.name, tokens) })
    .where(eq(domains.id, row.id))
    .returning();
  await invalidateAccount(account.id);
  return domainView(ready);
}

/** POST /verify: a fresh check unless failed or within the cache window of the last one. */
export async function verifyDomain(accountId: string, id: string): Promise<Domain> {
  const row = await getDomainOrThrow(accountId, id);
  if (row.status === "failed") return domainView(row);
  if (row.dnsCheckedAt && Date.now() - row.dnsCheckedAt.getTime() < domainSettings.verifyCacheMs()) return domainView(row);
  return domainView(await checkDomain(row, "verify"));
}

/** Removes the domain now (sending from it stops), then its SES identity. */
export async function removeDomain(accountId: string, id: string): Promise<DomainRemoved> {
  const row = await getDomainOrThrow(accountId, id);
  const { db } = await database();
  await db.delete(domains).where(eq(domains.id, row.id));
  await invalidateAccount(accountId);
  if (row.provider === "ses") {
    // Another account may hold the name live now (this row had failed): its identity stays.
    const [other] = await db
      .select({ id: domains.id })
      .from(domains)
      .where(and(eq(domains.name, row.name), ne(domains.status, "failed")))
      .limit(1);
    if (!other) {
      await deleteIdentity(row.name).catch((err) =>
        log().warn({ domain: row.name, error: (err as Error).name ?? String(err) }, "domains: could not remove the SES identity"),
      );
    }
  }
  // A slot may have opened for a domain a plan downgrade parked.
  await applyDomainParking(accountId);
  return { id: row.id, deleted: true };
}

export async function setTrackEngagement(accountId: string, id: string, trackEngagement: boolean): Promise<Domain> {
  const row = await getDomainOrThrow(accountId, id);
  const { db } = await database();
  const [updated] = await db.update(domains).set({ trackEngagement }).where(eq(domains.id, row.id)).returning();
  await invalidateAccount(accountId);
  return domainView(updated ?? row);
}

/** For GET /v1/usage: live domains, the plan's allowance, and how many are parked. */
export async function domainUsage(account: {
  id: string;
  plan: string;
}): Promise<{ count: number; limit: number | null; suspended: number }> {
  const { db } = await database();
  const [row] = await db
    .select({ count: count(), suspended: sql<number>`count(${domains.suspendedAt})::int` })
    .from(domains)
    .where(and(eq(domains.accountId, account.id), ne(domains.status, "failed")));
  return { count: Number(row.count), limit: planOf(account.plan).domains, suspended: Number(row.suspended) };
}
