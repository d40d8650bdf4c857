import { z } from "zod";
import { pagingField, strictLimit } from "../../lib/pagination";
import { MAX_ID_LENGTH } from "../../limits/constants";
import { InboundAttachment, InboundAttachmentPage, ReceivedEmail, ReceivedEmailPage } from "../../inbound/api-schemas";
import { getInbound, getInboundAttachment, listInbound, listInboundAttachments } from "../../inbound/read";
import { RECEIVED_EMAIL, RECEIVED_EMAIL_ATTACHMENT } from "../examples";
import { fullScopeProcedure, router } from "../trpc";

const tags = ["Receiving"];
const id = z.string().max(MAX_ID_LENGTH).meta({ description: "The received email's id" });
const LINKS = "Links are signed, need no API key and expire after an hour (`expires_at`); fetch again for fresh ones.";
const { html: _html, text: _text, headers: _headers, raw: _raw, authentication: _auth, ...RECEIVED_LIST_ITEM } = RECEIVED_EMAIL;

/** Received mail (Resend's /emails/receiving). Declared before /v1/emails/{id} in root.ts, so its literal path wins. */
export const inboundRouter = router({
  list: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/emails/receiving",
        tags,
        summary: "List received emails",
        description:
          "Messages received at the MX for this account's receiving domains, newest first, without bodies. Follow `nextCursor`, or Resend's `after` with the last id, while `has_more`; `before` reads the page above an id.",
      },
      docs: {
        example: { object: "list", data: [RECEIVED_LIST_ITEM], hasMore: false, nextCursor: null, has_more: false },
      },
    })
    .input(
      z.object({
        cursor: pagingField.meta({ description: "The previous page's `nextCursor`" }).optional(),
        after: pagingField.meta({ description: "Resend's paging: the page of messages older than this id" }).optional(),
        before: pagingField.meta({ description: "Resend's paging: the page of messages newer than this id" }).optional(),
        limit: strictLimit.meta({ description: "Page size, 1 to 100 (out of range is 400)" }),
      }),
    )
    .output(ReceivedEmailPage)
    .query(({ ctx, input }) => listInbound(ctx.account.id, input)),

  get: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/emails/receiving/{id}",
        tags,
        summary: "Retrieve a received email",
        description: `The parsed message: bodies (\`html\` is untrusted: render it only sandboxed), headers, attachments, the SPF, DKIM, DMARC and ARC verdicts, and \`raw\`, a link to the message as received. Inline images stay \`cid:\` references (\`html_format=cid\`). ${LINKS}`,
      },
      docs: { example: RECEIVED_EMAIL },
    })
    .input(z.object({ id }))
    .output(ReceivedEmail)
    .query(({ ctx, input }) => getInbound(ctx.account.id, input.id)),

  attachments: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/emails/receiving/{id}/attachments",
        tags,
        summary: "List a received email's attachments",
        description: `Every attachment and inline part, in the message's order, each with a download link. ${LINKS}`,
      },
      docs: { example: { object: "list", data: [RECEIVED_EMAIL_ATTACHMENT], has_more: false } },
    })
    .input(z.object({ id }))
    .output(InboundAttachmentPage)
    .query(({ ctx, input }) => listInboundAttachments(ctx.account.id, input.id)),

  attachment: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/emails/receiving/{id}/attachments/{attachment_id}",
        tags,
        summary: "Retrieve a received email's attachment",
        description: `One attachment's metadata and download link. ${LINKS}`,
      },
      docs: { example: RECEIVED_EMAIL_ATTACHMENT },
    })
    .input(z.object({ id, attachment_id: z.string().max(MAX_ID_LENGTH).meta({ description: "The attachment's id" }) }))
    .output(InboundAttachment)
    .query(({ ctx, input }) => getInboundAttachment(ctx.account.id, input.id, input.attachment_id)),
});
