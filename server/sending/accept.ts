import { sql, type SQL } from "drizzle-orm";
import type { Account } from "../accounts/account-cache";
import { config } from "../config";
import { database, type Database } from "../db/client";
import { isSimulatorAddress } from "../delivery/simulator";
import { accountDomains, canSend, type AccountDomain } from "../domains/sending-domain";
import { ApiError, errorObject, formatZodError, toApiError, type ErrorObject } from "../errors";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import { SANDBOX_PER_DAY } from "../limits/constants";
import { checkCtes, checksPass, countCte, countLater, monthCountSql, type Charge } from "../limits/counters";
import { isUnmetered, sendLimits, type SendLimits } from "../limits/limits";
import { noteMonthCount } from "../limits/quota";
import { retryAfterSql, takeTokensCte } from "../limits/rate-bucket";
import { parseMailbox, type Mailbox } from "../lib/email-address";
import { newId } from "../lib/ids";
import { unstorableAt, unstorableMessage } from "../lib/text";
import { secondsToUtcMidnight } from "../lib/time";
import { blockedFor, blockedRecipientsQuery, suppressedMessage, type BlockedRecipient } from "../suppressions/blocking";
import { sendRequestSchema, toDraft, type SendDraft, type SendRequest } from "./request";
import type { BatchEntry, BatchResult } from "./schemas";
import { searchTextOf } from "./search";
import { preparedRows } from "./statement";

/** A message's own columns (ROW_COLUMNS), as sent to the insert. */
type EmailRowJson = Record<keyof typeof ROW_COLUMNS, unknown>;

/** A message that passed the per-message rules: the row to store and what the limits count. */
interface Prepared {
  row: EmailRowJson;
  id: string;
  recipients: string[];
  bulk: boolean;
  idempotencyKey: string | null;
  immediate: boolean;
  testMode: boolean;
}

/** Sending paused by the deliverability breaker: refused before anything else. */
function assertNotBlocked(account: Account): void {
  if (account.deliverabilityBlockedAt) {
    throw new ApiError("deliverability_blocked", 403, "Sending is paused by the deliverability circuit breaker (bounce or complaint rate too high over the last 24 hours); it resumes automatically when the rates recover.");
  }
}

function dedupe(lists: Mailbox[][]): Mailbox[][] {
  const seen = new Set<string>();
  return lists.map((list) => list.filter((a) => (seen.has(a.address) ? false : (seen.add(a.address), true))));
}

/**
 * The signup email as a recipient the account may always reach (test mode, review), or
 * null. Only once verified: until its link is followed, a dashboard sign-up may hold
 * anyone's address, and this would mail that stranger. Read off the cached account row.
 */
function verifiedOwner(account: Account): Mailbox | null {
  if (!account.email || !account.emailVerifiedAt) return null;
  const parsed = parseMailbox(account.email);
  return parsed.ok ? parsed.value : null;
}

/** Test mode: recipients other than the verified signup email and simulator addresses go to the signup email. */
function testModeRecipients(account: Account, draft: SendDraft): Mailbox[][] {
  const owner = verifiedOwner(account);
  const keep = (a: Mailbox) => a.address === owner?.address || isSimulatorAddress(a.address);
  const lists = [draft.to, draft.cc, draft.bcc];
  if (!owner && lists.some((l) => l.some((a) => !keep(a)))) {
    const why = account.email ? "and this account's signup email is not verified yet (follow the link emailed to it)" : "and this account has no signup email to rewrite to";
    throw new ApiError("sandbox_recipient", 422, `Test-mode sends from ${config().sandboxSender} may go only to the account's signup email or simulator addresses, ${why}.`);
  }
  return dedupe(lists.map((l) => l.map((a) => (keep(a) ? a : owner!))));
}

/** Accounts awaiting review reach only their own verified domains, the verified account email and simulators. */
function assertReviewAllows(account: Account, domains: Map<string, AccountDomain>, recipients: Mailbox[]): void {
  const owner = verifiedOwner(account)?.address;
  const outside = recipients.filter((a) => a.address !== owner && !isSimulatorAddress(a.address) && !canSend(domains.get(a.domain)));
  if (outside.length) {
    throw new ApiError("account_pending_review", 403, `This account is awaiting review and may send only to its own verified domains, its account email and simulator addresses; not allowed: ${outside.map((a) => a.address).join(", ")}.`);
  }
}

