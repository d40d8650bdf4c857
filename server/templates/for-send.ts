import { and, eq, inArray, or } from "drizzle-orm";
import { database } from "../db/client";
import { templates } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { isUuid } from "../lib/ids";
import type { Mailbox } from "../lib/email-address";
import type { CompiledTemplate } from "./render";
import { sendableVersion } from "./versions";

/** A published version ready to render: compiled once, used for every message that names it. */
export interface SendableTemplate {
  templateId: string;
  versionId: string;
  compiled: CompiledTemplate;
  from: Mailbox | null;
  replyTo: Mailbox[];
}

/**
 * The published versions the given ids or aliases name, looked up only in `accountId`
 * (another account's id or alias is not found), in one read however many messages use
 * them; each version's content read and compiled once per process (versions.ts). Each ref
 * maps to its template, or to the error a message naming it gets: 404 when there is none,
 * 422 naming a template never published.
 */
export async function templatesForSend(accountId: string, refs: string[]): Promise<Map<string, SendableTemplate | ApiError>> {
  const out = new Map<string, SendableTemplate | ApiError>();
  const unique = [...new Set(refs)];
  if (!unique.length) return out;
  const ids = unique.filter(isUuid);
  const aliases = unique.filter((r) => !isUuid(r));
  const { db } = await database();
  const rows = await db
    .select({ id: templates.id, alias: templates.alias, name: templates.name, versionId: templates.publishedVersionId })
    .from(templates)
    .where(
      and(
        eq(templates.accountId, accountId),
        or(
          ...[ids.length ? inArray(templates.id, ids) : undefined, aliases.length ? inArray(templates.alias, aliases) : undefined].filter(
            (c) => c !== undefined,
          ),
        ),
      ),
    );
  for (const r of rows) {
    const version = r.versionId === null ? null : await sendableVersion(accountId, r.versionId);
    const value: SendableTemplate | ApiError =
      version === null
        ? new ApiError("validation_error", 422, `template: ${r.alias ?? r.id} ("${r.name}") is a draft; publish it to send with it`)
        : version.addressError !== null
          ? new ApiError("validation_error", 422, version.addressError)
          : { templateId: r.id, versionId: version.versionId, compiled: version.compiled, from: version.from, replyTo: version.replyTo };
    out.set(r.id, value);
    if (r.alias) out.set(r.alias, value);
  }
  for (const r of unique) if (!out.has(r)) out.set(r, notFound(`Template ${r.slice(0, 100)}`));
  return out;
}
