import { and, desc, eq, lt, max } from "drizzle-orm";
import { agreed } from "../lib/request-fields";
import { database } from "../db/client";
import { pgCode } from "../db/pg-code";
import { templates, templateVersions } from "../db/schema";
import { ApiError, notFound, validationError } from "../errors";
import { isUuid, newId } from "../lib/ids";
import { clampedLimit, decodeCursor, encodeCursor } from "../lib/pagination";
import { compileTemplate, TemplateRuleError, type TemplateVariable } from "./render";
import type {
  NewTemplateRequest,
  Template,
  TemplateChangesRequest,
  TemplateDeleted,
  TemplatePage,
  TemplateRef,
  TemplateVersion,
} from "./schemas";

type Row = typeof templates.$inferSelect;

const ref = (id: string): TemplateRef => ({ object: "template", id });

/** A template's rules broken (undeclared placeholder, reserved key, …): 422 naming it. */
function ruled<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof TemplateRuleError) throw validationError(err.message, 422);
    throw err;
  }
}

/** The id-or-alias condition, always inside the account: an id is a UUID, anything else an alias. */
export function whereRef(accountId: string, idOrAlias: string) {
  return and(eq(templates.accountId, accountId), isUuid(idOrAlias) ? eq(templates.id, idOrAlias) : eq(templates.alias, idOrAlias));
}

async function loadOrThrow(accountId: string, idOrAlias: string): Promise<Row> {
  const { db } = await database();
  const [row] = await db.select().from(templates).where(whereRef(accountId, idOrAlias)).limit(1);
  if (!row) throw notFound("Template");
  return row;
}

function asList(value: string | string[] | null | undefined): string[] | null | undefined {
  return value === undefined || value === null ? value : typeof value === "string" ? [value] : value;
}

function variablesOf(input: NewTemplateRequest["variables"]): TemplateVariable[] | undefined {
  if (input === undefined || input === null) return input === null ? [] : undefined;
  return input.map((v, i) => ({
    key: v.key,
    type: v.type,
    fallback_value:
      agreed([
        [`variables[${i}].fallback_value`, v.fallback_value],
        [`variables[${i}].fallbackValue`, v.fallbackValue],
      ]) ?? null,
  }));
}

function aliasTaken(err: unknown): never {
  if (pgCode(err) === "23505") throw new ApiError("validation_error", 409, "alias: another template of this account already uses it");
  throw err;
}

export function toTemplate(row: Row): Template {
  const created = row.createdAt.toISOString();
  const updated = row.updatedAt.toISOString();
  return {
    object: "template",
    id: row.id,
    name: row.name,
    alias: row.alias,
    subject: row.subject,
    html: row.html,
    text: row.text,
    from: row.from,
    reply_to: row.replyTo.length ? row.replyTo : null,
    variables: row.variables.map((v) => ({ ...v, created_at: created, updated_at: updated })),
    status: row.publishedVersionId ? "published" : "draft",
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: created,
    updated_at: updated,
    has_unpublished_versions: row.hasUnpublishedChanges,
    current_version_id: row.publishedVersionId,
  };
}

/** POST /v1/templates: a draft; it sends once published. */
export async function createTemplate(accountId: string, input: NewTemplateRequest): Promise<TemplateRef> {
  const variables = variablesOf(input.variables) ?? [];
  const replyTo = agreed(
    [
      ["reply_to", asList(input.reply_to)],
      ["replyTo", asList(input.replyTo)],
    ],
    { key: (l) => JSON.stringify(l) },
  );
  ruled(() => compileTemplate({ subject: input.subject ?? null, html: input.html, text: input.text ?? null }, variables));
  const { db } = await database();
  const id = newId();
  await db
    .insert(templates)
    .values({
      id,
      accountId,
      name: input.name,
      alias: input.alias ?? null,
      subject: input.subject ?? null,
      html: input.html,
      text: input.text ?? null,
      from: input.from ?? null,
      replyTo: replyTo ?? [],
      variables,
    })
    .catch(aliasTaken);
  return ref(id);
}

export async function getTemplate(accountId: string, idOrAlias: string): Promise<Template> {
  return toTemplate(await loadOrThrow(accountId, idOrAlias));
}

