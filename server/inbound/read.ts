import { sql, type SQL } from "drizzle-orm";
import { database } from "../db/client";
import { notFound, validationError } from "../errors";
import { decodeCursor, encodeCursor } from "../lib/pagination";
import { jsonColumn } from "../sending/columns";
import { positionOf, type Position } from "../sending/position";
import type {
  InboundAttachment,
  InboundAttachmentMeta,
  InboundAttachmentPage,
  InboundStorage,
  ReceivedEmail,
  ReceivedEmailListItem,
  ReceivedEmailPage,
} from "./api-schemas";
import { downloadLink, type DownloadTarget } from "./links";

/**
 * The read side of inbound mail: /v1/emails/receiving and the dashboard's Inbound page.
 * Every statement names the account: an id from another account reads as not found.
 */

/** A list request: our keyset `cursor`, or Resend's `after` / `before` (a received email's id). */
export interface InboundListOptions {
  limit: number;
  cursor?: string;
  after?: string;
  before?: string;
  /** The dashboard's search: a substring of the sender, subject or recipients (not on /v1). */
  search?: string;
}

/** Rows a search page reads at most (newest first): a page that reads this many ends there, with a cursor to go on. */
export const SEARCH_SCAN_ROWS = 5000;

const at = (us: string) => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
const columns = sql`id, status, mail_from, "from", "to", cc, bcc, reply_to, received_for, subject, message_id, created_at,
  (extract(epoch from created_at) * 1000000)::bigint::text as us`;
// The index is (account_id, created_at DESC, id DESC): ordering must say so to use it.
const newestFirst = sql`order by created_at desc, id desc`;

const encodePosition = (p: Position) => encodeCursor(JSON.stringify({ us: p.us, id: p.id }));

function decodePosition(cursor: string): Position {
  try {
    const p = JSON.parse(decodeCursor(cursor) ?? "") as Position;
    if (/^\d{1,18}$/.test(String(p.us)) && typeof p.id === "string") return { us: p.us, id: p.id };
  } catch {
    /* fall through */
  }
  throw validationError("cursor: not a cursor this list returned (use nextCursor as given, with the same search)");
}

const positionOfReceived = (accountId: string, field: "after" | "before", id: string) =>
  positionOf({ table: "inbound_emails", what: "received email" }, accountId, field, id);

/** The search's condition: a case-insensitive substring (strpos: no pattern language, linear). */
const matches = (needle: string): SQL =>
  sql`strpos(lower(coalesce("from", '') || ' ' || coalesce(subject, '') || ' ' || mail_from || ' ' || "to"::text || ' ' || received_for::text), ${needle.toLowerCase()}) > 0`;

/**
 * GET /v1/emails/receiving and the dashboard's list: newest first by (created_at, id) on the
 * account's index, keyset cursors. Resend's `after` starts below a message; `before` reads the
 * page just above one (nextCursor is then null: cursors only go older). A search reads at most
 * SEARCH_SCAN_ROWS rows per page, so a page may be short or empty while hasMore is true.
 */
