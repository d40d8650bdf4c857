import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { invalidateAccount } from "../accounts/account-cache";
import { planOf } from "../accounts/plans";
import { config } from "../config";
import { database } from "../db/client";
import { domains } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../lib/ids";
import { ms } from "../lib/time";
import { applyDomainParking } from "../accounts/plan-parking";
import { createIdentity } from "../ses/identities";
import { endClaimIn, newOwnershipToken } from "./claims";
import { completeRelease, deleteUpstream, releaseNow, returnRelease, takeRelease, wakeReleases } from "./releases";
import { checkDomain, nextVerifiedCheck, type DomainRow } from "./check";
import { DKIM_SELECTOR, generateDkimKey } from "./dkim";
import { detectDnsHost } from "./dns-check";
import { lockAccountDomains, lockDomainName } from "../db/locks";
import { assertNotReserved, parseDomainName } from "./names";
import {
  MX_PRIORITY,
  ownershipRecord,
  ownRecords,
  receivingRecord,
  recommendedRecords,
  recordLabel,
  returnPathDomain,
  sesRecords,
} from "./records";
import type { CapabilityState, DnsRecord, Domain, DomainRemoved, StoredRecord } from "./schemas";
import { domainSettings } from "./settings";
import { log } from "../ops/log";
import { ownedOrThrow } from "../lib/owned";

export function domainView(row: DomainRow): Domain {
  const record = (r: StoredRecord): DnsRecord => ({
    type: r.type,
    name: r.name,
    value: r.value,
    found: r.found ?? null,
    observed: r.observed ?? null,
    record: recordLabel(row.name, r),
    ...(r.type === "MX" ? { priority: MX_PRIORITY } : {}),
  });
  const receiving = row.receiving === "enabled";
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    verifiedAt: ms(row.verifiedAt),
    createdAt: row.createdAt.getTime(),
    dnsCheckedAt: ms(row.dnsCheckedAt),
    dnsHost: row.dnsHost,
    // The Receiving record joins the list while receiving is on (Resend's one `records` list).
    dnsRecords: [...row.dnsRecords, ...(receiving ? [row.receivingRecord ?? receivingRecord(row.name)] : [])].map(record),
    recommendedRecords: row.recommendedRecords.map(record),
    failureReason: row.failureReason,
    dnsRegressedAt: ms(row.dnsRegressedAt),
    suspendedAt: ms(row.suspendedAt),
    trackEngagement: row.trackEngagement ?? true,
    capabilities: { sending: "enabled", receiving: row.receiving },
    receivingVerifiedAt: receiving ? ms(row.receivingVerifiedAt) : null,
  };
}

/** The account's domain by id; 404 not_found when it has none by that id. */
function getDomainOrThrow(accountId: string, id: string): Promise<DomainRow> {
  return ownedOrThrow("Domain", id, async () => {
    const { db } = await database();
    const [row] = await db
      .select()
      .from(domains)
      .where(and(eq(domains.id, id), eq(domains.accountId, accountId)))
      .limit(1);
    return row;
  });
}

export async function listDomains(accountId: string): Promise<Domain[]> {
  const { db } = await database();
  const rows = await db.select().from(domains).where(eq(domains.accountId, accountId)).orderBy(asc(domains.createdAt), asc(domains.id));
  return rows.map(domainView);
}

export async function getDomain(accountId: string, id: string): Promise<Domain> {
  return domainView(await getDomainOrThrow(accountId, id));
}

/** The 502 of an add that could not get the provider's identity ready; the claim is not kept. */
const identityUnavailable = (name: string, reason: string) =>
  new ApiError(
    "domain_error",
    502,
    `Amazon SES could not set up the identity for ${name} (${reason}). Nothing was kept; try again in a minute.`,
  );

/** Why an add waits for a release: said without telling whether the name was ever held. */
const NOT_READY = "the provider is not ready for this name yet";

/** Removes a claim the add could not finish, releasing the identity when no live claim of the name remains. */
async function dropClaim(row: DomainRow): Promise<void> {
  const { db } = await database();
  const { released } = await db.transaction(async (tx) => {
    await lockDomainName(tx, row.name);
    return endClaimIn(tx, row, { delete: true });
  });
  if (released) wakeReleases();
}

/**
 * Adds a domain (pending): a new claim with its own ownership token and, for sink/smtp, its
 * own DKIM key. Pending claims of other accounts do not block it (docs/decisions/0002-sending-domains.md, "Domain
 * claims"). With `receiving: "enabled"` its records include the Receiving MX record. For ses
 * the row is reserved first and the identity made upstream after: a fresh one (any identity
 * left upstream is deleted first, completing a pending release), unless live claims of the
 * name already share one. A refusal deletes the row, then 502.
 */
