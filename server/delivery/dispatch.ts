import { inArray, sql } from "drizzle-orm";
import { database, type Db } from "../db/client";
import { accounts, emailEvents, emails } from "../db/schema";
import { returnPathDomain } from "../domains/records";
import { TASKS } from "../jobs/names";
import { defineTask } from "../jobs/tasks";
import { newId } from "../lib/ids";
import { chargeAtDispatch } from "../limits/charge";
import { bareAddress } from "./addresses";
import { evaluateBreaker } from "./breaker";
import { handOffAll, handoffsOf } from "./handoffs";
import { renderEmail, type EmailRow } from "./mime";
import { mailProvider, PermanentSendError, type Provider } from "./providers";
import { deliverySettings } from "./settings";
import { platformKey, sendingDomain } from "./signing";
import { simulatedOutcome } from "./simulator";
import { applyHappenings, resultRows, type Happening } from "./status";
import { addTracking } from "./tracking-html";

type Outcome =
  | { email: EmailRow; ok: true; providerId: string; refused: { recipient: string; reason: string }[] }
  | { email: EmailRow; ok: false; permanent: boolean; error: string };

/**
 * Claims due rows: queued and scheduled ones whose time has come, and 'sending' ones
 * whose lease ran out (a worker died mid-send; the re-send keeps the stored Message-ID).
 * SKIP LOCKED lets any number of workers and instances claim side by side.
 */
async function claim(db: Db, limit: number, leaseMs: number): Promise<{ id: string; prev: string }[]> {
  const result = await db.execute(sql`
    with due as (
      select id, status as prev from emails
      where status in ('queued', 'scheduled', 'sending') and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update emails e
    set status = 'sending', next_attempt_at = now() + ${leaseMs} * interval '1 millisecond', attempts = e.attempts + 1
    from due where e.id = due.id
    returning e.id, due.prev`);
  return resultRows<{ id: string; prev: string }>(result);
}

/** Runs `fn` over items with at most `limit` in flight. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Renders (tracking, unsubscribe headers, DKIM) and hands the message's copies to the provider. */
async function deliver(db: Db, provider: Provider, email: EmailRow): Promise<Outcome> {
  try {
    let html = email.html;
    let key = null;
    let envelopeFrom: string | undefined;
    if (email.domainId) {
      const domain = await sendingDomain(db, email.domainId);
      if (!domain) return { email, ok: false, permanent: true, error: "The sending domain was removed before the message left." };
      if (domain.row.suspendedAt) return { email, ok: false, permanent: true, error: "The sending domain is suspended by the plan." };
      key = domain.key;
      // Bounces go to the return-path subdomain the domain publishes SPF and MX for (VERP-style).
      envelopeFrom = `bounce+${email.id}@${returnPathDomain(domain.row.name)}`;
      if (html && domain.row.trackEngagement !== false) html = await addTracking(html, email.id);
    } else {
      key = await platformKey(db, email.from);
    }
    if (provider.signs && email.domainId && !key) {
      return { email, ok: false, permanent: true, error: "DKIM signing failed: the sending domain has no signing key." };
    }
    const dkim = provider.signs ? key : null;
    const { providerId, refused } = await handOffAll(handoffsOf(email), async ({ recipients, extraHeaders }) =>
      provider.send(await renderEmail(email, { html, dkim, extraHeaders, envelopeFrom, envelopeTo: recipients }), email, db));
    return { email, ok: true, providerId, refused };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { email, ok: false, permanent: err instanceof PermanentSendError, error: message };
  }
}

/** What a provider without event feedback (sink, smtp) reports after accepting a message. */
function simulatedHappenings(email: EmailRow, providerName: "sink" | "smtp", refused: Set<string>): Happening[] {
  const out: Happening[] = [];
  let delivered = false;
  const complaints: Happening[] = [];
  for (const to of [...email.to, ...email.cc, ...email.bcc]) {
    const recipient = bareAddress(to);
    if (refused.has(recipient)) continue;
    const outcome = simulatedOutcome(to, providerName);
    if (outcome.kind === "bounced") out.push({ type: "bounced", recipient, reason: outcome.reason });
    if (outcome.kind === "delivered" || outcome.kind === "complained") delivered = true;
    if (outcome.kind === "complained") complaints.push({ type: "complained", recipient, reason: outcome.reason });
  }
  // Delivered first, then complaints (a complaint follows delivery), bounces beside them.
  return [...(delivered ? [{ type: "delivered" } as Happening] : []), ...out, ...complaints];
}

