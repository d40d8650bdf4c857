import { z } from "zod";
import { agreed, notSupported } from "../api/schemas";
import { reservedHeader } from "./reserved-headers";
import { config } from "../config";
import { ApiError, validationError } from "../errors";
import { parseMailbox, type Mailbox } from "../lib/email-address";
import { parseNaturalTime } from "./natural-time";
import { MAX_HEADERS, MAX_IDEMPOTENCY_KEY_LENGTH, MAX_RECIPIENTS, MAX_SUBJECT_LENGTH, MAX_TAG_LENGTH, MAX_TAGS } from "../limits/constants";

/** A scheduledAt closer than this is "send now" (the spec: "within a few seconds"). */
export const SCHEDULE_NOW_WINDOW_MS = 5000;

/**
 * Address fields are parsed once here (the one parser, server/lib/email-address.ts) into
 * mailboxes: the rules, the stored row and delivery all use this reading. A failure names
 * the field and, for a list, the entry (`to[1]`).
 */
function mailboxOf(text: string, ctx: z.RefinementCtx, path: number[]): Mailbox | null {
  const parsed = parseMailbox(text);
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: "custom", message: `invalid email address: it ${parsed.reason}`, path });
  return null;
}

const mailbox = z.string({ error: "must be an email address string" }).transform((text, ctx) => mailboxOf(text, ctx, []) ?? z.NEVER);

function mailboxes(opts: { min?: number } = {}) {
  return z
    .union([z.string(), z.array(z.string())], { error: "must be an email address string or an array of them" })
    .transform((value, ctx): Mailbox[] => {
      const list = typeof value === "string" ? [value] : value;
      if (list.length < (opts.min ?? 0)) ctx.addIssue({ code: "custom", message: "at least one recipient is required" });
      const out: Mailbox[] = [];
      list.forEach((text, i) => {
        const parsed = mailboxOf(text, ctx, typeof value === "string" ? [] : [i]);
        if (parsed) out.push(parsed);
      });
      return out;
    });
}

/** An inline attachment's Content-ID, without angle brackets: printable ASCII, no spaces. */
const contentIdField = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[!-;=?-~]+$/, "content_id is printable ASCII without spaces or angle brackets")
  .nullish();

/**
 * One send request; every alias of DESIGN.md is a field of its own so the OpenAPI document
 * shows it. An optional field sent as null is absent (clients serialise unset fields so).
 */