function fromDomain(domains: Map<string, AccountDomain>, from: Mailbox): AccountDomain {
  const domain = domains.get(from.domain);
  if (!domain) {
    throw new ApiError("domain_error", 403, `The domain ${from.domain} is not on this account. Add and verify it, or send from ${config().sandboxSender} to test.`);
  }
  if (domain.status !== "verified") throw new ApiError("domain_error", 403, `The domain ${from.domain} is not verified yet.`);
  if (!canSend(domain)) throw new ApiError("domain_error", 403, `The domain ${from.domain} is suspended by a plan downgrade and cannot send.`);
  return domain;
}

/** The per-message rules: from domain or test mode, review limits; builds the row. */
function prepare(account: Account, domains: Map<string, AccountDomain>, draft: SendDraft, now: Date): Prepared {
  const testMode = draft.from.address === config().sandboxSender;
  let domainId: string | null = null;
  let to = draft.to, cc = draft.cc, bcc = draft.bcc;
  if (testMode) {
    [to, cc, bcc] = testModeRecipients(account, draft);
  } else {
    domainId = fromDomain(domains, draft.from).id;
    if (!account.approvedAt) assertReviewAllows(account, domains, [...to, ...cc, ...bcc]);
  }
  const id = newId(now.getTime());
  const all = [...to, ...cc, ...bcc];
  // Values equal to the column's default are left undefined: JSON.stringify drops them.
  const row: EmailRowJson = {
    id,
    from: draft.from.text,
    to: to.map((a) => a.text),
    cc: cc.length ? cc.map((a) => a.text) : undefined,
    bcc: bcc.length ? bcc.map((a) => a.text) : undefined,
    reply_to: draft.replyTo.length ? draft.replyTo.map((a) => a.text) : undefined,
    subject: draft.subject,
    html: draft.html ?? undefined,
    text: draft.text ?? undefined,
    headers: Object.keys(draft.headers).length ? draft.headers : undefined,
    tags: draft.tags.length ? draft.tags : undefined,
    attachments: draft.attachments.length ? draft.attachments : undefined,
    bulk: draft.bulk || undefined,
    test_mode: testMode || undefined,
    domain_id: domainId ?? undefined,
    recipient_count: new Set(all.map((a) => a.address)).size,
    idempotency_key: draft.idempotencyKey ?? undefined,
    message_id: `<${id}@${draft.from.domain}>`,
    search_text: searchTextOf(draft.subject, draft.from.text, all.map((a) => a.text)),
    scheduled_at: draft.scheduledAt?.toISOString(),
  };
  return {
    row, id, recipients: [...new Set(all.map((a) => a.address))], bulk: draft.bulk, idempotencyKey: draft.idempotencyKey,
    immediate: draft.scheduledAt === null, testMode,
  };
}

/**
 * A message's own columns and their types, as prepare() fills them: the rows travel as
 * one JSON parameter read by json_to_recordset. The account, the acceptance time and
 * what follows from them (status, first attempt) are added by the statement, so the
 * JSON carries (and PostgreSQL parses) only what differs per message.
 */
const ROW_COLUMNS = {
  id: "text", from: "text", to: "jsonb", cc: "jsonb", bcc: "jsonb", reply_to: "jsonb", subject: "text", html: "text",
  text: "text", headers: "jsonb", tags: "jsonb", attachments: "jsonb", bulk: "boolean", test_mode: "boolean", domain_id: "text",
  recipient_count: "int", idempotency_key: "text", message_id: "text", search_text: "text", scheduled_at: "timestamptz",
} as const;
/**
 * What a key left out of a row's JSON stands for (it holds the column's default: no cc,
 * no tags, not bulk, …): a typical row is about a tenth shorter to send and to parse.
 * Keys not listed here stand for null when left out.
 */
