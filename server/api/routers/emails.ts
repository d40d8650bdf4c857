import { z } from "zod";
import { sendBatch, sendEmail } from "../../sending/accept";
import { pagingField, strictLimit } from "../../lib/pagination";
import { cancelEmail } from "../../sending/cancel";
import { getEmail } from "../../sending/get";
import { listEmails } from "../../sending/list";
import { idempotencyHeader, scheduledAtField, sendRequestSchema, type SendRequest } from "../../sending/request";
import { BatchResult, CancelResult, EmailDetail, EmailPage, LIST_STATUSES, RescheduleResult, SendResult } from "../../sending/schemas";
import { rescheduleEmail } from "../../sending/reschedule";
import { withinSearchChars } from "../../sending/search";
import { validationError } from "../../errors";
import { MAX_BATCH_EMAILS, MAX_SEARCH_CHARS } from "../../limits/constants";
import { EMAIL, EMAIL_LIST_ITEM, EXAMPLE_IDS, SEND_REQUEST } from "../examples";
import { fullScopeProcedure, router, sendProcedure, type SendEndpoint } from "../trpc";

const send: SendEndpoint<SendRequest, SendResult> = {
  input: sendRequestSchema,
  run: (ctx, input) => sendEmail(ctx.account, input, idempotencyHeader(ctx.header("idempotency-key"))),
};

/** Resend's `x-batch-validation` header: `permissive` is our batch; `strict` refuses the whole batch on one bad entry. */
function batchValidation(value: string | undefined): boolean {
  if (value === undefined || value === "permissive") return false;
  if (value === "strict") return true;
  throw validationError("x-batch-validation: must be strict or permissive");
}

const BATCH_SIZE = `a batch holds 1 to ${MAX_BATCH_EMAILS} emails`;

const batch: SendEndpoint<{ emails: unknown[] }, BatchResult> = {
  input: z.object({
    emails: z
      .array(z.unknown(), { error: "the body must be a JSON array of send requests" })
      .min(1, BATCH_SIZE)
      .max(MAX_BATCH_EMAILS, BATCH_SIZE)
      // Entries are validated one by one (sendBatch); the document shows what each must be.
      .meta({ override: { type: "array", minItems: 1, maxItems: MAX_BATCH_EMAILS, items: { $ref: "#/components/schemas/SendRequest" } } }),
  }),
  run: (ctx, input) =>
    sendBatch(ctx.account, input.emails, {
      strict: batchValidation(ctx.header("x-batch-validation")),
      idempotencyKey: idempotencyHeader(ctx.header("idempotency-key")),
    }),
};

const SEND_ERRORS = {
  403: "authentication_error: sending is paused for the account. domain_error: the from domain is not verified, not this account's, or suspended by the plan. deliverability_blocked: bounce or complaint rates paused sending. account_pending_review: the account awaits approval and a recipient is outside its own domains",
  404: "not_found: `template.id` names no template (id or alias) of this account",
  413: "validation_error: the body, an attachment or the message is too large",
  422: "suppressed_recipient: a recipient is on the suppression list (the message names each). sandbox_recipient: a test-mode recipient cannot be rewritten to the signup email. validation_error: the template is a draft, or a variable is missing (without a fallback), undeclared, of the wrong type or too long (the message names it)",
  429: "quota_exceeded: the daily or monthly quota is used (no Retry-After). rate_limited: the send rate, the test-mode daily cap or the capacity guard (Retry-After: seconds)",
};

/** Cancelling is one operation at two addresses: ours (DELETE) and Resend's (POST …/cancel). */
function cancelProcedure(method: "DELETE" | "POST", path: `/v1/${string}`, summary: string, description: string) {
  return fullScopeProcedure
    .meta({
      openapi: { method, path, tags: ["Emails"], summary, description },
      docs: {
        errors: {
          409: "validation_error: the message was already dispatched or canceled",
          429: "rate_limited: too many requests (Retry-After: seconds)",
        },
        example: { id: EXAMPLE_IDS.email, canceled: true },
      },
    })
    .input(z.object({ id: z.string() }))
    .output(CancelResult)
    .mutation(({ ctx, input }) => cancelEmail(ctx.account.id, input.id));
}

