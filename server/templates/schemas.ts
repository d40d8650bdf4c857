import { z } from "zod";
import { parseMailbox } from "../lib/email-address";
import { MAX_SUBJECT_LENGTH, MAX_TEMPLATE_NAME_LENGTH, MAX_TEMPLATE_SOURCE_LENGTH, MAX_TEMPLATE_VARIABLES } from "../limits/constants";

/** The shapes of /v1/templates, Resend's (snake_case, ISO 8601 times) so its SDKs read them. */

export const TEMPLATE_STATUSES = ["draft", "published"] as const;

const VariableType = z.enum(["string", "number"], { error: "type must be string or number" });

export const TemplateVariableSchema = z
  .object({
    key: z.string(),
    type: VariableType,
    fallback_value: z.union([z.string(), z.number()]).nullable(),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "TemplateVariable", description: "A declared `{{{key}}}` variable; `fallback_value` is used when a send omits it" });

export const Template = z
  .object({
    object: z.literal("template"),
    id: z.string(),
    name: z.string(),
    alias: z.string().nullable(),
    subject: z.string().nullable(),
    html: z.string(),
    text: z.string().nullable(),
    from: z.string().nullable(),
    reply_to: z.array(z.string()).nullable(),
    variables: z.array(TemplateVariableSchema),
    status: z.enum(TEMPLATE_STATUSES).meta({ description: "`published` once a version was published (it sends); `draft` before" }),
    published_at: z.string().meta({ format: "date-time" }).nullable(),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
    has_unpublished_versions: z
      .boolean()
      .meta({ description: "The working copy was edited since the last publish; sends use the published version" }),
    current_version_id: z.string().nullable().meta({ description: "The published version that sends; null until the first publish" }),
  })
  .meta({ id: "Template", description: "A stored template's working copy and publishing state" });
export type Template = z.infer<typeof Template>;

export const TemplateListItem = Template.pick({
  id: true,
  name: true,
  alias: true,
  status: true,
  published_at: true,
  created_at: true,
  updated_at: true,
}).meta({ id: "TemplateListItem" });
export type TemplateListItem = z.infer<typeof TemplateListItem>;

export const TemplatePage = z
  .object({
    object: z.literal("list"),
    data: z.array(TemplateListItem),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
    has_more: z.boolean(),
  })
  .meta({
    id: "TemplateList",
    description: "Newest first; follow `nextCursor` (or Resend's `after` with the last id) until `hasMore` is false",
  });
export type TemplatePage = z.infer<typeof TemplatePage>;

export const TemplateRef = z.object({ object: z.literal("template"), id: z.string() }).meta({ id: "TemplateRef" });
export type TemplateRef = z.infer<typeof TemplateRef>;

export const TemplateDeleted = z
  .object({ object: z.literal("template"), id: z.string(), deleted: z.boolean() })
  .meta({ id: "DeletedTemplate" });
export type TemplateDeleted = z.infer<typeof TemplateDeleted>;

export const TemplateVersion = z
  .object({
    id: z.string(),
    number: z.number().int(),
    name: z.string(),
    subject: z.string().nullable(),
    html: z.string(),
    text: z.string().nullable(),
    from: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "TemplateVersion" });
export type TemplateVersion = z.infer<typeof TemplateVersion>;

const ALIAS = /^[A-Za-z0-9._-]+$/;
const mailboxText = (field: string) =>
  z.string().transform((value, ctx) => {
    const parsed = parseMailbox(value);
    if (parsed.ok) return parsed.value.text;
    ctx.addIssue({ code: "custom", message: `${field}: invalid email address: it ${parsed.reason}` });
    return z.NEVER;
  });

const variableInput = z.object({
  key: z.string({ error: "key is required" }),
  type: VariableType,
  fallback_value: z.union([z.string(), z.number()]).nullish(),
  fallbackValue: z.union([z.string(), z.number()]).nullish(),
});

/** Fields a create sets and an update may change; null clears an optional one. */
const fields = {
  name: z.string({ error: "name is required" }).min(1, "name is required").max(MAX_TEMPLATE_NAME_LENGTH),
  alias: z
    .string()
    .min(1)
    .max(MAX_TEMPLATE_NAME_LENGTH)
    .regex(ALIAS, "alias may hold ASCII letters, digits, '.', '_' and '-'")
    .nullish()
    .describe("A name to send and look the template up by, unique in the account"),
  subject: z.string().max(MAX_SUBJECT_LENGTH, `subject is longer than ${MAX_SUBJECT_LENGTH} characters`).nullish(),
  html: z.string({ error: "html is required" }).max(MAX_TEMPLATE_SOURCE_LENGTH),
  text: z.string().max(MAX_TEMPLATE_SOURCE_LENGTH).nullish(),
  from: mailboxText("from").nullish(),
  reply_to: z.union([mailboxText("reply_to"), z.array(mailboxText("reply_to"))]).nullish(),
  replyTo: z.union([mailboxText("replyTo"), z.array(mailboxText("replyTo"))]).nullish(),
  variables: z.array(variableInput).max(MAX_TEMPLATE_VARIABLES, `at most ${MAX_TEMPLATE_VARIABLES} variables`).nullish(),
};

export const NewTemplateRequest = z.object(fields).meta({ id: "NewTemplate" });
export type NewTemplateRequest = z.infer<typeof NewTemplateRequest>;

export const TemplateChangesRequest = z
  .object({ ...fields, name: fields.name.optional(), html: fields.html.optional() })
  .meta({ id: "TemplateChanges" });
export type TemplateChangesRequest = z.infer<typeof TemplateChangesRequest>;