export async function listInbound(accountId: string, opts: InboundListOptions): Promise<ReceivedEmailPage> {
  const given = (["cursor", "after", "before"] as const).filter((k) => opts[k] !== undefined);
  if (given.length > 1) throw validationError(`${given[1]}: give one of cursor, after and before`);
  const needle = opts.search?.trim() || null;
  const { rows } = await database();
  const take = opts.limit + 1;
  const c = opts.cursor
    ? decodePosition(opts.cursor)
    : opts.after !== undefined
      ? await positionOfReceived(accountId, "after", opts.after)
      : null;
  const upward = opts.before !== undefined ? await positionOfReceived(accountId, "before", opts.before) : null;
  const bound = c
    ? sql`and (created_at, id) < (${at(c.us)}, ${c.id})`
    : upward
      ? sql`and (created_at, id) > (${at(upward.us)}, ${upward.id})`
      : sql``;

  let page: Record<string, unknown>[];
  let hasMore: boolean;
  let resume: Record<string, unknown> | undefined;
  if (needle) {
    // Literal limits, as in the email list's tag scan: the plan reads the index in order whatever the values.
    const cap = sql.raw(String(SEARCH_SCAN_ROWS));
    const found = await rows<Record<string, unknown> & { hit: boolean; n: string }>(sql`
      select * from (
        select ${columns}, ${matches(needle)} as hit, row_number() over (${newestFirst}) as n
        from inbound_emails where account_id = ${accountId} ${bound} ${newestFirst} limit ${cap}
      ) s where hit or n = ${cap} order by n
      limit ${sql.raw(String(take))}`);
    const hits = found.filter((r) => r.hit);
    page = hits.slice(0, opts.limit);
    resume = hits.length > opts.limit ? page[page.length - 1] : found.find((r) => Number(r.n) === SEARCH_SCAN_ROWS);
    hasMore = resume !== undefined;
  } else {
    const dir = upward ? sql`asc` : sql`desc`;
    const found = await rows<Record<string, unknown>>(
      sql`select ${columns} from inbound_emails where account_id = ${accountId} ${bound} order by created_at ${dir}, id ${dir} limit ${take}`,
    );
    hasMore = found.length > opts.limit;
    page = found.slice(0, opts.limit);
    if (upward) page.reverse();
    resume = hasMore && !upward ? page[page.length - 1] : undefined;
  }
  const attachments = await attachmentsOf(
    accountId,
    page.map((r) => r.id as string),
  );
  return {
    object: "list",
    data: page.map((r) => toListItem(r, attachments.get(r.id as string) ?? [])),
    hasMore,
    has_more: hasMore,
    nextCursor: resume ? encodePosition({ us: String(resume.us), id: resume.id as string }) : null,
  };
}

/** Attachment metadata of these messages, in message order. */
async function attachmentsOf(accountId: string, ids: string[]): Promise<Map<string, InboundAttachmentMeta[]>> {
  const byEmail = new Map<string, InboundAttachmentMeta[]>();
  if (ids.length === 0) return byEmail;
  const found = await (
    await database()
  ).rows<Record<string, unknown>>(sql`
    select id, inbound_email_id, filename, content_type, content_disposition, content_id, size from inbound_attachments
    where account_id = ${accountId} and inbound_email_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id`);
  for (const r of found) {
    const list = byEmail.get(r.inbound_email_id as string) ?? [];
    list.push(toAttachmentMeta(r));
    byEmail.set(r.inbound_email_id as string, list);
  }
  return byEmail;
}

const iso = (v: unknown) => new Date(v as string).toISOString();

function toListItem(r: Record<string, unknown>, attachments: InboundAttachmentMeta[]): ReceivedEmailListItem {
  return {
    object: "email",
    id: r.id as string,
    status: r.status as ReceivedEmailListItem["status"],
    from: (r.from as string | null) ?? (r.mail_from as string),
    to: jsonColumn(r.to),
    cc: jsonColumn(r.cc),
    bcc: jsonColumn(r.bcc),
    reply_to: jsonColumn(r.reply_to),
    received_for: jsonColumn(r.received_for),
    subject: (r.subject as string | null) ?? "",
    message_id: (r.message_id as string | null) ?? "",
    created_at: iso(r.created_at),
    attachments,
  };
}

function toAttachmentMeta(r: Record<string, unknown>): InboundAttachmentMeta {
  return {
    id: r.id as string,
    filename: (r.filename as string | null) ?? null,
    content_type: r.content_type as string,
    content_disposition: r.content_disposition === "inline" ? "inline" : "attachment",
    content_id: (r.content_id as string | null) ?? null,
    size: Number(r.size),
  };
}