export const sendRequestSchema = z
  .object({
    from: mailbox.describe(
      '`addr@domain`, `Name <addr@domain>` or `"Quoted, Name" <addr@domain>` on a verified domain, or the sandbox sender',
    ),
    to: mailboxes({ min: 1 }),
    cc: mailboxes().nullish(),
    bcc: mailboxes().nullish(),
    subject: z.string({ error: "subject is required" }).max(MAX_SUBJECT_LENGTH, `subject is longer than ${MAX_SUBJECT_LENGTH} characters`),
    html: z.string().nullish(),
    text: z.string().nullish(),
    replyTo: mailboxes().nullish(),
    reply_to: mailboxes().nullish(),
    attachments: z
      .array(
        z.object({
          filename: z.string({ error: "filename is required" }).min(1, "filename is required").max(255),
          content: z
            .string({ error: "content must be a base64 string" })
            .refine(
              (v) => /^[A-Za-z0-9+/]*={0,2}$/.test(v.replace(/\s+/g, "")) && v.replace(/\s+/g, "").length % 4 !== 1,
              "content must be base64",
            ),
          contentType: z.string().min(1).max(255).nullish(),
          content_type: z.string().min(1).max(255).nullish(),
          path: notSupported("attachments are sent as base64 content"),
          content_id: contentIdField.describe("Resend's name: makes the attachment inline, referenced from the HTML as `cid:<content_id>`"),
          contentId: contentIdField.describe("makes the attachment inline, referenced from the HTML as `cid:<contentId>`"),
        }),
      )
      .nullish(),
    tags: z
      .array(
        z.object({
          name: z.string({ error: "tag name is required" }).min(1, "tag name is required").max(MAX_TAG_LENGTH),
          value: z.string({ error: "tag value must be a string" }).max(MAX_TAG_LENGTH),
        }),
      )
      .max(MAX_TAGS, `at most ${MAX_TAGS} tags`)
      .nullish(),
    headers: z
      .record(
        z.string().regex(/^[!-9;-~]+$/, "header names are printable ASCII without ':'"),
        z.string({ error: "header values must be strings" }).refine((v) => !/[\r\n]/.test(v), "header values may not contain line breaks"),
      )
      .refine((h) => Object.keys(h).length <= MAX_HEADERS, `at most ${MAX_HEADERS} headers`)
      .nullish(),
    idempotency_key: z.string().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH).nullish(),
    idempotencyKey: z.string().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH).nullish(),
    scheduledAt: z.union([z.string(), z.number().int()]).nullish().describe("ISO 8601 or Unix ms"),
    scheduled_at: z
      .union([z.string(), z.number().int()])
      .nullish()
      .describe('Resend\'s name: ISO 8601, Unix ms, or a phrase such as "in 1 hour" or "tomorrow at 9am" (UTC)'),
    // Literals, not z.boolean(): trpc-to-openapi switches z.boolean() to coercion ("yes" → true).
    bulk: z.union([z.literal(true), z.literal(false)], { error: "bulk must be a boolean" }).nullish(),
    template: notSupported("stored templates; send html or text"),
    topic_id: notSupported("topics"),
    topicId: notSupported("topics"),
  })
  .superRefine((v, ctx) => {
    const total = v.to.length + (v.cc?.length ?? 0) + (v.bcc?.length ?? 0);
    if (total > MAX_RECIPIENTS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `at most ${MAX_RECIPIENTS} recipients across to, cc and bcc (got ${total})` });
    }
    for (const name of Object.keys(v.headers ?? {})) {
      const why = reservedHeader(name, v.bulk === true);
      if (why) ctx.addIssue({ code: "custom", path: ["headers", name], message: why });
    }
    for (const [i, tag] of (v.tags ?? []).entries()) {
      // posthaste_* tags travel to SES beside ours (posthaste_email_id matches events to messages).
      if (/^posthaste_/i.test(tag.name))
        ctx.addIssue({ code: "custom", path: ["tags", i, "name"], message: "tag names starting with posthaste_ are reserved" });
    }
  });

export type SendRequest = z.infer<typeof sendRequestSchema>;

