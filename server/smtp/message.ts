import PostalMime, { type Address, type Email } from "postal-mime";
import { agreed } from "../lib/request-fields";
import { validationError } from "../errors";
import { parseMailbox, type Mailbox } from "../lib/email-address";
import { reservedHeader } from "../sending/reserved-headers";
import { SmtpReply } from "./replies";

/** What the SMTP transaction gave: the envelope and the message as received. */
export interface Submission {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
}

/** A submission as POST /v1/emails takes it: the request body (validated there) and the Idempotency-Key. */
export interface SubmittedRequest {
  request: Record<string, unknown>;
  idempotencyKey: string | null;
}

/**
 * Headers a message may carry through to delivery (names, lower-case, or prefixes ending
 * in "-"): threading, list and priority headers and any X- header. Everything else is
 * either rebuilt from the stored message (addresses, subject, ids, date, MIME structure) or
 * belongs to servers along the way and is never passed on (Received, Return-Path,
 * DKIM-Signature, ARC-*, Authentication-Results: see reserved-headers.ts, which also drops
 * X-Posthaste-* and X-SES-*).
 */
const ALLOWED_HEADERS = new Set([
  "in-reply-to",
  "references",
  "list-id",
  "list-unsubscribe",
  "list-unsubscribe-post",
  "list-help",
  "list-subscribe",
  "list-owner",
  "list-archive",
  "precedence",
  "auto-submitted",
  "importance",
  "priority",
  "keywords",
  "comments",
  "organization",
  "feedback-id",
  "thread-topic",
  "thread-index",
]);
/** Headers read as instructions here and not passed on. */
const IDEMPOTENCY_HEADERS = ["posthaste-idempotency-key", "resend-idempotency-key"] as const;
const TAG_HEADERS = ["posthaste-tags", "x-tags"];

/** Nesting and header bounds for the parser: far above real mail, far below what would cost. */
const PARSE_LIMITS = { maxNestingDepth: 20, maxHeadersSize: 256 * 1024, maxRfc822NestingDepth: 0, attachmentEncoding: "base64" as const };

function mailboxes(list: Address[] | Address | undefined): { name: string; address: string }[] {
  const all = Array.isArray(list) ? list : list ? [list] : [];
  return all.flatMap((a) => (a.group ? a.group : a.address ? [{ name: a.name, address: a.address }] : []));
}

/** A display name and address as the send request's text (parsed again there by the one parser). */
function mailboxText(m: { name: string; address: string }): string {
  const name = m.name.replace(/[\r\n\t]+/g, " ").trim();
  if (!name) return m.address;
  return `"${name.replace(/["\\]/g, "\\$&")}" <${m.address}>`;
}

function canonical(text: string, field: string): Mailbox {
  const parsed = parseMailbox(text);
  if (!parsed.ok) throw validationError(`${field}: invalid email address: it ${parsed.reason}`);
  return parsed.value;
}

/** `name=value` pairs, separated by commas or semicolons: the tags header. */
function tagsOf(value: string): { name: string; value: string }[] {
  return value
    .split(/[,;]/)
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq < 0 ? { name: pair, value: "" } : { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
    });
}

/**
 * The send request a submitted message stands for, for POST /v1/emails's validation and
 * accept path (server/sending/accept.ts): From and its display name from the header (and
 * its address must be MAIL FROM's), recipients from the envelope (those named in To or Cc
 * keep their place and display name; the rest are Bcc), subject, text, HTML, attachments
 * (inline ones with their Content-ID), Reply-To, the allowed headers, tags and the
 * idempotency key from their headers.
 */
export async function submittedRequest(submission: Submission): Promise<SubmittedRequest> {
  let email: Email;
  try {
    email = await PostalMime.parse(submission.raw, PARSE_LIMITS);
  } catch (err) {
    throw validationError(`The message could not be parsed as MIME: ${(err as Error).message}`);
  }
  const fromList = mailboxes(email.from);
  if (fromList.length !== 1) throw validationError("from: the message needs exactly one From address");
  const from = canonical(mailboxText(fromList[0]), "from");
  const envelopeFrom = parseMailbox(submission.mailFrom);
  if (!envelopeFrom.ok || envelopeFrom.value.address !== from.address) {
    throw new SmtpReply(
      550,
      `5.7.1 MAIL FROM <${submission.mailFrom}> is not the From header's address <${from.address}>; they must be the same address.`,
      "sender_mismatch",
    );
  }
  const envelope = new Map(submission.rcptTo.map((text) => [canonical(text, "RCPT TO").address, text]));
  const named = new Set<string>();
  // Header recipients the envelope names, in header order, each once; the rest did not get the message.
  const place = (list: Address[] | undefined) =>
    mailboxes(list).flatMap((m) => {
      const parsed = parseMailbox(m.address);
      if (!parsed.ok || !envelope.has(parsed.value.address) || named.has(parsed.value.address)) return [];
      named.add(parsed.value.address);
      return [mailboxText(m)];
    });
  const to = place(email.to);
  const cc = place(email.cc);
  const bcc = [...envelope].filter(([address]) => !named.has(address)).map(([address]) => address);

  const headers: Record<string, string> = {};
  const kept = new Set<string>(); // lower-case names: a header repeated (in any case) is kept once, the first
  const keys: [string, string | undefined][] = [];
  let tags: { name: string; value: string }[] | undefined;
  for (const h of email.headers) {
    if ((IDEMPOTENCY_HEADERS as readonly string[]).includes(h.key)) keys.push([h.originalKey, h.value.trim()]);
    else if (TAG_HEADERS.includes(h.key)) tags = [...(tags ?? []), ...tagsOf(h.value)];
    else if ((h.key.startsWith("x-") || ALLOWED_HEADERS.has(h.key)) && !reservedHeader(h.key, false) && !kept.has(h.key)) {
      kept.add(h.key);
      headers[h.originalKey] = h.value.replace(/[\r\n]+/g, " ").trim();
    }
  }
  const idempotencyKey = agreed(keys) ?? null;

  const request: Record<string, unknown> = {
    from: from.text,
    to,
    subject: email.subject ?? "",
  };
  if (cc.length) request.cc = cc;
  if (bcc.length) request.bcc = bcc;
  const replyTo = mailboxes(email.replyTo).map(mailboxText);
  if (replyTo.length) request.reply_to = replyTo;
  if (email.text != null) request.text = email.text;
  if (email.html != null) request.html = email.html;
  if (email.attachments.length) {
    request.attachments = email.attachments.map((a, i) => ({
      filename: a.filename || `attachment-${i + 1}`,
      content: a.content as string,
      content_type: a.mimeType,
      ...(a.contentId && (a.related || a.disposition === "inline") ? { content_id: a.contentId.replace(/^<|>$/g, "") } : {}),
    }));
  }
  if (Object.keys(headers).length) request.headers = headers;
  if (tags) request.tags = tags;
  return { request, idempotencyKey };
}
