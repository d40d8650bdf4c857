import { z } from "zod";
import {
  createTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  listVersions,
  publishTemplate,
  removeTemplate,
  updateTemplate,
} from "../../templates/templates";
import {
  NewTemplateRequest,
  Template,
  TemplateChangesRequest,
  TemplateDeleted,
  TemplatePage,
  TemplateRef,
  TemplateVersion,
} from "../../templates/schemas";
import { MAX_TEMPLATE_VARIABLES } from "../../limits/constants";
import { EXAMPLE_IDS, TEMPLATE, TEMPLATE_REQUEST } from "../examples";
import { fullScopeProcedure, router, sendProcedure } from "../trpc";
import { sendTest } from "../../templates/send-test";

const tags = ["Templates"];
const idOrAlias = z.object({ id: z.string().max(200).meta({ description: "The template's id or alias" }) });
const RULES = `422 validation_error: a placeholder \`{{{KEY}}}\` that is not a declared variable, a reserved or malformed key, more than ${MAX_TEMPLATE_VARIABLES} variables, a fallback of the wrong type or too long (the message names it)`;
const refExample = { object: "template", id: EXAMPLE_IDS.template };

export const templatesRouter = router({
  create: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/templates",
        tags,
        summary: "Create a template",
        description:
          "Stores a draft template: `html` (and optional `subject` and `text`) with `{{{KEY}}}` placeholders, each declared in `variables`. It sends once published (`POST /v1/templates/{id}/publish`). Values are HTML-escaped in `html` and inserted verbatim in `subject` and `text`.",
      },
      successStatus: 201,
      docs: {
        errors: { 409: "validation_error: another template of the account has this alias", 422: RULES },
        requestExample: TEMPLATE_REQUEST,
        example: refExample,
      },
    })
    .input(NewTemplateRequest)
    .output(TemplateRef)
    .mutation(({ ctx, input }) => createTemplate(ctx.account.id, input)),

  list: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/templates",
        tags,
        summary: "List templates",
        description:
          "Newest first. `limit` is clamped to 1 to 100 (default 50); follow `nextCursor`, or Resend's `after` with the last id, while `hasMore`.",
      },
      docs: {
        example: {
          object: "list",
          data: [
            {
              id: TEMPLATE.id,
              name: TEMPLATE.name,
              alias: TEMPLATE.alias,
              status: TEMPLATE.status,
              published_at: TEMPLATE.published_at,
              created_at: TEMPLATE.created_at,
              updated_at: TEMPLATE.updated_at,
            },
          ],
          hasMore: false,
          nextCursor: null,
          has_more: false,
        },
      },
    })
    .input(
      z.object({
        limit: z.string().meta({ description: "Page size, clamped to 1 to 100 (default 50)" }).optional(),
        cursor: z.string().meta({ description: "The previous page's `nextCursor`" }).optional(),
        after: z.string().meta({ description: "Resend's paging: the templates older than this template id" }).optional(),
      }),
    )
    .output(TemplatePage)
    .query(({ ctx, input }) => listTemplates(ctx.account.id, input)),

  get: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/templates/{id}",
        tags,
        summary: "Retrieve a template",
        description: "By id or alias: the working copy and its publishing state.",
      },
      docs: { example: TEMPLATE },
    })
    .input(idOrAlias)
    .output(Template)
    .query(({ ctx, input }) => getTemplate(ctx.account.id, input.id)),

  update: fullScopeProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/v1/templates/{id}",
        tags,
        summary: "Update a template",
        description:
          "Changes the fields given (null clears an optional one). A published template keeps sending its published version; the change waits (`has_unpublished_versions`) until the next publish.",
      },
      docs: {
        errors: { 409: "validation_error: another template of the account has this alias", 422: RULES },
        requestExample: { subject: "Receipt for order {{{ORDER}}}" },
        example: refExample,
      },
    })
    .input(z.object({ ...idOrAlias.shape, ...TemplateChangesRequest.shape }))
    .output(TemplateRef)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateTemplate(ctx.account.id, id, changes);
    }),

  remove: fullScopeProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/v1/templates/{id}",
        tags,
        summary: "Delete a template",
        description:
          "Deletes the template: sends naming it are refused from then on. Messages already sent with it keep their `template_id` and still leave as rendered (the versions they name are kept).",
      },
      docs: { example: { ...refExample, deleted: true } },
    })
    .input(idOrAlias)
    .output(TemplateDeleted)
    .mutation(({ ctx, input }) => removeTemplate(ctx.account.id, input.id)),

  publish: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/templates/{id}/publish",
        tags,
        summary: "Publish a template",
        description: "Stores the working copy as a new immutable version; sends use it from now on.",
      },
      docs: { errors: { 422: RULES }, example: refExample },
    })
    .input(idOrAlias)
    .output(TemplateRef)
    .mutation(({ ctx, input }) => publishTemplate(ctx.account.id, input.id)),

  duplicate: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/templates/{id}/duplicate",
        tags,
        summary: "Duplicate a template",
        description: "A new draft with the working copy's content and variables, named `<name> (copy)`, without an alias.",
      },
      docs: { example: refExample },
    })
    .input(idOrAlias)
    .output(TemplateRef)
    .mutation(({ ctx, input }) => duplicateTemplate(ctx.account.id, input.id)),

  /** Dashboard only: the published versions, newest first. */
  versions: fullScopeProcedure
    .input(idOrAlias)
    .output(z.array(TemplateVersion))
    .query(({ ctx, input }) => listVersions(ctx.account.id, input.id)),

  /** Dashboard only: the working copy rendered and sent to the account's own address. */
  sendTest: sendProcedure
    .input(z.object({ ...idOrAlias.shape, variables: z.record(z.string(), z.union([z.string(), z.number()])).default({}) }))
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => sendTest(ctx.account, input.id, input.variables)),
});