/** A validated send, addresses parsed, ready for the account rules. */
export interface SendDraft {
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  replyTo: Mailbox[];
  subject: string;
  html: string | null;
  text: string | null;
  attachments: { filename: string; content: string; contentType: string; contentId?: string }[];
  tags: { name: string; value: string }[];
  headers: Record<string, string>;
  idempotencyKey: string | null;
  /** Null: send now. */
  scheduledAt: Date | null;
  bulk: boolean;
}

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether year-month-day names a real day (Date.parse takes 2030-02-30 as 2 March). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * ISO 8601 or Unix ms; a past time (before 1970 too) or one within a few seconds of now
 * means now (null), as the reference says. With `natural` (Resend's `scheduled_at`, and
 * only there: our `scheduledAt` keeps the reference's two forms) a natural-language phrase
 * is read too (natural-time.ts); one that lands in the past ("yesterday") is a mistake,
 * not a request to send now, and is 400.
 */
export function parseScheduledAt(
  value: string | number | null | undefined,
  now = Date.now(),
  opts: { natural?: boolean; field?: string } = {},
): Date | null {
  if (value == null) return null;
  const field = opts.field ?? "scheduledAt";
  const forms = opts.natural
    ? 'an ISO 8601 date-time, Unix milliseconds or a phrase such as "in 1 hour"'
    : "an ISO 8601 date-time or Unix milliseconds";
  const invalid = (why = `must be ${forms}`) => validationError(`${field}: ${why}`);
  let at: number;
  const text = typeof value === "string" ? value.trim() : "";
  if (typeof value === "number") {
    at = value;
  } else if (/^-?\d+$/.test(text)) {
    at = Number(text);
  } else {
    // Date.parse would accept loose forms: ISO 8601, or (natural) a whole phrase with words in it.
    const m = ISO_8601.exec(text);
    if (m) {
      if (!isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) throw invalid();
      at = Date.parse(text);
    } else {
      // Digits and punctuation alone ("10:00", "2030-1-16") are a date-time mistyped, not a phrase.
      if (!opts.natural || !/[a-z]/i.test(text)) throw invalid();
      const natural = parseNaturalTime(text, now);
      if (natural === null) throw invalid();
      if (natural < now) throw invalid(`"${text}" is in the past`);
      at = natural;
    }
  }
  if (!Number.isFinite(at) || at > 8.64e15) throw invalid();
  return at - now <= SCHEDULE_NOW_WINDOW_MS ? null : new Date(at);
}

/**
 * A send's or a reschedule's time from either name: ours as the reference has it, Resend's
 * with phrases. Both given must mean the same time (or both now).
 */
export function scheduledAtOf(input: { scheduledAt?: string | number | null; scheduled_at?: string | number | null }, now = Date.now()) {
  const read = (value: string | number | null | undefined, natural: boolean) =>
    value == null ? undefined : { at: parseScheduledAt(value, now, natural ? { natural, field: "scheduled_at" } : {}) };
  const when = agreed(
    [
      ["scheduledAt", read(input.scheduledAt, false)],
      ["scheduled_at", read(input.scheduled_at, true)],
    ],
    { key: (w) => w.at?.getTime() ?? "now" },
  );
  return when?.at ?? null;
}

/** An Idempotency-Key header as the send endpoints take it: absent, or 1 to 256 characters. */
export function idempotencyHeader(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (value.length === 0 || value.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw validationError(`Idempotency-Key: must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  return value;
}

/** An attachment's Content-ID under either name (both given must agree), as the stored attachment holds it. */
function contentIdOf(a: { content_id?: string | null; contentId?: string | null }, i: number): { contentId?: string } {
  const id = agreed([
    [`attachments[${i}].contentId`, a.contentId],
    [`attachments[${i}].content_id`, a.content_id],
  ]);
  return id ? { contentId: id } : {};
}

/** Mailbox lists compare by their canonical forms, what is stored and delivered. */
const mailboxesKey = (list: Mailbox[]) => JSON.stringify(list.map((m) => m.text));

/**
 * The draft of a schema-valid request. `idempotencyKey` is a key given beside the body: a
 * single send's Idempotency-Key header, or the one a batch's header gives the entry. Each
 * field given under two names must agree (400 naming the second). Sizes over the limit
 * are 413 (the message: content plus decoded attachments).
 */
export function toDraft(input: SendRequest, idempotencyKey: string | null = null): SendDraft {
  const attachments = (input.attachments ?? []).map((a, i) => ({
    filename: a.filename,
    content: a.content.replace(/\s+/g, ""),
    contentType:
      agreed([
        [`attachments[${i}].contentType`, a.contentType],
        [`attachments[${i}].content_type`, a.content_type],
      ]) ?? "application/octet-stream",
    ...contentIdOf(a, i),
  }));
  let size = Buffer.byteLength(input.subject) + Buffer.byteLength(input.html ?? "") + Buffer.byteLength(input.text ?? "");
  for (const a of attachments) size += Buffer.byteLength(a.content, "base64");
  for (const [k, v] of Object.entries(input.headers ?? {})) size += k.length + Buffer.byteLength(v);
  const max = config().maxMessageBytes;
  if (size > max) {
    throw new ApiError(
      "validation_error",
      413,
      `The message (content and decoded attachments) is ${size} bytes; the limit is ${max} bytes.`,
    );
  }
  const key = agreed([
    ["idempotency_key", input.idempotency_key],
    ["idempotencyKey", input.idempotencyKey],
    ["Idempotency-Key", idempotencyKey],
  ]);
  return {
    from: input.from,
    to: input.to,
    cc: input.cc ?? [],
    bcc: input.bcc ?? [],
    replyTo:
      agreed(
        [
          ["replyTo", input.replyTo],
          ["reply_to", input.reply_to],
        ],
        { key: mailboxesKey },
      ) ?? [],
    subject: input.subject,
    html: input.html ?? null,
    text: input.text ?? null,
    attachments,
    tags: input.tags ?? [],
    headers: input.headers ?? {},
    idempotencyKey: key ?? null,
    scheduledAt: scheduledAtOf(input),
    bulk: input.bulk ?? false,
  };
}
