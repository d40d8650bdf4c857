import { and, eq } from "drizzle-orm";
import { database } from "../db/client";
import { templateVersions } from "../db/schema";
import { parseMailbox, type Mailbox } from "../lib/email-address";
import { processShared } from "../lib/process-shared";
import { compileTemplate, type CompiledTemplate } from "./render";

/** A published version made ready to render: compiled once per process. */
export interface SendableVersion {
  accountId: string;
  versionId: string;
  compiled: CompiledTemplate;
  /** Its sender and reply-to, parsed once (they were checked at create). */
  from: Mailbox | null;
  replyTo: Mailbox[];
  /** A stored address that does not parse: a send naming the version is refused with it. */
  addressError: string | null;
}

// Versions never change after insert, so an entry is never stale: the cache is bounded by
// the sources' total length (a version may hold 2 MB) and drops the least recently used.
const MAX_CACHED_CHARS = 8_000_000;
const cache = processShared("templateVersions", () => ({
  entries: new Map<string, { version: SendableVersion; chars: number }>(),
  chars: 0,
}));

function remember(version: SendableVersion, chars: number): void {
  cache.entries.set(version.versionId, { version, chars });
  cache.chars += chars;
  for (const [id, entry] of cache.entries) {
    if (cache.chars <= MAX_CACHED_CHARS || cache.entries.size === 1) break;
    cache.entries.delete(id);
    cache.chars -= entry.chars;
  }
}

/**
 * The version `versionId` of `accountId` (null if the account has none by that id), read and
 * compiled once per process: the accept path (a send naming a template) and dispatch (a
 * message that stores its values) both render from it.
 */
export async function sendableVersion(accountId: string, versionId: string): Promise<SendableVersion | null> {
  const hit = cache.entries.get(versionId);
  if (hit) {
    if (hit.version.accountId !== accountId) return null;
    cache.entries.delete(versionId);
    cache.entries.set(versionId, hit);
    return hit.version;
  }
  const { db } = await database();
  const [row] = await db
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.id, versionId), eq(templateVersions.accountId, accountId)))
    .limit(1);
  if (!row) return null;
  let addressError: string | null = null;
  const mailbox = (text: string): Mailbox | null => {
    const parsed = parseMailbox(text);
    if (parsed.ok) return parsed.value;
    addressError ??= `template: its stored address ${text} is not valid: it ${parsed.reason}`;
    return null;
  };
  const from = row.from === null ? null : mailbox(row.from);
  const replyTo = (row.replyTo ?? []).map(mailbox).filter((m): m is Mailbox => m !== null);
  const version: SendableVersion = {
    accountId,
    versionId,
    // Checked at publish; compiled here once.
    compiled: compileTemplate({ subject: row.subject, html: row.html, text: row.text }, row.variables ?? []),
    from,
    replyTo,
    addressError,
  };
  remember(version, row.html.length + (row.text?.length ?? 0) + (row.subject?.length ?? 0));
  return version;
}
