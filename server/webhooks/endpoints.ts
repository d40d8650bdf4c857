import { randomBytes } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import type { Account } from "../accounts/account-cache";
import { planOf } from "../accounts/plans";
import { creatorFor, type Maker } from "../auth/creator";
import { database } from "../db/client";
import { lockAccountWebhooks } from "../db/locks";
import { webhookEndpoints } from "../db/schema";
import { notFound, validationError } from "../errors";
import { EVENT_TYPES } from "../events/types";
import { newId } from "../lib/ids";
import { withinChars } from "../lib/text";
import { MAX_WEBHOOK_DESCRIPTION } from "../limits/constants";
import { ms } from "../lib/time";
import {
  shownSecret,
  type EndpointChanges,
  type EndpointDeleted,
  type EndpointDetail,
  type NewEndpoint,
  type RotatedSecret,
  type ShownSecret,
} from "./schemas";
import { forgetSigningSecret, sealSigningSecret } from "./signing-secret";
import { checkTarget, TargetRefused } from "./url-policy";
import { ownedOrThrow } from "../lib/owned";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function endpointView(row: EndpointRow): EndpointDetail {
  return {
    id: row.id,
    url: row.url,
    events: row.events as EndpointDetail["events"], // checked by normaliseEvents when stored
    enabled: row.enabled,
    status: row.enabled ? "enabled" : "disabled",
    description: row.description,
    consecutiveFailures: row.consecutiveFailures,
    lastAttemptAt: ms(row.lastAttemptAt),
    lastResponseStatus: row.lastResponseStatus,
    lastError: row.lastError,
    suspendedByPlan: row.suspendedByPlan,
    autoDisabledAt: ms(row.autoDisabledAt),
    includeContent: row.includeContent,
    createdAt: row.createdAt.getTime(),
  };
}

/**
 * `whsec_` + base64 of 32 random bytes (Standard Webhooks' form): our posthaste-signature
 * is keyed with this whole string, the Standard Webhooks signature with the decoded bytes.
 */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** Non-empty, known types; "*" anywhere means all ten and is stored as ["*"]. */
export function normaliseEvents(events: string[]): string[] {
  if (events.length === 0) throw validationError("events must name at least one event type");
  const unknown = events.filter((e) => e !== "*" && !(EVENT_TYPES as readonly string[]).includes(e));
  if (unknown.length) {
    throw validationError(`events: unknown event type ${unknown.map((u) => `"${u}"`).join(", ")}; use ${EVENT_TYPES.join(", ")} or "*"`);
  }
  return events.includes("*") ? ["*"] : [...new Set(events)];
}

/** The URL as given (trimmed), once it passes the target rules. */
async function checkedUrl(url: string): Promise<string> {
  try {
    await checkTarget(url.trim(), { requireResolution: false });
    return url.trim();
  } catch (err) {
    if (err instanceof TargetRefused) throw validationError(err.message);
    throw err;
  }
}

function checkDescription(description: string | null | undefined): void {
  if (description && !withinChars(description, MAX_WEBHOOK_DESCRIPTION)) {
    throw validationError(`description must be at most ${MAX_WEBHOOK_DESCRIPTION} characters`);
  }
}

/** Adds an endpoint, recording who made it (server/auth/creator.ts): it goes or is handed over when they leave. */
export async function createEndpoint(account: Account, input: NewEndpoint, maker: Maker): Promise<EndpointDetail & ShownSecret> {
  const events = normaliseEvents(input.events);
  checkDescription(input.description);
  const url = await checkedUrl(input.url);
  const limit = planOf(account.plan).webhooks;
  const { db } = await database();
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    // Serialise creates per account so concurrent requests cannot pass the allowance together.
    await lockAccountWebhooks(tx, account.id);
    if (limit !== null) {
      const [{ held }] = await tx.select({ held: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, account.id));
      if (limit === 0) throw validationError(`The ${account.plan} plan has no webhook endpoints; upgrade to add one.`);
      if (held >= limit)
        throw validationError(`The ${account.plan} plan allows ${limit} webhook endpoint${limit === 1 ? "" : "s"}; delete one or upgrade.`);
    }
    const createdBy = await creatorFor(tx, account.id, maker);
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId(),
        accountId: account.id,
        url,
        events,
        enabled: input.enabled ?? true,
        description: input.description ?? null,
        includeContent: input.includeContent ?? false,
        secret: sealSigningSecret(secret),
        ...createdBy,
      })
      .returning();
    return inserted;
  });
  return { ...endpointView(row), ...shownSecret(secret) };
}

export async function listEndpoints(accountId: string): Promise<EndpointDetail[]> {
  const { db } = await database();
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(endpointView);
}

export function getEndpointOrThrow(accountId: string, id: string): Promise<EndpointRow> {
  return ownedOrThrow("Webhook endpoint", id, async () => {
    const { db } = await database();
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
      .limit(1);
    return row;
  });
}

export async function getEndpoint(accountId: string, id: string): Promise<EndpointDetail> {
  return endpointView(await getEndpointOrThrow(accountId, id));
}

/**
 * Partial update. Turning an endpoint back on clears autoDisabledAt and the failure
 * count; it is refused while a plan downgrade holds the endpoint parked.
 */
export async function updateEndpoint(accountId: string, id: string, input: EndpointChanges): Promise<EndpointDetail> {
  const current = await getEndpointOrThrow(accountId, id);
  // Parking leaves `enabled` as it was: enabled: true is refused whether or not it is set.
  if (input.enabled === true && current.suspendedByPlan) {
    throw validationError("This endpoint is suspended by the account's plan and cannot be enabled; upgrade the plan first.");
  }
  const set: Partial<typeof webhookEndpoints.$inferInsert> = {};
  if (input.events !== undefined) set.events = normaliseEvents(input.events);
  if (input.description !== undefined) {
    checkDescription(input.description);
    set.description = input.description;
  }
  if (input.url !== undefined) set.url = await checkedUrl(input.url);
  if (input.includeContent !== undefined) set.includeContent = input.includeContent;
  if (input.enabled === true && !current.enabled) {
    Object.assign(set, { enabled: true, autoDisabledAt: null, consecutiveFailures: 0 });
  } else if (input.enabled === false) {
    set.enabled = false;
  }
  if (Object.keys(set).length === 0) return endpointView(current);
  const { db } = await database();
  const conditions = [eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)];
  // Re-check the parking flag in the statement itself: a plan change may land in between.
  if (set.enabled === true) conditions.push(eq(webhookEndpoints.suspendedByPlan, false));
  const [row] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(and(...conditions))
    .returning();
  if (!row) {
    if (set.enabled === true)
      throw validationError("This endpoint is suspended by the account's plan and cannot be enabled; upgrade the plan first.");
    throw notFound("Webhook endpoint");
  }
  return endpointView(row);
}

export async function removeEndpoint(accountId: string, id: string): Promise<EndpointDeleted> {
  await getEndpointOrThrow(accountId, id);
  const { db } = await database();
  await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
  forgetSigningSecret(id);
  return { id, deleted: true };
}

/** A new signing secret, effective for the next delivery attempt; returned only here. */
export async function rotateSecret(accountId: string, id: string): Promise<RotatedSecret> {
  await getEndpointOrThrow(accountId, id);
  const secret = newSecret();
  const { db } = await database();
  await db
    .update(webhookEndpoints)
    .set({ secret: sealSigningSecret(secret) })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
  forgetSigningSecret(id);
  return { id, ...shownSecret(secret) };
}
