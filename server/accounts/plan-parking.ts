import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { invalidateAccount, onAccountInvalidated } from "./account-cache";
import { planOf } from "./plans";
import { database } from "../db/client";
import { accounts, domains, webhookEndpoints } from "../db/schema";
import { lockAccountDomains, lockAccountWebhooks } from "../db/locks";
import { processShared } from "../lib/process-shared";
import { log } from "../ops/log";

/**
 * Plan parking: an account holds at most its plan's allowance of live domains and
 * webhook endpoints; the oldest ones within it stay active and the newest extra ones
 * are parked (domains: suspendedAt, endpoints: suspendedByPlan), keeping everything
 * else, until the plan allows them again. It is a reconciliation, so running it twice
 * changes nothing.
 */
async function planOfAccount(accountId: string): Promise<string | null> {
  const { db } = await database();
  const [row] = await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.plan ?? null;
}

/** Splits ids (oldest first) into those within the allowance and the extra ones. */
function split(ids: string[], allowance: number | null): { keep: string[]; park: string[] } {
  const cut = allowance === null ? ids.length : Math.max(0, allowance);
  return { keep: ids.slice(0, cut), park: ids.slice(cut) };
}

/** Parks or unparks this account's domains; returns whether anything moved. */
export async function applyDomainParking(accountId: string): Promise<boolean> {
  const plan = await planOfAccount(accountId);
  if (!plan) return false;
  const { db } = await database();
  const changed = await db.transaction(async (tx) => {
    await lockAccountDomains(tx, accountId);
    const rows = await tx
      .select({ id: domains.id })
      .from(domains)
      .where(and(eq(domains.accountId, accountId), ne(domains.status, "failed")))
      .orderBy(asc(domains.createdAt), asc(domains.id));
    const { keep, park } = split(
      rows.map((r) => r.id),
      planOf(plan).domains,
    );
    let moved = 0;
    if (park.length) {
      moved += (
        await tx
          .update(domains)
          .set({ suspendedAt: new Date() })
          .where(and(inArray(domains.id, park), isNull(domains.suspendedAt)))
          .returning({ id: domains.id })
      ).length;
    }
    if (keep.length) {
      moved += (
        await tx
          .update(domains)
          .set({ suspendedAt: null })
          .where(and(inArray(domains.id, keep), isNotNull(domains.suspendedAt)))
          .returning({ id: domains.id })
      ).length;
    }
    return moved > 0;
  });
  if (changed) await invalidateAccount(accountId);
  return changed;
}

/** Parks or unparks this account's webhook endpoints; returns whether anything moved. */
export async function applyWebhookParking(accountId: string): Promise<boolean> {
  const plan = await planOfAccount(accountId);
  if (!plan) return false;
  const { db } = await database();
  const changed = await db.transaction(async (tx) => {
    // The same lock the endpoint create takes, so a create cannot slip past the allowance.
    await lockAccountWebhooks(tx, accountId);
    const rows = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    const { keep, park } = split(
      rows.map((r) => r.id),
      planOf(plan).webhooks,
    );
    let moved = 0;
    if (park.length) {
      moved += (
        await tx
          .update(webhookEndpoints)
          .set({ suspendedByPlan: true })
          .where(and(inArray(webhookEndpoints.id, park), eq(webhookEndpoints.suspendedByPlan, false)))
          .returning({ id: webhookEndpoints.id })
      ).length;
    }
    if (keep.length) {
      moved += (
        await tx
          .update(webhookEndpoints)
          .set({ suspendedByPlan: false })
          .where(and(inArray(webhookEndpoints.id, keep), eq(webhookEndpoints.suspendedByPlan, true)))
          .returning({ id: webhookEndpoints.id })
      ).length;
    }
    return moved > 0;
  });
  if (changed) await invalidateAccount(accountId);
  return changed;
}

export async function applyPlanParking(accountId: string): Promise<void> {
  await applyDomainParking(accountId);
  await applyWebhookParking(accountId);
}

/** Whether the account's domains and endpoints are parked exactly as its plan allows (reads only). */
async function parkingSettled(accountId: string): Promise<boolean> {
  const plan = await planOfAccount(accountId);
  if (!plan) return true;
  const { db } = await database();
  const domainRows = await db
    .select({ parked: sql<boolean>`${domains.suspendedAt} is not null` })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), ne(domains.status, "failed")))
    .orderBy(asc(domains.createdAt), asc(domains.id));
  const endpointRows = await db
    .select({ parked: webhookEndpoints.suspendedByPlan })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  const matches = (rows: { parked: boolean }[], allowance: number | null) => {
    const cut = allowance === null ? rows.length : Math.max(0, allowance);
    return rows.every((r, i) => r.parked === i >= cut);
  };
  return matches(domainRows, planOf(plan).domains) && matches(endpointRows, planOf(plan).webhooks);
}

/**
 * For the CLI talking through a running server's embedded-database socket: the server
 * parks on the change's notification (a multi-statement transaction cannot go through
 * the socket); wait until it has, so the command returns with the plan in force.
 */
export async function waitForPlanParking(accountId: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await parkingSettled(accountId))) {
    if (Date.now() > deadline) throw new Error("the running server did not apply the plan's domain and webhook allowances in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * setPlan parks at once, in whichever process makes the change. A change made
 * elsewhere (the CLI, another instance) also arrives as an account invalidation, so that
 * reconciles too; runs per account are coalesced.
 */
const running = processShared("parkingRuns", () => new Map<string, { again: boolean }>());
function reconcileSoon(accountId: string): void {
  const current = running.get(accountId);
  if (current) {
    current.again = true;
    return;
  }
  const state = { again: false };
  running.set(accountId, state);
  void (async () => {
    try {
      do {
        state.again = false;
        await applyPlanParking(accountId);
      } while (state.again);
    } catch (err) {
      log().error({ err, accountId }, "parking: could not reconcile the account");
    } finally {
      running.delete(accountId);
    }
  })();
}

// Once per process, whichever bundle loads this first.
processShared("parkingListener", () => onAccountInvalidated(reconcileSoon));