/** GET /v1/emails/receiving/{id}: the message with bodies, headers, attachments, a raw link and the verdicts. */
export async function getInbound(accountId: string, id: string): Promise<ReceivedEmail> {
  const [r] = await (
    await database()
  ).rows<Record<string, unknown>>(
    sql`select ${columns}, html, text, headers, auth, raw is not null as has_raw from inbound_emails where id = ${id} and account_id = ${accountId}`,
  );
  if (!r) throw notFound("Received email");
  const attachments = (await attachmentsOf(accountId, [id])).get(id) ?? [];
  const auth = jsonColumn<{ spf: string; dkim: string; dmarc: string; arc: string } | null>(r.auth);
  return {
    ...toListItem(r, attachments),
    html: (r.html as string | null) ?? null,
    text: (r.text as string | null) ?? null,
    headers: jsonColumn(r.headers),
    raw: r.has_raw ? downloadLink({ kind: "raw", accountId, inboundId: id }) : null,
    authentication: auth ? { spf: auth.spf, dkim: auth.dkim, dmarc: auth.dmarc, arc: auth.arc } : null,
  };
}

function withLink(accountId: string, inboundId: string, meta: InboundAttachmentMeta): InboundAttachment {
  return { object: "attachment", ...meta, ...downloadLink({ kind: "attachment", accountId, inboundId, attachmentId: meta.id }) };
}

/** GET /v1/emails/receiving/{id}/attachments: every attachment of the message (parsing caps their number), with links. */
export async function listInboundAttachments(accountId: string, id: string): Promise<InboundAttachmentPage> {
  const [exists] = await (await database()).rows(sql`select 1 from inbound_emails where id = ${id} and account_id = ${accountId}`);
  if (!exists) throw notFound("Received email");
  const attachments = (await attachmentsOf(accountId, [id])).get(id) ?? [];
  return { object: "list", data: attachments.map((a) => withLink(accountId, id, a)), has_more: false };
}

/** GET /v1/emails/receiving/{id}/attachments/{attachment_id}. */
export async function getInboundAttachment(accountId: string, id: string, attachmentId: string): Promise<InboundAttachment> {
  const [r] = await (
    await database()
  ).rows<Record<string, unknown>>(sql`
    select id, filename, content_type, content_disposition, content_id, size from inbound_attachments
    where id = ${attachmentId} and inbound_email_id = ${id} and account_id = ${accountId}`);
  if (!r) throw notFound("Attachment");
  return withLink(accountId, id, toAttachmentMeta(r));
}

/** The bytes a download link names, read within its account; null once they are gone (deleted, pruned). */
export async function readDownload(
  target: DownloadTarget,
): Promise<{ bytes: Buffer; contentType: string; filename: string | null } | null> {
  const { rows } = await database();
  if (target.kind === "raw") {
    const [r] = await rows<{ raw: Uint8Array | null }>(
      sql`select raw from inbound_emails where id = ${target.inboundId} and account_id = ${target.accountId}`,
    );
    return r?.raw ? { bytes: Buffer.from(r.raw), contentType: "message/rfc822", filename: `${target.inboundId}.eml` } : null;
  }
  const [r] = await rows<{ content: Uint8Array; content_type: string; filename: string | null }>(sql`
    select content, content_type, filename from inbound_attachments
    where id = ${target.attachmentId} and inbound_email_id = ${target.inboundId} and account_id = ${target.accountId}`);
  return r ? { bytes: Buffer.from(r.content), contentType: r.content_type, filename: r.filename } : null;
}

/** The account's stored inbound mail, for the usage page: messages and bytes (raw plus attachments). */
export async function inboundStorage(accountId: string): Promise<InboundStorage> {
  const [r] = await (
    await database()
  ).rows<{ count: string; bytes: string }>(sql`
    select (select count(*) from inbound_emails where account_id = ${accountId})::text as count,
      ((select coalesce(sum(size), 0) from inbound_emails where account_id = ${accountId})
        + (select coalesce(sum(a.size), 0) from inbound_emails e join inbound_attachments a on a.inbound_email_id = e.id
           where e.account_id = ${accountId}))::text as bytes`);
  return { count: Number(r.count), bytes: Number(r.bytes) };
}