export const emailsRouter = router({
  send: sendProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/emails",
        tags: ["Emails"],
        summary: "Send an email",
        description:
          "Accepts one message and returns its id at once; delivery is asynchronous (poll the email or receive webhook events). Sending from the sandbox sender is test mode. `scheduledAt` books it for later. `template: { id, variables }` renders a published template (by id or alias) instead of `html`/`text`; its `from`, `subject` and `reply_to` apply unless given. A repeated idempotency key (the `Idempotency-Key` header or the body's `idempotency_key`) returns the first message's id and sends nothing again.",
      },
      direct: send,
      docs: {
        errors: SEND_ERRORS,
        body: "SendRequest",
        requestExample: SEND_REQUEST,
        example: { id: EXAMPLE_IDS.email },
        idempotencyKey:
          "A repeated key (per account, kept at least 24 h) returns the first message's id and sends nothing again; the same as the body's `idempotency_key` (both given must agree).",
      },
    })
    .input(sendRequestSchema)
    .output(SendResult)
    .mutation(({ ctx, input }) => send.run(ctx, input)),

  batch: sendProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/emails/batch",
        tags: ["Emails"],
        summary: `Send up to ${MAX_BATCH_EMAILS} emails`,
        description: `A JSON array of 1 to ${MAX_BATCH_EMAILS} send requests. Each entry is validated and queued on its own: the answer is 200 whenever the request as a whole is accepted, with each entry's id or error in input order, so read \`summary.failed\`. \`x-batch-validation: strict\` (Resend's SDK sends it by default) instead refuses the whole batch with the first entry failing validation or the account rules, before anything is stored. A repeated \`Idempotency-Key\` answers with the first batch's ids and sends nothing again. The send rate is spent per message.`,
      },
      arrayBody: "emails",
      direct: batch,
      docs: {
        errors: SEND_ERRORS,
        idempotencyKey: `Keys the whole batch: entry i is stored under the key \`<header>[i]\`, so a repeated batch (per account, kept at least 24 h) answers with the first batch's ids, entry by entry, and sends nothing again. An entry may not also carry its own \`idempotency_key\` (400).`,
        requestExample: [SEND_REQUEST, { ...SEND_REQUEST, to: ["not an address"] }],
        example: {
          data: [
            { id: EXAMPLE_IDS.email },
            {
              error: {
                type: "validation_error",
                message: "to[0]: invalid email address: it has no @",
                docs_url: "https://mail.example.com/docs/errors/validation_error",
              },
            },
          ],
          summary: { total: 2, succeeded: 1, failed: 1 },
          errors: [{ index: 1, message: "to[0]: invalid email address: it has no @" }],
        },
      },
    })
    .input(batch.input)
    .output(BatchResult)
    .mutation(({ ctx, input }) => batch.run(ctx, input)),

  list: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/emails",
        tags: ["Emails"],
        summary: "List and search emails",
        description:
          "Newest first, or by relevance with `search`. Follow `nextCursor` until it is null: a page may be empty while `hasMore` is true. `status=queued` includes messages mid-dispatch.",
      },
      docs: {
        errors: { 500: "internal_error: a page could not be assembled completely; retry, or narrow with status or search" },
        example: { data: [EMAIL_LIST_ITEM], hasMore: false, nextCursor: null, has_more: false },
      },
    })
    .input(
      z.object({
        cursor: pagingField.meta({ description: "The previous page's `nextCursor`" }).optional(),
        after: pagingField.meta({ description: "Resend's paging: the page of emails older than this email id" }).optional(),
        before: pagingField.meta({ description: "Resend's paging: the page of emails newer than this email id" }).optional(),
        limit: strictLimit.meta({ description: "Page size, 1 to 100 (out of range is 400)" }),
        status: z
          .enum(LIST_STATUSES, { error: `must be one of ${LIST_STATUSES.join(", ")}` })
          .meta({ description: "Only messages in this status" })
          .optional(),
        search: z
          .string()
          .refine(withinSearchChars, `at most ${MAX_SEARCH_CHARS} characters`)
          .meta({ description: `Full-text search, at most ${MAX_SEARCH_CHARS} characters and 16 terms; results in relevance order` })
          .optional(),
      }),
    )
    .output(EmailPage)
    .query(({ ctx, input }) => listEmails(ctx.account.id, input)),

  get: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/emails/{id}",
        tags: ["Emails"],
        summary: "Retrieve an email with its timeline",
        description: "The message's status, fields and delivery timeline (oldest first).",
      },
      docs: { example: EMAIL },
    })
    .input(z.object({ id: z.string() }))
    .output(EmailDetail)
    .query(({ ctx, input }) => getEmail(ctx.account.id, input.id)),

  cancel: cancelProcedure(
    "DELETE",
    "/v1/emails/{id}",
    "Cancel a scheduled email",
    "Cancels a message still scheduled; nothing is charged to quota. Decided by the message's stored status.",
  ),

  cancelAlias: cancelProcedure(
    "POST",
    "/v1/emails/{id}/cancel",
    "Cancel a scheduled email (Resend's route)",
    "Resend's route for the same operation as `DELETE /v1/emails/{id}`: cancels a message still scheduled.",
  ),

  reschedule: fullScopeProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/v1/emails/{id}",
        tags: ["Emails"],
        summary: "Reschedule a scheduled email",
        description:
          'Moves a message that is still scheduled to a new time (`scheduledAt`: ISO 8601 or Unix ms; or Resend\'s `scheduled_at`, which also takes a phrase such as "in 1 hour", read in UTC). A time that has passed dispatches it now.',
      },
      docs: {
        errors: { 409: "validation_error: the message is no longer scheduled" },
        requestExample: { scheduledAt: "2030-01-01T09:00:00Z" },
        example: { id: EXAMPLE_IDS.email, scheduledAt: 1893488400000 },
      },
    })
    .input(
      z
        .object({
          id: z.string(),
          scheduledAt: scheduledAtField.nullish().describe("ISO 8601 or Unix ms"),
          scheduled_at: scheduledAtField.nullish().describe('Resend\'s name: also a phrase such as "in 1 hour" (UTC)'),
        })
        .refine((v) => v.scheduledAt != null || v.scheduled_at != null, { message: "scheduledAt is required", path: ["scheduledAt"] }),
    )
    .output(RescheduleResult)
    .mutation(({ ctx, input }) => rescheduleEmail(ctx.account.id, input.id, input)),
});
