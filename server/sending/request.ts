import { z } from "zod";
import { agreed, notSupported } from "../lib/request-fields";
import { reservedHeader } from "./reserved-headers";
import { config } from "../config";
import { ApiError, validationError } from "../errors";
import { parseMailbox, type Mailbox } from "../lib/email-address";
import { parseNaturalTime } from "./natural-time";
import { renderForAccept, TemplateRuleError, type ResolvedValues } from "../templates/render";
import type { SendableTemplate } from "../templates/for-send";
import {
  MAX_HEADER_BYTES,
  MAX_HEADER_NAME_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_HEADERS,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_RECIPIENTS,
  MAX_SCHEDULED_AT_LENGTH,
  MAX_SUBJECT_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TEMPLATE_NAME_LENGTH,
  MAX_TEMPLATE_VARIABLES,
} from "../limits/constants";

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
      // Counted before any entry is parsed: no list may hold more than every recipient together.
      if (list.length > MAX_RECIPIENTS) {
        ctx.addIssue({ code: "custom", message: `at most ${MAX_RECIPIENTS} recipients across to, cc and bcc (got ${list.length})` });
        return z.NEVER;
      }
      const out: Mailbox[] = [];
      list.forEach((text, i) => {
        const parsed = mailboxOf(text, ctx, typeof value === "string" ? [] : [i]);
        if (parsed) out.push(parsed);
      });
      return out;
    });
}

/** UTF-8 bytes of a message's custom headers, names and values. */
export function headerBytes(headers: Record<string, string>): number {
  let size = 0;
  for (const [name, value] of Object.entries(headers)) size += Buffer.byteLength(name) + Buffer.byteLength(value);
  return size;
}

const tooLong = (issue: { code?: string; errors?: { code?: string }[][] }) =>
  issue.code === "invalid_union" && (issue.errors ?? []).some((option) => option.some((i) => i.code === "too_big"));

/**
 * A send's or a reschedule's time as the body gives it: capped before anything reads it
 * (parseScheduledAt checks again, for any other caller).
 */
export const scheduledAtField = z.union(
  [
    z.string().max(MAX_SCHEDULED_AT_LENGTH, { error: `must be at most ${MAX_SCHEDULED_AT_LENGTH} characters`, abort: true }),
    z.number().int(),
  ],
  // A string that is too long is told so, not that it is the wrong type.
  {
    error: (issue) => (tooLong(issue) ? `must be at most ${MAX_SCHEDULED_AT_LENGTH} characters` : "must be a string or Unix milliseconds"),
  },
);

/** An inline attachment's Content-ID, without angle brackets: printable ASCII, no spaces. */
const contentIdField = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[!-;=?-~]+$/, "content_id is printable ASCII without spaces or angle brackets")
  .nullish();

/**
 * One send request; every alias of docs/design.md is a field of its own so the OpenAPI document
 * shows it. An optional field sent as null is absent (clients serialise unset fields so).
 */
