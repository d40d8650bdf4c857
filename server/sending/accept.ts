import { sql } from "drizzle-orm";
import type { Account } from "../accounts/account-cache";
import { database, type Database } from "../db/client";
import { accountDomains } from "../domains/sending-domain";
import { ApiError, errorObject, formatZodError, toApiError, validationError, type ErrorObject } from "../errors";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import { countLater } from "../limits/counters";
import { sendLimits, type SendLimits } from "../limits/limits";
import { noteMonthCount } from "../limits/quota";
import { processShared } from "../lib/process-shared";
import { unstorableAt, unstorableMessage } from "../lib/text";
import { blockedFor, suppressedMessage } from "../suppressions/blocking";
import { pgCode } from "../db/pg-code";
import { acceptStatement, isMetered, runStatement, type AcceptResult } from "./accept-statement";
import { limitError } from "./limit-errors";
import type { Prepared } from "./message-row";
import { assertNotBlocked, prepare } from "./message-rules";
import { sendRequestSchema, toDraft, type SendDraft, type SendRequest } from "./request";
import type { BatchEntry, BatchResult, EmailSource } from "./schemas";
import { templatesForSend, type SendableTemplate } from "../templates/for-send";

/** After a stored charge: quota.exceeded when it entered the grace band, and the dispatcher's nudge. */
async function afterAccept(
  d: Database,
  account: Account,
  limits: SendLimits,
  items: Prepared[],
  r: AcceptResult,
  now: Date,
): Promise<void> {
  if (!isMetered(limits, items)) {
    const immediate = items.filter((p) => p.immediate);
    if (immediate.length) {
      countLater({
        accountId: account.id,
        messages: immediate.length,
        recipients: immediate.reduce((n, p) => n + p.recipients.length, 0),
        sandbox: 0,
      });
    }
  } else {
    await noteMonthCount(d.db, account, limits, r.month_count, now);
  }
  nudgeDispatch();
}

// One nudge per few milliseconds is as good as one per message (the dispatcher drains
// everything due) and spares the Inngest driver an event per accepted send.
const NUDGE_MS = 5;
const nudge = processShared("dispatchNudge", () => ({ pending: false }));

function nudgeDispatch(): void {
  if (nudge.pending) return;
  nudge.pending = true;
  setTimeout(() => {
    nudge.pending = false;
    wake(TASKS.dispatch);
  }, NUDGE_MS).unref();
}

const MAX_ATTEMPTS = 3;

/** The ids of the messages already stored under these idempotency keys, by key. */
async function storedIds(d: Database, accountId: string, keys: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!keys.length) return found;
  const rows = await d.rows<{ key: string; id: string }>(sql`select idempotency_key as key, id from emails
    where account_id = ${accountId} and idempotency_key = any(${sql.param(keys)}::text[])`);
  for (const r of rows) found.set(r.key, r.id);
  return found;
}

/**
 * POST /v1/emails: the id of the stored message (or of the original, for a repeated
 * idempotency key). SMTP submission (server/smtp) comes here too, with `source: "smtp"`.
 */
export async function sendEmail(
  account: Account,
  input: SendRequest,
  idempotencyHeader: string | null,
  opts: { source?: EmailSource } = {},
): Promise<{ id: string }> {
  const draft = toDraft(input, idempotencyHeader, input.template ? await templateFor(account.id, input.template.id) : null);
  const domains = await accountDomains(account.id);
  const d = await database();
  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const limits = sendLimits(account, now);
    let item: Prepared;
    try {
      assertNotBlocked(account);
      item = prepare(account, domains, draft, now, opts.source);
    } catch (err) {
      // A repeat answers with the original's id even when the rules would refuse a new
      // send now (its domain removed since, the breaker tripped): nothing is sent again.
      const original = draft.idempotencyKey
        ? (await storedIds(d, account.id, [draft.idempotencyKey])).get(draft.idempotencyKey)
        : undefined;
      if (original) return { id: original };
      throw err;
    }
    let r: AcceptResult;
    try {
      r = await runStatement(
        d,
        acceptStatement(account, limits, [item], {
          checkKeys: item.idempotencyKey ? [item.idempotencyKey] : [],
          now,
        }),
      );
    } catch (err) {
      const code = pgCode(err);
      if (code === "23505" && attempt < MAX_ATTEMPTS) continue; // a concurrent repeat stored it first: read its id
      if (code === "23502") throw limitError(limits, { month_ok: null, day_ok: null, sandbox_ok: null, rate_ok: null } as AcceptResult);
      throw err;
    }
    if (r.idem.length) return { id: r.idem[0].id };
    if (r.blocked.length) throw new ApiError("suppressed_recipient", 422, suppressedMessage(r.blocked));
    if (r.inserted !== 1) throw limitError(limits, r);
    await afterAccept(d, account, limits, [item], r, now);
    return { id: item.id };
  }
}