/** Newest first (ids are time-ordered). `cursor` is ours, `after` Resend's (the last id seen). */
export async function listTemplates(
  accountId: string,
  opts: { limit?: string | null; cursor?: string | null; after?: string | null },
): Promise<TemplatePage> {
  const limit = clampedLimit(opts.limit);
  let after: string | null = opts.after ?? null;
  if (opts.cursor) {
    after = decodeCursor(opts.cursor);
    if (after === null) throw validationError("cursor is not valid");
  }
  if (after !== null && !isUuid(after)) throw validationError("after: must be a template id");
  const { db } = await database();
  const rows = await db
    .select()
    .from(templates)
    .where(after === null ? eq(templates.accountId, accountId) : and(eq(templates.accountId, accountId), lt(templates.id, after)))
    .orderBy(desc(templates.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    object: "list",
    data: page.map((r) => {
      const t = toTemplate(r);
      return {
        id: t.id,
        name: t.name,
        alias: t.alias,
        status: t.status,
        published_at: t.published_at,
        created_at: t.created_at,
        updated_at: t.updated_at,
      };
    }),
    hasMore,
    has_more: hasMore,
    nextCursor: hasMore ? encodeCursor(page[page.length - 1].id) : null,
  };
}

/**
 * PATCH /v1/templates/{id}: changes the working copy. A published template keeps sending
 * its published version; the edit waits as unpublished changes until the next publish.
 */
export async function updateTemplate(accountId: string, idOrAlias: string, changes: TemplateChangesRequest): Promise<TemplateRef> {
  const { db } = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(templates).where(whereRef(accountId, idOrAlias)).for("update").limit(1);
    if (!row) throw notFound("Template");
    const replyTo = agreed(
      [
        ["reply_to", asList(changes.reply_to)],
        ["replyTo", asList(changes.replyTo)],
      ],
      { key: (l) => JSON.stringify(l) },
    );
    const next = {
      name: changes.name ?? row.name,
      alias: changes.alias === undefined ? row.alias : changes.alias,
      subject: changes.subject === undefined ? row.subject : changes.subject,
      html: changes.html ?? row.html,
      text: changes.text === undefined ? row.text : changes.text,
      from: changes.from === undefined ? row.from : changes.from,
      replyTo: changes.reply_to === null || changes.replyTo === null ? [] : (replyTo ?? row.replyTo),
      variables: variablesOf(changes.variables) ?? row.variables,
    };
    ruled(() => compileTemplate({ subject: next.subject, html: next.html, text: next.text }, next.variables));
    await tx
      .update(templates)
      .set({ ...next, hasUnpublishedChanges: row.publishedVersionId !== null, updatedAt: new Date() })
      .where(eq(templates.id, row.id))
      .catch(aliasTaken);
    return ref(row.id);
  });
}

export async function removeTemplate(accountId: string, idOrAlias: string): Promise<TemplateDeleted> {
  const { db } = await database();
  const [row] = await db.delete(templates).where(whereRef(accountId, idOrAlias)).returning({ id: templates.id });
  if (!row) throw notFound("Template");
  return { object: "template", id: row.id, deleted: true };
}

/** POST /v1/templates/{id}/publish: the working copy becomes a new immutable version, the one that sends. */
export async function publishTemplate(accountId: string, idOrAlias: string): Promise<TemplateRef> {
  const { db } = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(templates).where(whereRef(accountId, idOrAlias)).for("update").limit(1);
    if (!row) throw notFound("Template");
    ruled(() => compileTemplate({ subject: row.subject, html: row.html, text: row.text }, row.variables));
    const [{ last }] = await tx
      .select({ last: max(templateVersions.number) })
      .from(templateVersions)
      .where(eq(templateVersions.templateId, row.id));
    const versionId = newId();
    const now = new Date();
    await tx.insert(templateVersions).values({
      id: versionId,
      templateId: row.id,
      accountId,
      number: (last ?? 0) + 1,
      name: row.name,
      subject: row.subject,
      html: row.html,
      text: row.text,
      from: row.from,
      replyTo: row.replyTo,
      variables: row.variables,
      createdAt: now,
    });
    await tx
      .update(templates)
      .set({ publishedVersionId: versionId, publishedAt: now, hasUnpublishedChanges: false, updatedAt: now })
      .where(eq(templates.id, row.id));
    return ref(row.id);
  });
}

/** POST /v1/templates/{id}/duplicate: a new draft with the working copy's content, without the alias. */
export async function duplicateTemplate(accountId: string, idOrAlias: string): Promise<TemplateRef> {
  const row = await loadOrThrow(accountId, idOrAlias);
  const { db } = await database();
  const id = newId();
  await db.insert(templates).values({
    id,
    accountId,
    name: `${row.name} (copy)`.slice(0, 200),
    alias: null,
    subject: row.subject,
    html: row.html,
    text: row.text,
    from: row.from,
    replyTo: row.replyTo,
    variables: row.variables,
  });
  return ref(id);
}

/** The published versions, newest first (the dashboard's history). */
export async function listVersions(accountId: string, idOrAlias: string): Promise<TemplateVersion[]> {
  const row = await loadOrThrow(accountId, idOrAlias);
  const { db } = await database();
  const versions = await db
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.templateId, row.id), eq(templateVersions.accountId, accountId)))
    .orderBy(desc(templateVersions.number))
    .limit(100);
  return versions.map((v) => ({
    id: v.id,
    number: v.number,
    name: v.name,
    subject: v.subject,
    html: v.html,
    text: v.text,
    from: v.from,
    created_at: v.createdAt.toISOString(),
  }));
}
