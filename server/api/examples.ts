import type { EventType } from "../events/types";

/**
 * Example bodies for the OpenAPI document, one per resource; the operations' `docs`
 * metas use them, and the tests check each against its schema.
 */

const T = 1767225600000; // 2026-01-01T00:00:00Z in Unix ms

export const EXAMPLE_IDS = {
  email: "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
  domain: "0194f5c2-7a1e-7c3b-9d2e-6c9a2b3d4e5f",
  apiKey: "0194f5c2-7a1e-7c3b-9d2e-7dab3c4e5f60",
  webhook: "0194f5c2-7a1e-7c3b-9d2e-8ebc4d5f6071",
  event: "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
  delivery: "0194f5c2-7a1e-7c3b-9d2e-a0de6f718293",
  attempt: "0194f5c2-7a1e-7c3b-9d2e-b1ef708192a4",
  template: "0194f5c2-7a1e-7c3b-9d2e-c2f0819203b5",
  templateVersion: "0194f5c2-7a1e-7c3b-9d2e-d301920314c6",
  receivedEmail: "0194f5c2-7a1e-7c3b-9d2e-e4120a3425d7",
  receivedAttachment: "0194f5c2-7a1e-7c3b-9d2e-f5231b4536e8",
};

/** An email.received payload's data (Resend's metadata shape). */
const INBOUND_EVENT_DATA = {
  email_id: EXAMPLE_IDS.receivedEmail,
  created_at: "2026-01-01T00:00:02.000Z",
  from: "Ada Lovelace <ada@example.com>",
  to: ["support@inbound.acme.example"],
  cc: [],
  bcc: [],
  received_for: ["support+1234@inbound.acme.example"],
  message_id: "<CAFx1234@mail.example.com>",
  subject: "Re: order 1234",
  attachments: [
    {
      id: EXAMPLE_IDS.receivedAttachment,
      filename: "receipt.pdf",
      content_type: "application/pdf",
      content_disposition: "attachment",
      content_id: null,
    },
  ],
};

export const SEND_REQUEST = {
  from: "Acme <billing@acme.example>",
  to: ["ada@example.com"],
  subject: "Your receipt",
  html: "<p>Thanks for your order.</p>",
  text: "Thanks for your order.",
  tags: [{ name: "category", value: "receipt" }],
};

export const EMAIL_LIST_ITEM = {
  id: EXAMPLE_IDS.email,
  status: "delivered",
  from: "Acme <billing@acme.example>",
  to: ["ada@example.com"],
  subject: "Your receipt",
  createdAt: T,
  sentAt: T + 1200,
  tags: [{ name: "category", value: "receipt" }],
  source: "api",
};

export const EMAIL = {
  ...EMAIL_LIST_ITEM,
  sesMessageId: null,
  error: null,
  cc: [],
  bcc: [],
  replyTo: [],
  scheduledAt: null,
  template_id: null,
  template_version_id: null,
  timeline: [
    { type: "queued", at: T, detail: null },
    { type: "sent", at: T + 1200, detail: null },
    { type: "delivered", at: T + 2900, detail: "250 2.0.0 OK" },
  ],
};

export const DOMAIN = {
  id: EXAMPLE_IDS.domain,
  name: "acme.example",
  status: "pending",
  verifiedAt: null,
  createdAt: T,
  dnsCheckedAt: null,
  dnsHost: "Cloudflare",
  dnsRecords: [
    {
      type: "TXT",
      name: "_posthaste-verification.acme.example",
      value: "posthaste-verification=3f9c1e0a7b6d4c2e8f1a5b9d0c7e6f42",
      found: null,
      observed: null,
      record: "Verification",
    },
    {
      type: "TXT",
      name: "posthaste._domainkey.acme.example",
      value: "v=DKIM1; k=rsa; p=MIIBIjANBg…",
      found: null,
      observed: null,
      record: "DKIM",
    },
    {
      type: "TXT",
      name: "bounces.acme.example",
      value: "v=spf1 include:_spf.posthaste.example ~all",
      found: null,
      observed: null,
      record: "SPF",
    },
    {
      type: "MX",
      name: "bounces.acme.example",
      value: "feedback-smtp.posthaste.example",
      found: null,
      observed: null,
      record: "SPF",
      priority: 10,
    },
  ],
  recommendedRecords: [
    { type: "TXT", name: "_dmarc.acme.example", value: "v=DMARC1; p=none;", found: null, observed: null, record: "DMARC" },
  ],
  failureReason: null,
  dnsRegressedAt: null,
  suspendedAt: null,
  trackEngagement: true,
  capabilities: { sending: "enabled", receiving: "disabled" },
  receivingVerifiedAt: null,
};

/** The record receiving adds (capabilities.receiving: "enabled"). */
export const DOMAIN_RECEIVING_RECORD = {
  type: "MX",
  name: "acme.example",
  value: "posthaste.example",
  found: null,
  observed: null,
  record: "Receiving",
  priority: 10,
};

/** A plaintext key as creation shows it once; API_KEY's last4 are its last four characters. */
export const NEW_KEY = "ph_3q2-7wXkV1m0sZr8bT4yJc6nHdLfAeGu9oKiPjQx9Qz";

export const API_KEY = { id: EXAMPLE_IDS.apiKey, name: "production", last4: "x9Qz", scope: "full", createdAt: T, lastUsedAt: T + 60000 };