const ROW_DEFAULTS: Partial<Record<keyof typeof ROW_COLUMNS, string>> = {
  cc: "'[]'::jsonb", bcc: "'[]'::jsonb", reply_to: "'[]'::jsonb", headers: "'{}'::jsonb", tags: "'[]'::jsonb",
  attachments: "'[]'::jsonb", bulk: "false", test_mode: "false",
};
const others = (Object.keys(ROW_COLUMNS) as (keyof typeof ROW_COLUMNS)[]).filter((c) => c !== "id");
const INSERT_COLUMNS = sql.raw(["account_id", "created_at", "status", "next_attempt_at", "id", ...others].map((c) => `"${c}"`).join(", "));
const RECORD_TYPE = sql.raw(Object.entries(ROW_COLUMNS).map(([c, type]) => `"${c}" ${type}`).join(", "));
const OTHER_VALUES = sql.raw(others.map((c) => (ROW_DEFAULTS[c] ? `coalesce(r."${c}", ${ROW_DEFAULTS[c]})` : `r."${c}"`)).join(", "));

/**
 * The insert of `items` when `admitted` holds. With `abortUnless`, a row whose condition
 * fails gets a null id: the whole statement aborts (23502) and nothing it wrote stays.
 */
function insertRows(items: Prepared[], accountId: string, now: Date, admitted: SQL, abortUnless: SQL | null): SQL {
  const id = abortUnless ? sql`case when ${abortUnless} then r."id" end` : sql`r."id"`;
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`insert into emails (${INSERT_COLUMNS})
    select ${accountId}, ${at}, case when r.scheduled_at is null then 'queued' else 'scheduled' end, coalesce(r.scheduled_at, ${at}),
      ${id}, ${OTHER_VALUES}
    from json_to_recordset(${JSON.stringify(items.map((p) => p.row))}::json) as r(${RECORD_TYPE})
    where ${admitted}`;
}

interface AcceptResult {
  inserted: number;
  idem: { key: string; id: string }[];
  blocked: BlockedRecipient[];
  month_ok: boolean | null;
  day_ok: boolean | null;
  sandbox_ok: boolean | null;
  rate_ok: boolean | null;
  retry_after: number | null;
  month_count: number | null;
}

/** A unique violation on the idempotency index (a concurrent repeat won) or the counter race guard. */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string") return e.code;
  }
  return undefined;
}

/**
 * Stores messages in ONE statement: the idempotency look-up (single sends), the
 * suppression look-up, the quota/day checks, the rate bucket, the counters and the insert
 * (the timeline's first entry is read off the row: see acceptanceEntry). Nothing is
 * written unless every gate passes, so a batch with a suppressed recipient stores nothing
 * and answers with the blocked addresses, for the caller to retry without their entries.
 * A concurrent charge that slips past the snapshot checks aborts the statement (null id)
 * rather than leave counters off.
 */
