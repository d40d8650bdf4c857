import { inArray, sql } from "drizzle-orm";
import { database, type Database, type Db } from "../db/client";
import { applyPlanSettings, PLANS } from "../db/statements";
import { accounts, emailEvents, waiting } from "../db/schema";
import { returnPathDomain } from "../domains/records";
import { TASKS } from "../jobs/names";
import type { Task } from "../jobs/tasks";
import { InvalidStoredAddress } from "../lib/email-address";
import { newId } from "../lib/ids";
import { chargeAtDispatch } from "../limits/charge";
import { evaluateBreaker } from "./breaker";
import { handOffAll, handoffsOf } from "./handoffs";
import { selectEmailRows, type EmailRow } from "./email-row";
import { renderEmail } from "./mime";
import { handOff, inHandOffSlot } from "./hand-off";
import { messageAddresses } from "./message-addresses";
import { mailProvider, type Provider } from "./providers";
import { BouncedSendError, PermanentSendError, type RefusedRecipient } from "./refusal";
import { deliverySettings } from "./settings";
import { signerFor } from "./signing";
import { simulatedOutcome } from "./simulator";
import { outcomeWriter } from "./outcome-writer";
import { applyHappenings, type Happening } from "./status";
import { addTracking } from "./tracking-html";
import { resultRows } from "../db/rows";
import { dispatchLatency, providerErrors } from "../ops/metrics";
import { log } from "../ops/log";
import { withContent } from "../templates/content";

type Outcome =
  | { email: EmailRow; ok: true; providerId: string; refused: RefusedRecipient[]; recipients: string[] }
  | { email: EmailRow; ok: false; permanent: boolean; error: string; bounced?: RefusedRecipient[] };

/**
 * Claims due rows: queued and scheduled ones whose time has come, and 'sending' ones
 * whose lease ran out (a worker died mid-send; the re-send keeps the stored Message-ID).
 * SKIP LOCKED lets any number of workers and instances claim side by side.
 *
 * Fair between accounts: each account with due mail is a lane, and a claim takes the
 * oldest due rows of each lane, an equal share of `limit` apiece, from the lanes that have
 * waited longest. A backlog of one account (a big batch) then delays another account's
 * message by about one claim, not by the whole backlog. The lanes are found by a skip scan
 * over emails_dispatch_idx (account_id, next_attempt_at): one index probe per account
 * with unfinished mail, whatever the backlog's size.
 */
async function claim(db: Db, limit: number, leaseMs: number): Promise<{ id: string; prev: string }[]> {
  const result = await db.execute(sql`
    with recursive lanes as (
      (select account_id, next_attempt_at from emails
       where status in ${waiting}
       order by account_id, next_attempt_at limit 1)
      union all
      select n.account_id, n.next_attempt_at from lanes l cross join lateral (
        select account_id, next_attempt_at from emails
        where status in ${waiting} and account_id > l.account_id
        order by account_id, next_attempt_at limit 1
      ) n
    ), due_lanes as (
      select account_id from lanes where next_attempt_at <= now()
      order by next_attempt_at limit ${limit}
    ), share as (
      select greatest(1, ${limit} / count(*))::int as n from due_lanes
    ), due as (
      select c.id, c.prev from due_lanes a cross join lateral (
        select id, status as prev from emails
        where account_id = a.account_id and status in ${waiting} and next_attempt_at <= now()
        order by next_attempt_at
        limit (select n from share)
        for update skip locked
      ) c
    )
    update emails e
    set status = 'sending', next_attempt_at = now() + ${leaseMs} * interval '1 millisecond', attempts = e.attempts + 1
    from due where e.id = due.id
    returning e.id, due.prev`);
  return resultRows<{ id: string; prev: string }>(result);
}

/**
 * The claimed rows in hand-off order: round robin over accounts, oldest first within each,
 * so a lane's one message goes out first instead of after another lane's whole share.
 */
