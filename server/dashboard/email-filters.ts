import { z } from "zod";
import { pagingField, strictLimit } from "../lib/pagination";
import { MAX_SEARCH_CHARS, MAX_TAG_LENGTH } from "../limits/constants";
import type { ListFilters, ListOptions } from "../sending/list";
import { LIST_STATUSES } from "../sending/schemas";
import { withinSearchChars } from "../sending/search";

const DAY_MS = 86_400_000;

/** A UTC day, YYYY-MM-DD, that exists (2026-02-30 does not); years 2000 to 2999. */
const day = z
  .string()
  .max(10)
  .regex(/^2\d{3}-\d{2}-\d{2}$/, "must be a day, YYYY-MM-DD")
  .refine((v) => {
    const t = Date.parse(`${v}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v;
  }, "is not a day in the calendar");

/**
 * The dashboard's email list: GET /v1/emails's status, search and paging, plus the days a
 * message was created in (UTC, both included) and one tag (exact name and value).
 */
export const DashboardEmailsInput = z
  .object({
    cursor: pagingField.optional(),
    limit: strictLimit,
    status: z.enum(LIST_STATUSES).optional(),
    search: z.string().refine(withinSearchChars, `at most ${MAX_SEARCH_CHARS} characters`).optional(),
    from: day.optional(),
    to: day.optional(),
    tag: z
      .object({
        name: z.string().min(1, "tag name is required").max(MAX_TAG_LENGTH),
        value: z.string().max(MAX_TAG_LENGTH),
      })
      .optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "must not be before from", path: ["to"] });
export type DashboardEmailsInput = z.infer<typeof DashboardEmailsInput>;

/** The list's options for server/sending/list.ts: days become a created_at range [from 00:00, the day after to). */
export function listOptions(input: DashboardEmailsInput): ListOptions {
  const filters: ListFilters = {};
  if (input.from) filters.createdFrom = new Date(`${input.from}T00:00:00Z`);
  if (input.to) filters.createdBefore = new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS);
  if (input.tag) filters.tag = input.tag;
  return { limit: input.limit, cursor: input.cursor, status: input.status, search: input.search, filters };
}

/** The list page's tag box, "name=value" (split at the first `=`): the tag, or why it is not one. */
export function parseTagFilter(text: string): { name: string; value: string } | { error: string } {
  const at = text.indexOf("=");
  const name = at < 0 ? "" : text.slice(0, at).trim();
  if (!name) return { error: "Tag: write it as name=value." };
  return { name, value: text.slice(at + 1).trim() };
}