export const sendRequestSchema = z
  .object({
    from: mailbox
      .describe(
        '`addr@domain`, `Name <addr@domain>` or `"Quoted, Name" <addr@domain>` on a verified domain, or the sandbox sender; optional with a template that sets one',
      )
      .optional(),
    to: mailboxes({ min: 1 }),
    cc: mailboxes().nullish(),
    bcc: mailboxes().nullish(),
    subject: z
      .string({ error: "subject is required" })
      .max(MAX_SUBJECT_LENGTH, `subject is longer than ${MAX_SUBJECT_LENGTH} characters`)
      .optional()
      .describe("Required unless a template gives one"),
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
        z
          .string()
          .max(MAX_HEADER_NAME_LENGTH, { error: `header names are at most ${MAX_HEADER_NAME_LENGTH} characters`, abort: true })
          .regex(/^[!-9;-~]+$/, "header names are printable ASCII without ':'"),
        z
          .string({ error: "header values must be strings" })
          .max(MAX_HEADER_VALUE_LENGTH, { error: `header values are at most ${MAX_HEADER_VALUE_LENGTH} characters`, abort: true })
          .refine((v) => !/[\r\n]/.test(v), "header values may not contain line breaks"),
      )
      .refine((h) => Object.keys(h).length <= MAX_HEADERS, `at most ${MAX_HEADERS} headers`)
      .refine(
        (h) => headerBytes(h) <= MAX_HEADER_BYTES,
        `custom headers are at most ${MAX_HEADER_BYTES} bytes together (names and values, UTF-8)`,
      )
      .nullish()
      .describe(
        `Custom headers: at most ${MAX_HEADERS}, names at most ${MAX_HEADER_NAME_LENGTH} characters, values at most ${MAX_HEADER_VALUE_LENGTH} (a header line), ${MAX_HEADER_BYTES} bytes together`,
      ),
    idempotency_key: z.string().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH).nullish(),
    idempotencyKey: z.string().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH).nullish(),
    scheduledAt: scheduledAtField.nullish().describe("ISO 8601 or Unix ms"),
    scheduled_at: scheduledAtField
      .nullish()
      .describe('Resend\'s name: ISO 8601, Unix ms, or a phrase such as "in 1 hour" or "tomorrow at 9am" (UTC)'),
    // Literals, not z.boolean(): trpc-to-openapi switches z.boolean() to coercion ("yes" → true).
    bulk: z.union([z.literal(true), z.literal(false)], { error: "bulk must be a boolean" }).nullish(),
    template: z
      .object({
        id: z.string({ error: "template.id is required" }).min(1, "template.id is required").max(MAX_TEMPLATE_NAME_LENGTH),
        variables: z
          .record(z.string(), z.union([z.string(), z.number()]), { error: "template.variables must map keys to strings or numbers" })
          .refine((v) => Object.keys(v).length <= MAX_TEMPLATE_VARIABLES, `at most ${MAX_TEMPLATE_VARIABLES} variables`)
          .nullish(),
      })
      .nullish()
      .describe("A published template (its id or alias) and its variables; not combinable with html or text"),
    topic_id: notSupported("topics"),
    topicId: notSupported("topics"),
  })
  .superRefine((v, ctx) => {
    if (v.template) {
      for (const field of ["html", "text"] as const) {
        if (v[field] != null)
          ctx.addIssue({ code: "custom", path: ["template"], message: `cannot be combined with ${field}: the template gives the content` });
      }
    } else {
      if (v.from === undefined) ctx.addIssue({ code: "custom", path: ["from"], message: "must be an email address string" });
      if (v.subject === undefined) ctx.addIssue({ code: "custom", path: ["subject"], message: "subject is required" });
    }
    const total = v.to.length + (v.cc?.length ?? 0) + (v.bcc?.length ?? 0);
    if (total > MAX_RECIPIENTS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `at most ${MAX_RECIPIENTS} recipients across to, cc and bcc (got ${total})` });
    }
    for (const name of Object.keys(v.headers ?? {})) {
      // A name past its cap is already refused; its message would quote it.
      if (name.length > MAX_HEADER_NAME_LENGTH) continue;
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
  /** The template and published version the content was rendered from; null without one. */
  templateId: string | null;
  templateVersionId: string | null;
  /**
   * With a template: the resolved values the message stores instead of its rendered html and
   * text (null here), which the immutable version renders again wherever they are read.
   */
  templateValues: ResolvedValues | null;
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
  // Before any reading: the natural-language reader is quadratic in its input.
  if (typeof value === "string" && value.length > MAX_SCHEDULED_AT_LENGTH)
    throw invalid(`must be at most ${MAX_SCHEDULED_AT_LENGTH} characters`);
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
      // Date.parse reads a date-time without an offset in the host's zone (a date alone in
      // UTC): it is UTC here, as a phrase is, whatever zone the server runs in.
      at = Date.parse(m[4] && !m[7] ? `${text}Z` : text);
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
export function toDraft(input: SendRequest, idempotencyKey: string | null = null, template: SendableTemplate | null = null): SendDraft {
  const html = input.html ?? null,
    text = input.text ?? null;
  let subject = input.subject,
    from = input.from,
    templateReplyTo: Mailbox[] | null = null,
    templateValues: ResolvedValues | null = null,
    contentBytes: number | null = null;
  if (template) {
    // Resolved and sized here for the rules (size below, the subject): the row stores the
    // version and the values, which render the same html and text at dispatch (docs/decisions/).
    const accepted = renderChecked(template, input.template?.variables);
    templateValues = accepted.values;
    contentBytes = accepted.contentBytes;
    subject ??= accepted.subject ?? undefined;
    from ??= template.from ?? undefined;
    templateReplyTo = template.replyTo;
  }
  if (from === undefined) throw validationError("from: must be an email address string (neither the request nor the template gives one)");
  if (subject === undefined) throw validationError("subject is required (neither the request nor the template gives one)");
  if (subject.length > MAX_SUBJECT_LENGTH) throw validationError(`subject is longer than ${MAX_SUBJECT_LENGTH} characters`, 422);
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
  let size = Buffer.byteLength(subject) + (contentBytes ?? Buffer.byteLength(html ?? "") + Buffer.byteLength(text ?? ""));
  for (const a of attachments) size += Buffer.byteLength(a.content, "base64");
  size += headerBytes(input.headers ?? {});
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
    from,
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
      ) ??
      templateReplyTo ??
      [],
    subject,
    html,
    text,
    attachments,
    tags: input.tags ?? [],
    headers: input.headers ?? {},
    idempotencyKey: key ?? null,
    scheduledAt: scheduledAtOf(input),
    bulk: input.bulk ?? false,
    templateId: template?.templateId ?? null,
    templateVersionId: template?.versionId ?? null,
    templateValues,
  };
}

/** A template's broken rule at send (a missing variable, a value too long): 422 naming it. */
function renderChecked(template: SendableTemplate, variables: Record<string, unknown> | null | undefined) {
  try {
    return renderForAccept(template.compiled, variables);
  } catch (err) {
    if (err instanceof TemplateRuleError) throw validationError(err.message, 422);
    throw err;
  }
}