function acceptStatement(account: Account, limits: SendLimits, items: Prepared[], opts: { checkKeys: string[]; screen?: Prepared[]; now: Date }): SQL {
  const a = account.id;
  const immediate = items.filter((p) => p.immediate);
  const charge: Charge = {
    accountId: a,
    messages: immediate.length,
    recipients: immediate.reduce((n, p) => n + p.recipients.length, 0),
    sandbox: immediate.filter((p) => p.testMode).length,
  };
  // Look-ups only when there is something to look up: each shape is its own prepared statement.
  const ctes: SQL[] = [];
  const gates: SQL[] = [];
  if (opts.checkKeys.length) {
    ctes.push(sql`idem as (select idempotency_key as key, id from emails where account_id = ${a}
      and idempotency_key = any(${sql.param(opts.checkKeys)}::text[]))`);
    gates.push(sql`not exists (select 1 from idem)`);
  }
  // `screen`: the messages whose recipients are checked, when more than those inserted
  // (a batch's entries repeating an idempotency key answer as the first one, if not blocked).
  const screen = opts.screen ?? items;
  ctes.push(sql`blocked as (${blockedRecipientsQuery(a, {
    all: [...new Set(screen.flatMap((p) => p.recipients))],
    bulk: [...new Set(screen.filter((p) => p.bulk).flatMap((p) => p.recipients))],
  })})`);
  gates.push(sql`not exists (select 1 from blocked)`);
  const free = sql.join(gates, sql` and `);
  const metered = isMetered(limits, items);
  const counting = metered && charge.messages > 0;
  let admitted = free;
  if (metered) {
    ctes.push(checkCtes(charge, limits, { enforceDay: true, now: opts.now }));
    admitted = sql`${free} and ${checksPass}`;
  }
  const rate = limits.rate;
  const n = items.length;
  if (rate) {
    ctes.push(takeTokensCte(a, rate, n, admitted));
    admitted = sql`exists (select 1 from bucket)`;
  }
  if (counting) ctes.push(countCte(charge, limits, { enforceDay: true, now: opts.now, gate: admitted }));
  const abortUnless = counting ? sql`(select count(*) from counted) = 2` : null;
  ctes.push(sql`ins as (${insertRows(items, a, opts.now, admitted, abortUnless)} returning 1)`);
  const retryAfter = rate ? retryAfterSql(a, rate, n) : sql`null::int`;
  return sql`with ${sql.join(ctes, sql`, `)}
    select (select count(*) from ins)::int as inserted,
      ${opts.checkKeys.length ? sql`(select json_agg(json_build_object('key', key, 'id', id)) from idem)` : sql`null::json`} as idem,
      (select json_agg(json_build_object('address', address, 'reason', reason)) from blocked) as blocked,
      ${metered ? sql`(select month_ok from chk)` : sql`null::boolean`} as month_ok,
      ${metered ? sql`(select day_ok from chk)` : sql`null::boolean`} as day_ok,
      ${metered ? sql`(select sandbox_ok from chk)` : sql`null::boolean`} as sandbox_ok,
      ${rate ? sql`exists (select 1 from bucket)` : sql`null::boolean`} as rate_ok,
      ${retryAfter} as retry_after,
      ${counting ? monthCountSql(opts.now) : sql`null::int`} as month_count`;
}

/** Whether a send goes through the counted gates: any limit, or a test-mode send (its daily cap). */
function isMetered(limits: SendLimits, items: Prepared[]): boolean {
  return !isUnmetered(limits) || items.some((p) => p.immediate && p.testMode);
}

const parseList = <T>(v: unknown): T[] => (v === null ? [] : typeof v === "string" ? JSON.parse(v) : v) as T[];

/** The limit a refused statement ran into, as the spec's error. */
function limitError(limits: SendLimits, r: AcceptResult): ApiError {
  if (r.month_ok === false) {
    return new ApiError("quota_exceeded", 429, `Monthly quota exhausted: this account has reached its limit of ${limits.hardLimit} messages this month (plan limit ${limits.monthLimit} plus grace). Sending resumes at the monthly reset.`);
  }
  if (r.day_ok === false && limits.day) {
    if (limits.day.kind === "plan") {
      return new ApiError("quota_exceeded", 429, `Daily quota exhausted: this plan sends ${limits.day.limit} messages per UTC day. Retry after UTC midnight.`);
    }
    const why = limits.day.kind === "ramp" ? "new-account ramp" : "review throttle";
    return new ApiError("rate_limited", 429, `Daily capacity reached: the ${why} allows ${limits.day.limit} recipients per UTC day.`, secondsToUtcMidnight());
  }
  if (r.sandbox_ok === false) {
    return new ApiError("rate_limited", 429, `Test-mode daily cap reached: at most ${SANDBOX_PER_DAY} sends per UTC day from ${config().sandboxSender}.`, secondsToUtcMidnight());
  }
  if (r.rate_ok === false) {
    return new ApiError("rate_limited", 429, `Send rate exceeded: ${limits.rate!.perSecond} messages per second (burst ${limits.rate!.burst}).`, Math.max(1, r.retry_after ?? 1));
  }
  return new ApiError("rate_limited", 429, "Too many concurrent sends contended for this account's counters; retry shortly.", 1);
}

async function runStatement(d: Database, statement: SQL): Promise<AcceptResult> {
  const [row] = await preparedRows<AcceptResult>(d, statement);
  return {
    ...row,
    idem: parseList(row.idem),
    blocked: parseList(row.blocked),
    retry_after: row.retry_after === null ? null : Number(row.retry_after),
    month_count: row.month_count === null ? null : Number(row.month_count),
  };
}