/** One dispatch run: claim a batch, send it, record every outcome in one transaction. */
export async function dispatchOnce(): Promise<number> {
  const settings = deliverySettings();
  const { db } = await database();
  const provider = mailProvider();
  const refused: { email: EmailRow; error: string }[] = [];
  const afterCommit: ((db: Db) => Promise<void>)[] = [];
  // Claim, charge and the "queued" timeline row of a scheduled message commit together:
  // a crash cannot charge a message twice, let it leave uncharged, or lose the claim.
  const rows = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const claimed = await claim(tx, settings.batchSize, settings.leaseMs);
    if (!claimed.length) return [];
    const list = await tx.select().from(emails).where(inArray(emails.id, claimed.map((c) => c.id)));
    const prev = new Map(claimed.map((c) => [c.id, c.prev]));
    const leaving = list.filter((row) => prev.get(row.id) === "scheduled");
    const owners = leaving.length
      ? new Map((await tx.select().from(accounts).where(inArray(accounts.id, [...new Set(leaving.map((r) => r.accountId))]))).map((a) => [a.id, a]))
      : new Map<string, typeof accounts.$inferSelect>();
    const ready: EmailRow[] = [];
    const queuedAt = new Date();
    const queuedRows: (typeof emailEvents.$inferInsert)[] = [];
    for (const row of list) {
      if (prev.get(row.id) === "scheduled") {
        const verdict = await chargeAtDispatch(tx, row, { account: owners.get(row.accountId) ?? null, defer: (work) => afterCommit.push(work) });
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
      await applyHappenings(tx, refused.map((r) => ({ email: r.email, happenings: [{ type: "failed", error: r.error }], fromDispatch: true })));
    }
    return ready;
  });
  for (const work of afterCommit) await work(db).catch((err) => console.error("delivery: post-charge bookkeeping failed", err));
  if (!rows.length) return refused.length;

  const outcomes = await mapLimit(rows, Math.max(settings.smtpPoolSize * 4, 16), (email) => deliver(db, provider, email));
  const now = new Date();
  const retry: { id: string; at: Date; error: string }[] = [];
  const items: Parameters<typeof applyHappenings>[1] = [];
  for (const o of outcomes) {
    if (o.ok) {
      const happenings: Happening[] = [{ type: "sent", providerId: o.providerId }];
      // SES reports what happens next over SNS; sink and smtp simulate it here.
      if (provider.name !== "ses") happenings.push(...simulatedHappenings(o.email, provider.name, new Set(o.refused.map((r) => r.recipient))));
      // A copy the provider refused for good (bulk mail leaves one copy per recipient) is that recipient's bounce.
      happenings.push(...o.refused.map((r): Happening => ({ type: "bounced", recipient: r.recipient, reason: r.reason })));
      items.push({ email: o.email, happenings, fromDispatch: true });
      continue;
    }
    const delay = settings.retrySchedule[o.email.attempts - 1];
    if (o.permanent || delay === undefined) {
      items.push({ email: o.email, happenings: [{ type: "failed", error: o.error }], fromDispatch: true });
    } else {
      console.warn(`delivery: ${o.email.id} will be retried in ${delay}s: ${o.error}`);
      retry.push({ id: o.email.id, at: new Date(now.getTime() + delay * 1000), error: o.error });
    }
  }
  await db.transaction(async (tx) => {
    await applyHappenings(tx, items, now);
    for (const r of retry) {
      await tx.execute(sql`update emails set status = 'queued', next_attempt_at = ${r.at.toISOString()}::timestamptz where id = ${r.id} and status = 'sending'`);
    }
  });
  const hurt = new Set(items.filter((i) => i.happenings.some((h) => h.type === "bounced" || h.type === "complained")).map((i) => i.email.accountId));
  if (hurt.size) await evaluateBreaker(db, [...hurt]);
  return rows.length + refused.length;
}

export function registerDispatch(): void {
  const settings = deliverySettings();
  defineTask({
    name: TASKS.dispatch,
    runOnce: dispatchOnce,
    idleIntervalMs: settings.idleMs,
    concurrency: settings.concurrency,
    cron: "* * * * *",
  });
}