export const WEBHOOK_ENDPOINT = {
  id: EXAMPLE_IDS.webhook,
  url: "https://hooks.acme.example/posthaste",
  events: ["email.delivered", "email.bounced"],
  enabled: true,
  status: "enabled",
  description: "Delivery outcomes",
  consecutiveFailures: 0,
  lastAttemptAt: null,
  lastResponseStatus: null,
  lastError: null,
  suspendedByPlan: false,
  autoDisabledAt: null,
  includeContent: false,
};

/** A secret in the form issued: `whsec_` + base64 of 32 bytes (the document's pattern checks it). */
export const SECRET = "whsec_ggzbjbFsk034pvMRKNJiUbrvcqjigECDe0R20yIgzfM=";

export const USAGE = {
  plan: "pro",
  month: { count: 1204, limit: 50000 },
  day: { count: 87, limit: null },
  domains: { count: 2, limit: 10, suspended: 0 },
  webhooks: { count: 1, limit: 10, suspended: 0 },
};

export const ATTEMPT = {
  id: EXAMPLE_IDS.attempt,
  deliveryId: EXAMPLE_IDS.delivery,
  eventId: EXAMPLE_IDS.event,
  eventType: "email.delivered",
  attempt: 1,
  at: T,
  durationMs: 84,
  responseStatus: 200,
  error: null,
  responseBodyHead: "ok",
  deliveryStatus: "succeeded",
};

/** The body POSTed for an event of `type`. */
export function eventExample(type: EventType) {
  const email = { email_id: EXAMPLE_IDS.email, from: EMAIL.from, to: EMAIL.to, subject: EMAIL.subject, tags: EMAIL.tags };
  const data =
    type === "email.received"
      ? INBOUND_EVENT_DATA
      : type === "quota.exceeded"
        ? { month_count: 50001, month_limit: 50000, hard_limit: 55000 }
        : type === "email.bounced" || type === "email.complained"
          ? { ...email, recipient: "ada@example.com", reason: type === "email.bounced" ? "550 5.1.1 user unknown" : "abuse" }
          : type === "email.opened"
            ? { ...email, open: { timestamp: "2026-01-01T00:00:03.000Z", userAgent: "Mozilla/5.0", ipAddress: null } }
            : type === "email.clicked"
              ? {
                  ...email,
                  click: {
                    timestamp: "2026-01-01T00:00:03.000Z",
                    userAgent: "Mozilla/5.0",
                    ipAddress: null,
                    link: "https://acme.example/order/1234",
                  },
                }
              : email;
  return { id: EXAMPLE_IDS.event, type, created_at: "2026-01-01T00:00:03.000Z", data };
}

export const TEMPLATE_REQUEST = {
  name: "Receipt",
  alias: "receipt",
  from: "Acme <billing@acme.example>",
  subject: "Your receipt for order {{{ORDER}}}",
  html: "<p>Thanks, {{{NAME}}}: order {{{ORDER}}} is paid.</p>",
  text: "Thanks, {{{NAME}}}: order {{{ORDER}}} is paid.",
  variables: [
    { key: "NAME", type: "string", fallback_value: "there" },
    { key: "ORDER", type: "string", fallback_value: null },
  ],
};

const TEMPLATE_AT = "2026-01-01T00:00:00.000Z";
export const TEMPLATE = {
  object: "template",
  id: EXAMPLE_IDS.template,
  ...TEMPLATE_REQUEST,
  reply_to: null,
  variables: TEMPLATE_REQUEST.variables.map((v) => ({ ...v, created_at: TEMPLATE_AT, updated_at: TEMPLATE_AT })),
  status: "published",
  published_at: TEMPLATE_AT,
  created_at: TEMPLATE_AT,
  updated_at: TEMPLATE_AT,
  has_unpublished_versions: false,
  current_version_id: EXAMPLE_IDS.templateVersion,
};

const RECEIVED_AT = "2026-01-01T00:00:00.000Z";
const LINK_EXPIRES = "2026-01-01T01:00:00.000Z";
const ATTACHMENT_META = {
  id: EXAMPLE_IDS.receivedAttachment,
  filename: "invoice.pdf",
  content_type: "application/pdf",
  content_disposition: "attachment",
  content_id: null,
  size: 48213,
};

export const RECEIVED_EMAIL_ATTACHMENT = {
  object: "attachment",
  ...ATTACHMENT_META,
  download_url: "https://mail.example.com/downloads/eyJrIjoiYSJ9.c2lnbmF0dXJl",
  expires_at: LINK_EXPIRES,
};

export const RECEIVED_EMAIL = {
  object: "email",
  id: EXAMPLE_IDS.receivedEmail,
  status: "parsed",
  from: "Ada Lovelace <ada@example.com>",
  to: ["support@in.acme.example"],
  cc: [],
  bcc: [],
  reply_to: [],
  received_for: ["support@in.acme.example"],
  subject: "Re: Your receipt",
  message_id: "<CAF1x2y3@mail.example.com>",
  created_at: RECEIVED_AT,
  attachments: [ATTACHMENT_META],
  html: "<p>Thanks, the invoice is attached.</p>",
  text: "Thanks, the invoice is attached.",
  headers: { "message-id": "<CAF1x2y3@mail.example.com>", subject: "Re: Your receipt" },
  raw: { download_url: "https://mail.example.com/downloads/eyJrIjoiciJ9.c2lnbmF0dXJl", expires_at: LINK_EXPIRES },
  authentication: { spf: "pass", dkim: "pass", dmarc: "pass", arc: "none" },
};