/** After a stored charge: quota.exceeded when it entered the grace band, and the dispatcher's nudge. */
async function afterAccept(d: Database, account: Account, limits: SendLimits, items: Prepared[], r: AcceptResult, now: Date): Promise<void> {
  if (!isMetered(limits, items)) {
    const immediate = items.filter((p) => p.immediate);
    if (immediate.length) {
      countLater({ accountId: account.id, messages: immediate.length, recipients: immediate.reduce((n, p) => n + p.recipients.length, 0), sandbox: 0 });
    }
  } else {
    await noteMonthCount(d.db, account, limits, r.month_count, now);
  }
  nudgeDispatch();
}

// One nudge per few milliseconds is as good as one per message (the dispatcher drains
// everything due) and spares the Inngest driver an event per accepted send.
const NUDGE_MS = 5;
let nudgePending = false;

function nudgeDispatch(): void {
  if (nudgePending) return;
  nudgePending = true;
  setTimeout(() => {
    nudgePending = false;
    wake(TASKS.dispatch);
  }, NUDGE_MS).unref();
}

const MAX_ATTEMPTS = 3;

/** The ids of the messages already stored under these idempotency keys, by key. */
async function storedIds(d: Database, accountId: string, keys: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!keys.length) return found;
  const rows = await preparedRows<{ key: string; id: string }>(d, sql`select idempotency_key as key, id from emails
    where account_id = ${accountId} and idempotency_key = any(${sql.param(keys)}::text[])`);
  for (const r of rows) found.set(r.key, r.id);
  return found;
}

/** POST /v1/emails: the id of the stored message (or of the original, for a repeated idempotency key). */
export async function sendEmail(account: Account, input: SendRequest, idempotencyHeader: string | null): Promise<{ id: string }> {
  const draft = toDraft(input, idempotencyHeader);
  const domains = await accountDomains(account.id);
  const d = await database();
  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const limits = sendLimits(account, now);
    let item: Prepared;
    try {
      assertNotBlocked(account);
      item = prepare(account, domains, draft, now);
    } catch (err) {
      // A repeat answers with the original's id even when the rules would refuse a new
      // send now (its domain removed since, the breaker tripped): nothing is sent again.
      const original = draft.idempotencyKey ? (await storedIds(d, account.id, [draft.idempotencyKey])).get(draft.idempotencyKey) : undefined;
      if (original) return { id: original };
      throw err;
    }
    let r: AcceptResult;
    try {
      r = await runStatement(d, acceptStatement(account, limits, [item], {
        checkKeys: item.idempotencyKey ? [item.idempotencyKey] : [],
        now,
      }));
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

/**
 * POST /v1/emails/batch: every entry validated and ruled on independently (its failure
 * is its own `{ error }`); the valid ones are stored together in one statement. Limits
 * (quota, day caps, rate) apply to the request as a whole.
 */
export async function sendBatch(account: Account, entries: unknown[]): Promise<BatchResult> {
  const domains = await accountDomains(account.id);
  const d = await database();
  // Whatever an entry holds, its check ends as that entry's own error, never the batch's.
  const drafts: (SendDraft | ErrorObject)[] = entries.map((entry) => {
    try {
      const unstorable = unstorableAt(entry);
      if (unstorable !== null) return errorObject("validation_error", unstorableMessage(unstorable));
      const parsed = sendRequestSchema.safeParse(entry);
      if (!parsed.success) return errorObject("validation_error", formatZodError(parsed.error));
      return toDraft(parsed.data);
    } catch (err) {
      return toApiError(err).toObject();
    }
  });
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
      prepared.forEach((p, i) => { if (p) data[i] = { id: prepared[sameAs.get(i) ?? i]!.id }; });
      await afterAccept(d, account, limits, items, r, now);
      break;
    }
    const out = data as BatchEntry[];
    const failed = out.filter((e) => "error" in e).length;
    return { data: out, summary: { total: out.length, succeeded: out.length - failed, failed } };
  }
}