/** The published template a send names, in the account only (404 otherwise; 422 for a draft). */
async function templateFor(accountId: string, ref: string): Promise<SendableTemplate> {
  const found = (await templatesForSend(accountId, [ref])).get(ref)!;
  if (found instanceof ApiError) throw found;
  return found;
}

/** A strict batch's refusal: the failing entry's error, named by its index. */
function strictFailure(index: number, error: ErrorObject, status: number): ApiError {
  return new ApiError(error.type, status, `emails[${index}]: ${error.message}`);
}

/** The key a batch's Idempotency-Key header gives its entry `index`: a repeated batch finds each entry's message. */
const batchEntryKey = (header: string, index: number) => `${header}[${index}]`;

/** Which of an entry's own idempotency fields it sets, if any. */
function ownKeyField(entry: unknown): string | undefined {
  if (entry === null || typeof entry !== "object") return undefined;
  return (["idempotency_key", "idempotencyKey"] as const).find((name) => (entry as Record<string, unknown>)[name] != null);
}

/**
 * POST /v1/emails/batch: every entry validated and ruled on independently (its failure
 * is its own `{ error }`); the valid ones are stored together in one statement. Limits
 * (quota, day caps, rate) apply to the request as a whole. `strict` (Resend's
 * `x-batch-validation: strict`) makes the first entry that fails validation or the
 * account rules the whole request's error, before anything is stored. `idempotencyKey`
 * (the Idempotency-Key header) keys entry i as batchEntryKey(key, i), so a repeated batch
 * answers with the original ids and sends nothing again.
 */
