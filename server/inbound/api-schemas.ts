import { z } from "zod";

/**
 * The shapes of /v1/emails/receiving: Resend's received-email names (snake_case, ISO 8601
 * times) so its SDKs read them, plus `status` and `authentication`, which are ours.
 */

export const INBOUND_STATUSES = ["received", "parsed", "failed"] as const;

const isoTime = z.string().meta({ format: "date-time" });

export const DownloadLink = z
  .object({
    download_url: z
      .string()
      .meta({ format: "uri", description: "A signed link that serves the bytes without an API key, until `expires_at`" }),
    expires_at: isoTime,
  })
  .meta({ id: "DownloadLink", description: "A signed, expiring download link" });
export type DownloadLink = z.infer<typeof DownloadLink>;

export const InboundAttachmentMeta = z
  .object({
    id: z.string(),
    filename: z.string().nullable(),
    content_type: z.string(),
    content_disposition: z.enum(["attachment", "inline"]),
    content_id: z.string().nullable().meta({ description: "An inline part's Content-ID, referenced from the HTML as `cid:<content_id>`" }),
    size: z.number().int().meta({ description: "Bytes, decoded" }),
  })
  .meta({ id: "InboundAttachmentMeta", description: "An attachment or inline part of a received message" });
export type InboundAttachmentMeta = z.infer<typeof InboundAttachmentMeta>;

export const InboundAttachment = InboundAttachmentMeta.extend({ object: z.literal("attachment"), ...DownloadLink.shape }).meta({
  id: "InboundAttachment",
  description: "An attachment with a signed link to its bytes",
});
export type InboundAttachment = z.infer<typeof InboundAttachment>;

export const InboundAuthentication = z
  .object({
    spf: z.string(),
    dkim: z.string(),
    dmarc: z.string(),
    arc: z.string(),
  })
  .meta({
    id: "InboundAuthentication",
    description:
      "The sending host's SPF, DKIM, DMARC and ARC verdicts at our MX (`pass`, `fail`, `softfail`, `neutral`, `none`, `temperror`, `permerror`)",
  });

export const ReceivedEmailListItem = z
  .object({
    object: z.literal("email"),
    id: z.string(),
    status: z
      .enum(INBOUND_STATUSES)
      .meta({ description: "`received`: stored, being parsed; `parsed`; `failed`: not parseable (the raw message is kept)" }),
    from: z.string().meta({ description: "The From header (the envelope sender until parsed)" }),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    bcc: z.array(z.string()),
    reply_to: z.array(z.string()),
    received_for: z.array(z.string()).meta({ description: "The envelope recipients (RCPT TO) in this account" }),
    subject: z.string(),
    message_id: z.string(),
    created_at: isoTime,
    attachments: z.array(InboundAttachmentMeta),
  })
  .meta({ id: "ReceivedEmailListItem", description: "A received message without its bodies" });
export type ReceivedEmailListItem = z.infer<typeof ReceivedEmailListItem>;

export const ReceivedEmail = ReceivedEmailListItem.extend({
  html: z.string().nullable().meta({ description: "Untrusted: render only in a sandboxed frame" }),
  text: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  raw: DownloadLink.nullable().meta({ description: "The message as received (message/rfc822)" }),
  authentication: InboundAuthentication.nullable(),
}).meta({ id: "ReceivedEmail", description: "A received message with its bodies, headers, attachments and authentication results" });
export type ReceivedEmail = z.infer<typeof ReceivedEmail>;

export const ReceivedEmailPage = z
  .object({
    object: z.literal("list"),
    data: z.array(ReceivedEmailListItem),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
    has_more: z.boolean(),
  })
  .meta({
    id: "ReceivedEmailList",
    description: "Newest first; follow `nextCursor` (or Resend's `after` with the last id) while `has_more`",
  });
export type ReceivedEmailPage = z.infer<typeof ReceivedEmailPage>;

export const InboundAttachmentPage = z
  .object({ object: z.literal("list"), data: z.array(InboundAttachment), has_more: z.boolean() })
  .meta({ id: "InboundAttachmentList", description: "A received message's attachments, in the order of the message" });
export type InboundAttachmentPage = z.infer<typeof InboundAttachmentPage>;

export const InboundStorage = z.object({ count: z.number().int(), bytes: z.number().int() }).meta({ id: "InboundStorage" });
export type InboundStorage = z.infer<typeof InboundStorage>;