function interleaved(rows: EmailRow[]): EmailRow[] {
  const lanes = new Map<string, EmailRow[]>();
  for (const row of [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const lane = lanes.get(row.accountId);
    if (lane) lane.push(row);
    else lanes.set(row.accountId, [row]);
  }
  const out: EmailRow[] = [];
  for (let i = 0; out.length < rows.length; i++) for (const lane of lanes.values()) if (i < lane.length) out.push(lane[i]);
  return out;
}

/**
 * Runs `fn` over items with at most `limit` in flight. After a failure no further item
 * starts (the ones running finish), then the failure is thrown: when outcomes cannot be
 * recorded (the database is gone) nothing more is handed over unrecorded.
 */
async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const item = items[next++];
      try {
        await fn(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/** Renders (tracking, unsubscribe headers, DKIM) and hands the message's copies to the provider. */
async function deliver(db: Db, provider: Provider, email: EmailRow): Promise<Outcome> {
  try {
    // The stored, normalised addresses: the envelope, headers and signer all come from them.
    const addresses = messageAddresses(email);
    const signer = await signerFor(db, email, addresses.from);
    // A message sent with a template stores its values: rendered here, as at accept.
    const message = await withContent(email);
    let html = message.html;
    let envelopeFrom: string | undefined;
    if (signer.kind === "tenant") {
      // Bounces go to the return-path subdomain the domain publishes SPF and MX for (VERP-style).
      envelopeFrom = `bounce+${email.id}@${returnPathDomain(signer.row.name)}`;
      if (html && signer.row.trackEngagement !== false) html = await addTracking(html, email.id);
      if (provider.signs && !signer.key) {
        return { email, ok: false, permanent: true, error: "DKIM signing failed: the sending domain has no signing key." };
      }
    }
    const dkim = provider.signs ? signer.key : null;
    const timeoutMs = deliverySettings().sendTimeoutMs;
    const accepted = await handOffAll(handoffsOf(email, addresses), async ({ recipients, extraHeaders }) =>
      handOff(
        provider,
        await renderEmail(message, addresses, { html, dkim, extraHeaders, envelopeFrom, envelopeTo: recipients }),
        email,
        db,
        timeoutMs,
      ),
    );
    // The envelope's recipients go with the outcome: the simulated happenings name them
    // without parsing the stored mailboxes a second time.
    return { email, ok: true, recipients: addresses.recipients, ...accepted };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const permanent = err instanceof PermanentSendError || err instanceof InvalidStoredAddress;
    return { email, ok: false, permanent, error: message, bounced: err instanceof BouncedSendError ? err.recipients : undefined };
  }
}

/** What a provider without event feedback (sink, smtp) reports after accepting a message. */
function simulatedHappenings(recipients: string[], providerName: "sink" | "smtp", refused: Set<string>): Happening[] {
  const out: Happening[] = [];
  let delivered = false;
  const complaints: Happening[] = [];
  // Each recipient once, as in the envelope.
  for (const recipient of recipients) {
    if (refused.has(recipient)) continue;
    const outcome = simulatedOutcome(recipient, providerName);
    if (outcome.kind === "bounced") out.push({ type: "bounced", recipient, reason: outcome.reason });
    if (outcome.kind === "delivered" || outcome.kind === "complained") delivered = true;
    if (outcome.kind === "complained") complaints.push({ type: "complained", recipient, reason: outcome.reason });
  }
  // Delivered first, then complaints (a complaint follows delivery), bounces beside them.
  return [...(delivered ? [{ type: "delivered" } as Happening] : []), ...out, ...complaints];
}

/**
 * One dispatch run: claim a batch, hand each message over and record its outcome as soon
 * as it is known (completions that arrive together share one short transaction). Only
 * messages handed over but not yet recorded can go twice after a crash: at most the
 * provider's `inFlight` per process (docs/operations.md).
 */
export async function dispatchOnce(stopping?: AbortSignal): Promise<number> {
  const settings = deliverySettings();
  const d = await database();
  const { db } = d;
  const provider = mailProvider();
  const refused: { email: EmailRow; error: string }[] = [];
  const claimedAt = Date.now();
  const afterCommit: ((db: Db) => Promise<void>)[] = [];
  // Claim, charge and the "queued" timeline row of a scheduled message commit together:
  // a crash cannot charge a message twice, let it leave uncharged, or lose the claim.
  const rows = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await applyPlanSettings(tx, PLANS.emailClaim);
    const claimed = await claim(tx, settings.batchSize, settings.leaseMs);
    if (!claimed.length) return [];
    const list = await selectEmailRows(
      tx,
      claimed.map((c) => c.id),
    );
    const prev = new Map(claimed.map((c) => [c.id, c.prev]));
    const leaving = list.filter((row) => prev.get(row.id) === "scheduled");
    const owners = leaving.length
      ? new Map(
          (
            await tx
              .select()
              .from(accounts)
              .where(inArray(accounts.id, [...new Set(leaving.map((r) => r.accountId))]))
          ).map((a) => [a.id, a]),
        )
      : new Map<string, typeof accounts.$inferSelect>();
    const ready: EmailRow[] = [];
    const queuedAt = new Date();
    const queuedRows: (typeof emailEvents.$inferInsert)[] = [];
    for (const row of list) {
      if (prev.get(row.id) === "scheduled") {
        const verdict = await chargeAtDispatch(tx, row, {
          account: owners.get(row.accountId) ?? null,
          defer: (work) => afterCommit.push(work),
        });
        if (!verdict.ok) {
          refused.push({ email: row, error: verdict.reason });
          continue;
        }
        queuedRows.push({ id: newId(queuedAt.getTime()), emailId: row.id, type: "queued", at: queuedAt, detail: null, recipient: null });
      }
      ready.push(row);
    }
    if (queuedRows.length) await tx.insert(emailEvents).values(queuedRows);
    if (refused.length) {
      await applyHappenings(
        tx,
        refused.map((r) => ({ email: r.email, happenings: [{ type: "failed", error: r.error }], fromDispatch: true })),
      );
    }
    return interleaved(ready);
  });
  for (const work of afterCommit) await work(db).catch((err) => log().error({ err }, "delivery: post-charge bookkeeping failed"));
  if (!rows.length) return refused.length;

  const recorder = outcomeRecorder(d, provider.name, settings.retrySchedule);
  // A hand-off started later could outlive the lease (deadline and grace: twice the send
  // timeout) and overlap lease recovery by another worker: such rows are left to it.
  const startBy = claimedAt + Math.max(settings.leaseMs - 2 * settings.sendTimeoutMs, settings.leaseMs / 2);
  const unstarted: string[] = [];
  await mapLimit(rows, provider.inFlight, async (email) => {
    if (Date.now() > startBy) return;
    await inHandOffSlot(provider.inFlight, async () => {
      if (stopping?.aborted) unstarted.push(email.id);
      else await recorder.record(await deliver(db, provider, email));
    });
  });
  if (unstarted.length) await release(db, unstarted);
  if (recorder.hurt.size) await evaluateBreaker(db, [...recorder.hurt]);
  return rows.length + refused.length;
}

/**
 * Claimed rows a stopping process will not hand over go back to the queue at once (not
 * after their lease), due now, for another instance or the next start; the claim's try
 * does not count. Charges and the queued timeline row of scheduled ones stand (taken once).
 */
async function release(db: Db, ids: string[]): Promise<void> {
  await db.execute(sql`
    update emails set status = 'queued', next_attempt_at = now(), attempts = greatest(attempts - 1, 0)
    where status = 'sending' and id = any(${sql.param(ids)}::text[])`);
}

/** What a hand-off's outcome means for the message: its happenings, or a retry time. */
function consequence(
  o: Outcome,
  providerName: Provider["name"],
  retrySchedule: number[],
  now: Date,
): { happenings: Happening[] } | { retryAt: Date; error: string } {
  if (o.ok) {
    const happenings: Happening[] = [{ type: "sent", providerId: o.providerId }];
    // SES reports what happens next over SNS; sink and smtp simulate it here.
    if (providerName !== "ses")
      happenings.push(...simulatedHappenings(o.recipients, providerName, new Set(o.refused.map((r) => r.address.toLowerCase()))));
    happenings.push(...o.refused.map(bouncedHappening));
    return { happenings };
  }
  if (o.bounced) return { happenings: o.bounced.map(bouncedHappening) };
  const delay = retrySchedule[o.email.attempts - 1];
  if (o.permanent || delay === undefined) return { happenings: [{ type: "failed", error: o.error }] };
  log().warn({ emailId: o.email.id, retryInSeconds: delay, error: o.error }, "delivery: will be retried");
  return { retryAt: new Date(now.getTime() + delay * 1000), error: o.error };
}

/** Recorded outcomes in the metrics: latency of each acceptance, and each refusal's kind. */
function observe(group: Outcome[], provider: Provider["name"], now: Date): void {
  for (const o of group) {
    if (o.ok) {
      const due = o.email.scheduledAt ?? o.email.createdAt;
      dispatchLatency.observe({ provider }, Math.max(0, now.getTime() - due.getTime()) / 1000);
    } else {
      providerErrors.inc({ provider, kind: o.bounced ? "bounced" : o.permanent ? "permanent" : "temporary" });
    }
  }
}

/** A recipient the provider refused: a hard bounce suppresses it; another refusal does not. */
const bouncedHappening = (r: RefusedRecipient): Happening => ({ type: "bounced", recipient: r.address, reason: r.reply, suppress: r.hard });

/**
 * Records a run's outcomes through the process's group writer; `record` resolves once the
 * outcome is stored. `hurt`: accounts that got a bounce or complaint (for the breaker).
 */
function outcomeRecorder(d: Database, providerName: Provider["name"], retrySchedule: number[]) {
  const hurt = new Set<string>();
  const write = outcomeWriter(d);
  return {
    hurt,
    async record(outcome: Outcome): Promise<void> {
      const now = new Date();
      const next = consequence(outcome, providerName, retrySchedule, now);
      if ("retryAt" in next) await write({ kind: "retry", id: outcome.email.id, at: next.retryAt });
      else {
        await write({ kind: "happened", item: { email: outcome.email, happenings: next.happenings, fromDispatch: true } });
        if (next.happenings.some((h) => h.type === "bounced" || h.type === "complained")) hurt.add(outcome.email.accountId);
      }
      observe([outcome], providerName, new Date());
    },
  };
}

export const dispatchTask: Task = {
  name: TASKS.dispatch,
  runOnce: dispatchOnce,
  get idleIntervalMs() {
    return deliverySettings().idleMs;
  },
  // Sends arrive one request at a time: 10 ms lets a claim (five round trips) take the few
  // that came meanwhile instead of one each, at a small share of the 2 s budget.
  gatherMs: 10,
  get batchSize() {
    return deliverySettings().batchSize;
  },
  get concurrency() {
    return deliverySettings().concurrency;
  },
  cron: "* * * * *",
};