export async function sendBatch(
  account: Account,
  entries: unknown[],
  opts: { strict?: boolean; idempotencyKey?: string | null } = {},
): Promise<BatchResult> {
  const header = opts.idempotencyKey ?? null;
  if (header !== null) {
    // The header keys every entry: an entry's own key beside it would name a second one.
    const i = entries.findIndex((entry) => ownKeyField(entry) !== undefined);
    if (i >= 0) {
      throw validationError(
        `emails[${i}].${ownKeyField(entries[i])}: cannot be combined with the Idempotency-Key header, which keys every entry`,
      );
    }
  }
  const domains = await accountDomains(account.id);
  const d = await database();
  // Whatever an entry holds, its check ends as that entry's own error, never the batch's.
  const parsed: (SendRequest | ErrorObject)[] = entries.map((entry) => {
    try {
      const unstorable = unstorableAt(entry);
      if (unstorable !== null) return errorObject("validation_error", unstorableMessage(unstorable));
      const result = sendRequestSchema.safeParse(entry);
      return result.success ? result.data : errorObject("validation_error", formatZodError(result.error));
    } catch (err) {
      return toApiError(err).toObject();
    }
  });
  // Every template the batch names, read once (a batch of 100 with one template: one read).
  const refs = parsed.flatMap((p) => ("type" in p || !p.template ? [] : [p.template.id]));
  const found = refs.length ? await templatesForSend(account.id, refs) : null;
  // A strict batch answers a template's refusal with its own status (404 unknown, 422 its rules).
  const templateStatus = new Map<number, number>();
  const drafts: (SendDraft | ErrorObject)[] = parsed.map((input, i) => {
    if ("type" in input) return input;
    try {
      const template = input.template ? found!.get(input.template.id)! : null;
      if (template instanceof ApiError) throw template;
      return toDraft(input, header === null ? null : batchEntryKey(header, i), template);
    } catch (err) {
      const error = toApiError(err);
      if (input.template && (error.status === 404 || error.status === 422)) templateStatus.set(i, error.status);
      return error.toObject();
    }
  });
  if (opts.strict) {
    const i = drafts.findIndex((draft) => "type" in draft);
    if (i >= 0) throw strictFailure(i, drafts[i] as ErrorObject, templateStatus.get(i) ?? 400);
  }
  const keys = [...new Set(drafts.flatMap((draft) => ("type" in draft || !draft.idempotencyKey ? [] : [draft.idempotencyKey])))];
  attempts: for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const limits = sendLimits(account, now);
    const data: (BatchEntry | null)[] = drafts.map(() => null);
    // A key already stored answers with the original's id, whatever the rules would say now.
    const stored = await storedIds(d, account.id, keys);
    // The breaker refuses the request as a whole (403), unless it would send nothing new:
    // entries with stored keys answer with the originals' ids, as a single send does.
    if (drafts.some((draft) => !("type" in draft) && !(draft.idempotencyKey && stored.has(draft.idempotencyKey)))) {
      assertNotBlocked(account);
    }
    const prepared: (Prepared | null)[] = drafts.map((draft, i) => {
      if ("type" in draft) {
        data[i] = { error: draft };
        return null;
      }
      const original = draft.idempotencyKey ? stored.get(draft.idempotencyKey) : undefined;
      if (original) {
        data[i] = { id: original };
        return null;
      }
      try {
        return prepare(account, domains, draft, now);
      } catch (err) {
        if (opts.strict) throw strictFailure(i, toApiError(err).toObject(), toApiError(err).status);
        data[i] = { error: toApiError(err).toObject() };
        return null;
      }
    });

    // Suppressions are screened by the accept statement itself: one that finds a blocked
    // recipient stores nothing and names it; its entries get the error, the rest go again.
    for (;;) {
      // A key repeated inside the batch: the first entry with it still standing is stored;
      // the later ones answer with its id.
      const firstWithKey = new Map<string, number>();
      const sameAs = new Map<number, number>();
      prepared.forEach((p, i) => {
        if (!p?.idempotencyKey) return;
        const first = firstWithKey.get(p.idempotencyKey);
        if (first === undefined) firstWithKey.set(p.idempotencyKey, i);
        else sameAs.set(i, first);
      });
      const standing = prepared.filter((p): p is Prepared => p !== null);
      const items = prepared.filter((p, i): p is Prepared => p !== null && !sameAs.has(i));
      if (!items.length) break;
      let r: AcceptResult;
      try {
        r = await runStatement(d, acceptStatement(account, limits, items, { checkKeys: [], screen: standing, now }));
      } catch (err) {
        const code = pgCode(err);
        if (code === "23505" && attempt < MAX_ATTEMPTS) continue attempts;
        if (code === "23502") throw limitError(limits, { month_ok: null, day_ok: null, sandbox_ok: null, rate_ok: null } as AcceptResult);
        throw err;
      }
      if (r.blocked.length) {
        const found = new Map(r.blocked.map((b) => [b.address, b.reason]));
        prepared.forEach((p, i) => {
          const hits = p ? blockedFor(p.recipients, p.bulk, found) : [];
          if (hits.length) {
            data[i] = { error: errorObject("suppressed_recipient", suppressedMessage(hits)) };
            prepared[i] = null;
          }
        });
        continue;
      }
      if (r.inserted !== items.length) throw limitError(limits, r);
      prepared.forEach((p, i) => {
        if (p) data[i] = { id: prepared[sameAs.get(i) ?? i]!.id };
      });
      await afterAccept(d, account, limits, items, r, now);
      break;
    }
    const out = data as BatchEntry[];
    const errors = out.flatMap((e, index) => ("error" in e ? [{ index, message: e.error.message }] : []));
    return { data: out, summary: { total: out.length, succeeded: out.length - errors.length, failed: errors.length }, errors };
  }
}
