import { sql } from "drizzle-orm";
import { signatureHeader, standardWebhookHeaders, EVENT_ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "../../client/webhooks";
import { config } from "../config";
import { database, type Db } from "../db/client";
import { TASKS } from "../jobs/names";
import type { Task } from "../jobs/tasks";
import { newId } from "../lib/ids";
import { sendOwnerNotice } from "../notices/send";
import { post, type PostResult } from "./http-post";
import type { DeliveryStatus } from "./schemas";
import { signingSecretOf } from "./signing-secret";
import { checkTarget, TargetRefused, type CheckedTarget } from "./url-policy";
import { resultRows } from "../db/rows";
import { applyPlanSettings, PLANS, runAs } from "../db/statements";
import { log } from "../ops/log";
import { webhookAttempts } from "../ops/metrics";
import {
  claimedColumns,
  claimedContent,
  databaseTurn,
  LEASE_SECONDS,
  releaseHandedOver,
  takeHandedOver,
  type Claimed,
} from "./handed-over";

/** Consecutive exhausted deliveries that switch an endpoint off. */
export const AUTO_DISABLE_AFTER = 20;
const BATCH = 500;
interface Outcome {
  delivery: Claimed;
  result: PostResult;
  at: Date;
  /** pending (retry due), succeeded, or failed (schedule exhausted). */
  status: Exclude<DeliveryStatus, "skipped">;
  nextAttemptAt: Date | null;
}

/**
 * A claimed delivery whose event is gone: nothing to send. The service keeps every event a
 * delivery still owes (retention, account deletion); only a hand edit of the database makes one.
 */
type Orphan = Omit<Claimed, "payload" | "test"> & { payload: null; test: null };

/** Claims up to `limit` due deliveries (SKIP LOCKED, leased by pushing next_attempt_at out) with what sending needs. */
async function claim(limit: number): Promise<(Claimed | Orphan)[]> {
  const { db } = await database();
  return db.transaction(async (tx) => {
    await applyPlanSettings(tx, PLANS.webhookClaim);
    const result = await tx.execute(sql`
    with due as (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update webhook_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      from due where d.id = due.id
      returning d.id, d.event_id, d.endpoint_id, d.attempts
    )
    select ${claimedColumns}, ${claimedContent(sql`inbound_emails`)} as content
    from claimed d
    left join webhook_events ev on ev.id = d.event_id
    join webhook_endpoints e on e.id = d.endpoint_id`);
    return resultRows<Claimed | Orphan>(result);
  });
}

/**
 * The body exactly as signed and sent: the stored payload in the reference's field order;
 * `content` (email.received to an endpoint with include_content) joins `data` as text and html.
 */
export function bodyOf(payload: Claimed["payload"] | string, content?: Claimed["content"]): string {
  const p = typeof payload === "string" ? (JSON.parse(payload) as Claimed["payload"]) : payload;
  const data = content ? { ...(p.data as object), text: content.text, html: content.html } : p.data;
  return JSON.stringify({ id: p.id, type: p.type, created_at: p.created_at, data });
}

function sendOne(target: CheckedTarget, delivery: Claimed): Promise<PostResult> {
  const body = bodyOf(delivery.payload, delivery.content);
  const t = Math.floor(Date.now() / 1000);
  let secret: string;
  try {
    secret = signingSecretOf(delivery.endpoint_id, delivery.secret);
  } catch (err) {
    // A secret sealed under another ENCRYPTION_KEY: an attempt that failed on our side, nothing sent.
    return Promise.resolve({ status: null, error: `signing secret unreadable: ${(err as Error).message}`, bodyHead: null, durationMs: 0 });
  }
  return post(
    target,
    {
      "content-type": "application/json",
      "user-agent": "Posthaste-Webhooks/1.0",
      [SIGNATURE_HEADER]: signatureHeader(secret, t, body),
      [EVENT_ID_HEADER]: delivery.event_id,
      [TIMESTAMP_HEADER]: String(t),
      // The same body signed the Standard Webhooks way (Resend's and Svix's verifiers).
      ...standardWebhookHeaders(secret, delivery.event_id, t, body),
    },
    body,
  );
}

/**
 * What the retry schedule makes of an attempt: WEBHOOK_RETRY_SCHEDULE lists the waits
 * (seconds) after attempt 1, 2, …; a failure with no wait left exhausts the delivery.
 * A test event (`once`) gets one attempt: its answer is what the sender waits to see.
 */
export function nextStep(attempt: number, ok: boolean, now: Date, once = false): Pick<Outcome, "status" | "nextAttemptAt"> {
  if (ok) return { status: "succeeded", nextAttemptAt: null };
  const schedule = config().webhookRetrySchedule;
  if (once || attempt > schedule.length) return { status: "failed", nextAttemptAt: null };
  return { status: "pending", nextAttemptAt: new Date(now.getTime() + schedule[attempt - 1] * 1000) };
}

async function deliverToEndpoint(group: Claimed[]): Promise<Outcome[]> {
  let target: CheckedTarget | null = null;
  let refusal: string | null = null;
  // The target is checked again now, against what its name resolves to at this moment,
  // and the connection is pinned to the checked address.
  try {
    target = await checkTarget(group[0].url, { requireResolution: true });
  } catch (err) {
    refusal = err instanceof TargetRefused ? `target refused: ${err.message}` : `target check failed: ${(err as Error).message}`;
  }
  return Promise.all(
    group.map(async (delivery) => {
      const result: PostResult = target ? await sendOne(target, delivery) : { status: null, error: refusal, bodyHead: null, durationMs: 0 };
      const at = new Date();
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      return { delivery, result, at, ...nextStep(delivery.attempts, ok, at, Boolean(delivery.test)) };
    }),
  );
}

/** How stale an endpoint's lastAttemptAt may be while its deliveries keep succeeding. */
const LAST_ATTEMPT_RESOLUTION = "1 second";

/**
 * The attempts and the deliveries' new state, as one statement: the rows as one array per
 * column, so its text is the same for any batch (prepared once); all text[], cast in SQL,
 * as in applyHappenings (server/delivery/status.ts). It also records the last attempt of
 * each of `endpoints` (those whose results in the batch all succeeded: the count restarts
 * at 0, held while switched off), so the common case, a batch that all succeeded, is this
 * one statement, atomic by itself, with no BEGIN and COMMIT round trips.
 *
 * Every delivery loop of every process settles the same busy endpoint, and the row lock
 * is held until commit, so they queued behind each other (98 ms a statement, measured).
 * So the endpoint row is written only when something a reader sees changes: the count or
 * the error clears, the status differs, or the last attempt is more than
 * LAST_ATTEMPT_RESOLUTION old. A row the condition skips is not locked. The attempts and
 * deliveries are written first (the endpoint update waits on them), so the lock is held
 * only for the foreign key checks and the commit.
 */
function attemptsStatement(outcomes: Outcome[], endpoints: { id: string; last: Outcome }[]) {
  const column = <T>(list: T[], f: (o: T) => unknown) => sql.param(list.map(f));
  return sql`
      with attempts as (
        insert into webhook_attempts (id, delivery_id, endpoint_id, at, duration_ms, response_status, error, response_body_head)
        select a.id, a.delivery_id, a.endpoint_id, a.at::timestamptz, a.duration_ms::int, a.response_status::int, a.error, a.body_head
        from unnest(${column(outcomes, (o) => newId(o.at.getTime()))}::text[], ${column(outcomes, (o) => o.delivery.id)}::text[],
          ${column(outcomes, (o) => o.delivery.endpoint_id)}::text[], ${column(outcomes, (o) => o.at.toISOString())}::text[],
          ${column(outcomes, (o) => String(o.result.durationMs))}::text[], ${column(outcomes, (o) => o.result.status?.toString() ?? null)}::text[],
          ${column(outcomes, (o) => o.result.error)}::text[], ${column(outcomes, (o) => o.result.bodyHead)}::text[])
          as a(id, delivery_id, endpoint_id, at, duration_ms, response_status, error, body_head)
        returning 1
      ), settled as (
        update webhook_deliveries d
        set status = v.status, next_attempt_at = v.next::timestamptz,
            completed_at = case when v.status = 'pending' then null else now() end
        from unnest(${column(outcomes, (o) => o.delivery.id)}::text[], ${column(outcomes, (o) => o.status)}::text[],
                    ${column(outcomes, (o) => o.nextAttemptAt?.toISOString() ?? null)}::text[]) as v(id, status, next)
        where d.id = v.id
        returning 1
      ), written as (
        select (select count(*) from attempts) + (select count(*) from settled) as n
      )
      update webhook_endpoints e set
        last_attempt_at = l.at::timestamptz, last_response_status = l.status::int, last_error = null,
        consecutive_failures = case when e.enabled then 0 else e.consecutive_failures end
      from unnest(${column(endpoints, (x) => x.id)}::text[], ${column(endpoints, (x) => x.last.at.toISOString())}::text[],
                  ${column(endpoints, (x) => x.last.result.status?.toString() ?? null)}::text[]) as l(id, at, status), written
      where e.id = l.id and written.n >= 0
        and ((e.enabled and e.consecutive_failures <> 0) or e.last_error is not null
          or e.last_response_status is distinct from l.status::int or e.last_attempt_at is null
          or e.last_attempt_at < l.at::timestamptz - interval '${sql.raw(LAST_ATTEMPT_RESOLUTION)}')`;
}

/** Each endpoint's outcomes in the order they finished, endpoints in id order. A test event never counts. */
function byEndpoint(outcomes: Outcome[]): [string, Outcome[]][] {
  const map = new Map<string, Outcome[]>();
  // A test event's outcome is in the log only: it never moves the failure count (so it
  // cannot switch an endpoint off) nor the last-attempt fields (a passing test would hide
  // real failures).
  for (const o of outcomes) {
    if (o.delivery.test) continue;
    const list = map.get(o.delivery.endpoint_id);
    if (list) list.push(o);
    else map.set(o.delivery.endpoint_id, [o]);
  }
  for (const list of map.values()) list.sort((a, b) => a.at.getTime() - b.at.getTime());
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

async function record(outcomes: Outcome[], skipped: string[]): Promise<void> {
  const d = await database();
  const { db } = d;
  const endpoints = byEndpoint(outcomes);
  const allSucceeded = ([, list]: [string, Outcome[]]) => list.every((o) => o.status === "succeeded");
  const succeeded = endpoints.filter(allSucceeded).map(([id, list]) => ({ id, last: list[list.length - 1] }));
  const failing = endpoints.filter((e) => !allSucceeded(e));
  if (!skipped.length && outcomes.length && !failing.length) {
    // Unnamed: a prepared settle keeps the plan it made while webhook_deliveries was nearly
    // empty (a seq scan of every delivery, 5 ms a statement at 50,000, docs/benchmarks.md).
    await runAs(d, PLANS.webhookSettle, attemptsStatement(outcomes, succeeded));
    return;
  }
  const disabledNow: { accountId: string; endpointId: string; url: string }[] = [];
  await db.transaction(async (tx) => {
    if (skipped.length) {
      await tx.execute(sql`
        update webhook_deliveries set status = 'skipped', next_attempt_at = null, completed_at = now()
        where id = any(${sql.param(skipped)}::text[])`);
    }
    if (outcomes.length === 0) return;
    await tx.execute(attemptsStatement(outcomes, succeeded));
    for (const [endpointId, list] of failing) {
      const flipped = await settleEndpoint(tx, endpointId, list);
      if (flipped) disabledNow.push({ accountId: list[0].delivery.account_id, endpointId, url: list[0].delivery.url });
    }
    for (const d of disabledNow) {
      await sendOwnerNotice(tx, d.accountId, {
        subject: "A webhook endpoint was disabled",
        text: [
          `Posthaste switched off your webhook endpoint ${d.url} (id ${d.endpointId}):`,
          `${AUTO_DISABLE_AFTER} deliveries in a row failed after every retry.`,
          "",
          "Events are no longer sent to it. Fix the receiver, then enable the endpoint again",
          'in the dashboard or with PATCH /v1/webhooks/{id} {"enabled": true}.',
        ].join("\n"),
      });
    }
  });
}

/**
 * Applies the results of an endpoint with a failure in this batch, in the order they
 * finished (`ordered`): the last attempt's fields always; the failure count only while
 * the endpoint is enabled. The result that reaches the threshold switches it off, and any
 * after it are late: a switched-off endpoint holds its count. Returns true when this batch
 * switched it off.
 */
async function settleEndpoint(tx: Pick<Db, "execute">, endpointId: string, ordered: Outcome[]): Promise<boolean> {
  const last = ordered[ordered.length - 1];
  // NO KEY UPDATE, not UPDATE: the row stays open to the KEY SHARE locks that recording
  // events takes (webhook_deliveries references it), so dispatch never waits on this.
  const locked = await tx.execute(
    sql`select enabled, consecutive_failures from webhook_endpoints where id = ${endpointId} for no key update`,
  );
  const [current] = resultRows<{ enabled: boolean; consecutive_failures: number }>(locked);
  if (!current) return false;
  let count = current.consecutive_failures;
  let switchOff = false;
  if (current.enabled) {
    for (const o of ordered) {
      if (o.status === "succeeded") count = 0;
      else if (o.status === "failed" && ++count >= AUTO_DISABLE_AFTER) {
        switchOff = true;
        break;
      }
    }
  }
  await tx.execute(sql`
    update webhook_endpoints set
      last_attempt_at = ${last.at.toISOString()}::timestamptz,
      last_response_status = ${last.result.status}::int,
      last_error = ${last.status === "succeeded" ? null : describe(last.result)},
      consecutive_failures = ${count}::int
      ${switchOff ? sql`, enabled = false, auto_disabled_at = now()` : sql``}
    where id = ${endpointId}`);
  return switchOff;
}

function describe(result: PostResult): string {
  if (result.error) return result.error;
  return `HTTP ${result.status}`;
}

/** Sends one batch: what was handed over to this process, then due deliveries claimed; returns how many it handled. */
export async function deliverDue(): Promise<number> {
  const handed = takeHandedOver(BATCH);
  // A failed claim does not strand what was handed over: it is sent, and the claim tried on the next run.
  const fromQueue =
    handed.length < BATCH && databaseTurn(handed.length)
      ? await claim(BATCH - handed.length).catch((err: unknown) => {
          if (!handed.length) throw err;
          log().error({ err }, "webhooks: claim failed");
          return [];
        })
      : [];
  const claimed = [...handed, ...fromQueue];
  if (claimed.length === 0) return 0;
  const skipped: string[] = [];
  const groups = new Map<string, Claimed[]>();
  for (const d of claimed) {
    // A switched-off or parked endpoint gets nothing more; its owed deliveries are dropped.
    // So is an orphan: leased again and again otherwise, since it could never be sent.
    if (!d.enabled || d.suspended_by_plan || d.payload === null) {
      skipped.push(d.id);
      continue;
    }
    const group = groups.get(d.endpoint_id);
    if (group) group.push(d);
    else groups.set(d.endpoint_id, [d]);
  }
  const outcomes = (await Promise.all([...groups.values()].map(deliverToEndpoint))).flat();
  await record(outcomes, skipped);
  for (const o of outcomes) webhookAttempts.inc({ outcome: o.status === "pending" ? "retrying" : o.status });
  if (skipped.length) webhookAttempts.inc({ outcome: "skipped" }, skipped.length);
  return claimed.length;
}

export const webhookDeliveryTask: Task = {
  name: TASKS.webhookDelivery,
  runOnce: deliverDue,
  idleIntervalMs: 1000,
  // Events are recorded a few at a time as outcomes commit; 20 ms gathers them into one
  // claim and one recording transaction instead of many (a small share of the 2 s budget).
  gatherMs: 20,
  batchSize: BATCH,
  concurrency: 4,
  afterStop: async () => releaseHandedOver((await database()).db),
};
