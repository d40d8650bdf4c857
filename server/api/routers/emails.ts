import { z } from "zod";
import { sendBatch, sendEmail } from "../../sending/accept";
import { strictLimit } from "../../lib/pagination";
import { cancelEmail } from "../../sending/cancel";
import { getEmail } from "../../sending/get";
import { LIST_STATUSES, listEmails } from "../../sending/list";
import { sendRequestSchema, type SendRequest } from "../../sending/request";
import { MAX_SEARCH_CHARS, withinSearchChars } from "../../sending/search";
import { fullScopeProcedure, router, sendProcedure, type SendEndpoint } from "../trpc";

const tag = z.object({ name: z.string(), value: z.string() });
const errorObject = z.object({ type: z.string(), message: z.string(), docs_url: z.string() });

const emailListItem = z.object({
  id: z.string(),
  status: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  createdAt: z.number().int(),
  sentAt: z.number().int().nullable(),
  tags: z.array(tag),
});

/** GET /v1/emails/{id}: the list item plus the spec's EmailStatus fields and DESIGN's additions. */
const emailStatus = emailListItem.extend({
  sesMessageId: z.string().nullable(),
  error: z.string().nullable(),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  replyTo: z.array(z.string()),
  scheduledAt: z.number().int().nullable(),
  timeline: z.array(z.object({ type: z.string(), at: z.number().int(), detail: z.string().nullable() })),
});

const send: SendEndpoint<SendRequest, { id: string }> = {
  input: sendRequestSchema,
  run: (ctx, input) => sendEmail(ctx.account, input, ctx.header("idempotency-key") ?? null),
};

const batch: SendEndpoint<{ emails: unknown[] }, Awaited<ReturnType<typeof sendBatch>>> = {
  input: z.object({
    emails: z.array(z.unknown(), { error: "the body must be a JSON array of send requests" })
      .min(1, "a batch holds 1 to 100 emails")
      .max(100, "a batch holds 1 to 100 emails"),
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
    .meta({ openapi: { method: "POST", path: "/v1/emails", tags: ["Emails"], summary: "Send an email" }, direct: send, errorStatuses: SEND_ERRORS })
    .input(sendRequestSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => send.run(ctx, input)),

  batch: sendProcedure
    .meta({ openapi: { method: "POST", path: "/v1/emails/batch", tags: ["Emails"], summary: "Send up to 100 emails" }, arrayBody: "emails", arrayItemsFrom: "/v1/emails", direct: batch, errorStatuses: SEND_ERRORS })
    .input(batch.input)
    .output(z.object({
      data: z.array(z.union([z.object({ id: z.string() }), z.object({ error: errorObject })])),
      summary: z.object({ total: z.number().int(), succeeded: z.number().int(), failed: z.number().int() }),
    }))
    .mutation(({ ctx, input }) => batch.run(ctx, input)),

  list: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/emails", tags: ["Emails"], summary: "List and search emails" } })
    .input(z.object({
      cursor: z.string().optional(),
      limit: strictLimit,
      status: z.enum(LIST_STATUSES, { error: `must be one of ${LIST_STATUSES.join(", ")}` }).optional(),
      search: z.string().refine(withinSearchChars, `at most ${MAX_SEARCH_CHARS} characters`).optional(),
    }))
    .output(z.object({ data: z.array(emailListItem), hasMore: z.boolean(), nextCursor: z.string().nullable() }))
    .query(({ ctx, input }) => listEmails(ctx.account.id, input)),

  get: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/emails/{id}", tags: ["Emails"], summary: "Retrieve an email with its timeline" } })
    .input(z.object({ id: z.string() }))
    .output(emailStatus)
    .query(({ ctx, input }) => getEmail(ctx.account.id, input.id)),

  cancel: fullScopeProcedure
    .meta({ openapi: { method: "DELETE", path: "/v1/emails/{id}", tags: ["Emails"], summary: "Cancel a scheduled email" }, errorStatuses: { 409: "The message was already dispatched" } })
    .input(z.object({ id: z.string() }))
    .output(z.object({ id: z.string(), canceled: z.boolean() }))
    .mutation(({ ctx, input }) => cancelEmail(ctx.account.id, input.id)),
});