export async function createDomain(
  account: { id: string; plan: string },
  input: string,
  opts: { receiving?: CapabilityState } = {},
): Promise<Domain> {
  const domain = parseDomainName(input);
  const { db } = await database();
  await assertNotReserved(db, domain);
  const provider = config().mailProvider;
  const [key, dnsHost] = await Promise.all([generateDkimKey(), detectDnsHost(domain.name, domain.registrable)]);
  const token = newOwnershipToken();
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
    dnsRecords: [ownershipRecord(domain.name, token), ...(provider === "ses" ? [] : ownRecords(domain.name, key.publicKey))],
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
    verificationToken: token,
    receiving: opts.receiving ?? "disabled",
    receivingVerifiedAt: null,
    receivingRecord: opts.receiving === "enabled" ? receivingRecord(domain.name) : null,
  } satisfies Omit<typeof domains.$inferInsert, "id">;

  const { row, upstream } = await db.transaction(async (tx) => {
    await lockAccountDomains(tx, account.id);
    await lockDomainName(tx, domain.name);
    // Only this account's own live claim conflicts: another account's says nothing here.
    const [mine] = await tx
      .select({ id: domains.id })
      .from(domains)
      .where(and(eq(domains.accountId, account.id), eq(domains.name, domain.name), ne(domains.status, "failed")))
      .limit(1);
    if (mine) throw new ApiError("domain_error", 409, `${domain.name} is already on this account.`);
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
    let upstream: { fresh: false } | { fresh: true; lease: Date | null } = { fresh: false };
    if (provider === "ses") {
      const release = await takeRelease(tx, domain.name);
      // A release in flight would race this claim's identity: the add waits for it to end.
      if (release.state === "busy") throw identityUnavailable(domain.name, NOT_READY);
      if (release.state === "taken") upstream = { fresh: true, lease: release.lease };
      else {
        const [live] = await tx
          .select({ id: domains.id })
          .from(domains)
          .where(and(eq(domains.name, domain.name), eq(domains.provider, "ses"), ne(domains.status, "failed")))
          .limit(1);
        // Live claims share the one identity SES keeps per name; otherwise nothing relies on what is there.
        if (!live) upstream = { fresh: true, lease: null };
      }
    }
    // A failed row of this account is recycled: same id, fresh keys, token, records and clock.
    const [failed] = await tx
      .select({ id: domains.id })
      .from(domains)
      .where(and(eq(domains.accountId, account.id), eq(domains.name, domain.name), eq(domains.status, "failed")))
      .limit(1);
    if (failed) {
      const [recycled] = await tx.update(domains).set(values).where(eq(domains.id, failed.id)).returning();
      return { row: recycled, upstream };
    }
    const [inserted] = await tx
      .insert(domains)
      .values({ id: newId(), ...values })
      .returning();
    return { row: inserted, upstream };
  });

  if (provider !== "ses") {
    await invalidateAccount(account.id);
    return domainView(row);
  }
  if (upstream.fresh) {
    // Never adopt what a former claim left: delete it, then create (fresh tokens).
    const error = await deleteUpstream(domain.name, "ses");
    if (error !== null) {
      if (upstream.lease) await returnRelease(domain.name, upstream.lease, error);
      await dropClaim(row);
      log().warn({ domain: domain.name, error }, "domains: SES did not delete an identity no claim holds");
      throw identityUnavailable(domain.name, NOT_READY);
    }
    if (upstream.lease) await completeRelease(domain.name, upstream.lease);
  }
  let tokens: string[];
  try {
    tokens = (await createIdentity(domain.name, returnPathDomain(domain.name))).tokens;
  } catch (err) {
    await dropClaim(row);
    throw identityUnavailable(domain.name, (err as { message?: string }).message ?? String(err));
  }
  const [ready] = await db
    .update(domains)
    .set({ dnsRecords: [ownershipRecord(domain.name, token), ...sesRecords(domain.name, tokens)] })
    .where(eq(domains.id, row.id))
    .returning();
  await invalidateAccount(account.id);
  return domainView(ready ?? row);
}

/** POST /verify: a fresh check unless failed or within the cache window of the last one. */
export async function verifyDomain(accountId: string, id: string): Promise<Domain> {
  const row = await getDomainOrThrow(accountId, id);
  if (row.status === "failed") return domainView(row);
  if (row.dnsCheckedAt && Date.now() - row.dnsCheckedAt.getTime() < domainSettings.verifyCacheMs()) return domainView(row);
  return domainView(await checkDomain(row, "verify"));
}

/**
 * Removes the domain now (sending from it stops); when no live claim of the name remains, its
 * upstream identity is released (at once, else by the release task until the provider confirms).
 */
export async function removeDomain(accountId: string, id: string): Promise<DomainRemoved> {
  const row = await getDomainOrThrow(accountId, id);
  const { db } = await database();
  const { released } = await db.transaction(async (tx) => {
    await lockDomainName(tx, row.name);
    return endClaimIn(tx, row, { delete: true });
  });
  await invalidateAccount(accountId);
  if (released) await releaseNow([row.name]);
  // A slot may have opened for a domain a plan downgrade parked.
  await applyDomainParking(accountId);
  return { id: row.id, deleted: true };
}

/** What PATCH may change; absent: left as it is. */
export interface DomainChanges {
  trackEngagement?: boolean;
  receiving?: CapabilityState;
}

/**
 * Switching receiving on adds the Receiving record, not yet checked, and has a verified domain
 * looked at on the poll schedule until the record is found; switching it off removes the record
 * and stops receiving at once. Asking for the state it is already in changes nothing.
 */
function receivingChanges(row: DomainRow, receiving: CapabilityState | undefined): Partial<DomainRow> {
  if (receiving === undefined || receiving === row.receiving) return {};
  if (receiving === "disabled") return { receiving, receivingRecord: null, receivingVerifiedAt: null };
  const now = new Date();
  return {
    receiving,
    receivingRecord: receivingRecord(row.name),
    receivingVerifiedAt: null,
    ...(row.status === "verified" ? nextVerifiedCheck({ receiving, receivingVerifiedAt: null }, 0, now) : {}),
  };
}

export async function updateDomain(accountId: string, id: string, changes: DomainChanges): Promise<Domain> {
  const row = await getDomainOrThrow(accountId, id);
  const patch: Partial<DomainRow> = {
    ...(changes.trackEngagement === undefined ? {} : { trackEngagement: changes.trackEngagement }),
    ...receivingChanges(row, changes.receiving),
  };
  if (Object.keys(patch).length === 0) return domainView(row);
  const { db } = await database();
  const [updated] = await db.update(domains).set(patch).where(eq(domains.id, row.id)).returning();
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
