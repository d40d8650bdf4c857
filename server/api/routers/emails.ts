import { z } from "zod";
import { sendBatch, sendEmail } from "../../sending/accept";
import { strictLimit } from "../../lib/pagination";
import { cancelEmail } from "../../sending/cancel";
import { getEmail } from "../../sending/get";
import { listEmails } from "../../sending/list";
import { sendRequestSchema, type SendRequest } from "../../sending/request";
import { BatchResult, CancelResult, EmailDetail, EmailPage, LIST_STATUSES, SendResult } from "../../sending/schemas";
import { withinSearchChars } from "../../sending/search";
import { MAX_BATCH_EMAILS, MAX_SEARCH_CHARS } from "../../limits/constants";
import { fullScopeProcedure, router, sendProcedure, type SendEndpoint } from "../trpc";

const send: SendEndpoint<SendRequest, SendResult> = {
  input: sendRequestSchema,
  run: (ctx, input) => sendEmail(ctx.account, input, ctx.header("idempotency-key") ?? null),
};

const BATCH_SIZE = `a batch holds 1 to ${MAX_BATCH_EMAILS} emails`;

const batch: SendEndpoint<{ emails: unknown[] }, BatchResult> = {
  input: z.object({
    emails: z
      .array(z.unknown(), { error: "the body must be a JSON array of send requests" })
      .min(1, BATCH_SIZE)
      .max(MAX_BATCH_EMAILS, BATCH_SIZE),
  }),
  run: (ctx, input) => sendBatch(ctx.account, input.emails),
};

const SEND_ERRORS = {
  413: "Body, attachment or message too large",
  422: "A recipient is suppressed (suppressed_recipient), or a test-mode recipient cannot be rewritten (sandbox_recipient)",
  429: "Quota exhausted (quota_exceeded) or rate or daily cap reached (rate_limited, with Retry-After)",
};

export const emailsRouter = router({
  send: sendProcedure
    .meta({
      openapi: { method: "POST", path: "/v1/emails", tags: ["Emails"], summary: "Send an email" },
      direct: send,
      errorStatuses: SEND_ERRORS,
    })
    .input(sendRequestSchema)
    .output(SendResult)
    .mutation(({ ctx, input }) => send.run(ctx, input)),

  batch: sendProcedure
    .meta({
      openapi: { method: "POST", path: "/v1/emails/batch", tags: ["Emails"], summary: `Send up to ${MAX_BATCH_EMAILS} emails` },
      arrayBody: "emails",
      arrayItemsFrom: "/v1/emails",
      direct: batch,
      errorStatuses: SEND_ERRORS,
    })
    .input(batch.input)
    .output(BatchResult)
    .mutation(({ ctx, input }) => batch.run(ctx, input)),

  list: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/emails", tags: ["Emails"], summary: "List and search emails" } })
    .input(
      z.object({
        cursor: z.string().optional(),
        limit: strictLimit,
        status: z.enum(LIST_STATUSES, { error: `must be one of ${LIST_STATUSES.join(", ")}` }).optional(),
        search: z.string().refine(withinSearchChars, `at most ${MAX_SEARCH_CHARS} characters`).optional(),
      }),
    )
    .output(EmailPage)
    .query(({ ctx, input }) => listEmails(ctx.account.id, input)),

  get: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/emails/{id}", tags: ["Emails"], summary: "Retrieve an email with its timeline" } })
    .input(z.object({ id: z.string() }))
    .output(EmailDetail)
    .query(({ ctx, input }) => getEmail(ctx.account.id, input.id)),

  cancel: fullScopeProcedure
    .meta({
      openapi: { method: "DELETE", path: "/v1/emails/{id}", tags: ["Emails"], summary: "Cancel a scheduled email" },
      errorStatuses: { 409: "The message was already dispatched" },
    })
    .input(z.object({ id: z.string() }))
    .output(CancelResult)
    .mutation(({ ctx, input }) => cancelEmail(ctx.account.id, input.id)),
});
