import PostalMime, { type Address, type Attachment } from "postal-mime";
import { formatMailbox } from "../lib/email-address";
import {
  INBOUND_MAX_ATTACHMENTS,
  INBOUND_MAX_BODY_CHARS,
  INBOUND_MAX_HEADER_BYTES,
  INBOUND_MAX_HEADER_VALUE_CHARS,
  INBOUND_MAX_HEADERS,
  INBOUND_MAX_NESTING_DEPTH,
  MAX_RECIPIENTS,
} from "../limits/constants";

/** A part kept as an attachment row. */
export interface ParsedAttachment {
  filename: string | null;
  contentType: string;
  contentDisposition: "attachment" | "inline";
  contentId: string | null;
  content: Buffer;
}

/** What the inbound-parse task stores of a message (server/db/schema.ts `inbound_emails`). */
export interface ParsedInbound {
  messageId: string | null;
  from: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string | null;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  attachments: ParsedAttachment[];
  /** What was cut to fit the caps (empty: nothing), recorded in `headers` under x-posthaste-truncated too. */
  truncated: string[];
}

/**
 * postal-mime's own bounds: nesting and total header bytes past these reject the parse (the
 * row is marked failed, its raw kept); attached messages (message/rfc822) stay attachments
 * rather than being parsed into the body.
 */
const PARSE_LIMITS = {
  maxNestingDepth: INBOUND_MAX_NESTING_DEPTH,
  maxHeadersSize: INBOUND_MAX_HEADER_BYTES,
  maxRfc822NestingDepth: 0,
  forceRfc822Attachments: true,
  attachmentEncoding: "arraybuffer" as const,
};

/** Characters a stored name or address may not hold: controls, format and invisible characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const clean = (text: string, max: number) => text.replace(INVISIBLE, "").slice(0, max);

/** Each mailbox of an address header (groups flattened) as `Name <addr>` text, capped in number and length. */
function mailboxes(list: Address[] | Address | undefined): string[] {
  const all = Array.isArray(list) ? list : list ? [list] : [];
  return all
    .flatMap((a) => (a.group ? a.group : a.address ? [a] : []))
    .slice(0, MAX_RECIPIENTS * 2)
    .map((m) => formatMailbox(clean(m.name, 200).trim(), clean(m.address ?? "", 320)));
}

/** One value per header name (the first; Received keeps the first too), names and values capped. */
function headerRecord(headers: { key: string; value: string }[], truncated: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  let names = 0;
  for (const h of headers) {
    const key = clean(h.key, 200);
    if (!key || Object.hasOwn(out, key)) continue;
    if (++names > INBOUND_MAX_HEADERS) {
      truncated.push("headers");
      break;
    }
    out[key] = clean(h.value, INBOUND_MAX_HEADER_VALUE_CHARS);
  }
  return out;
}

function capped(raw: string | undefined, field: string, truncated: string[]): string | null {
  if (raw === undefined) return null;
  // PostgreSQL text holds no NUL, and JSON carries an unpaired surrogate as an escape it refuses.
  const value = raw.replace(/\u0000/g, "").toWellFormed();
  if (value.length <= INBOUND_MAX_BODY_CHARS) return value;
  truncated.push(field);
  return value.slice(0, INBOUND_MAX_BODY_CHARS);
}

function attachmentRow(a: Attachment): ParsedAttachment {
  const content = a.content instanceof ArrayBuffer ? Buffer.from(a.content) : Buffer.from(a.content as Uint8Array);
  return {
    filename: a.filename === null ? null : clean(a.filename, 255),
    contentType: clean(a.mimeType || "application/octet-stream", 255),
    contentDisposition: a.disposition === "inline" ? "inline" : "attachment",
    contentId: a.contentId ? clean(a.contentId.replace(/^<|>$/g, ""), 255) : null,
    content,
  };
}

/** The plus-address part of the first recipient that has one (`support+123@x` → `123`), or null. */
export function plusPartOf(receivedFor: string[]): string | null {
  for (const address of receivedFor) {
    const local = address.slice(0, address.lastIndexOf("@"));
    const plus = local.indexOf("+");
    if (plus >= 0 && plus < local.length - 1) return local.slice(plus + 1);
  }
  return null;
}

/**
 * Parses a stored message within the caps (docs/inbound.md, "Parsing"): what is within them
 * is kept and what was cut is listed in `truncated`. Throws when postal-mime refuses the
 * message (nesting or header bytes past its bounds): the caller marks the row failed.
 */
export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  const email = await PostalMime.parse(raw, PARSE_LIMITS);
  const truncated: string[] = [];
  const attachments = email.attachments.slice(0, INBOUND_MAX_ATTACHMENTS).map(attachmentRow);
  if (email.attachments.length > INBOUND_MAX_ATTACHMENTS) truncated.push("attachments");
  const headers = headerRecord(email.headers, truncated);
  const text = capped(email.text, "text", truncated);
  const html = capped(email.html, "html", truncated);
  if (truncated.length) headers["x-posthaste-truncated"] = truncated.join(", ");
  const [from] = mailboxes(email.from);
  return {
    messageId: email.messageId ? clean(email.messageId, 998) : null,
    from: from ?? null,
    to: mailboxes(email.to),
    cc: mailboxes(email.cc),
    bcc: mailboxes(email.bcc),
    replyTo: mailboxes(email.replyTo),
    subject: email.subject === undefined ? null : clean(email.subject, 998),
    text,
    html,
    headers,
    attachments,
    truncated,
  };
}
