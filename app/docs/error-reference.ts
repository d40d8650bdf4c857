import type { ErrorType } from "@/server/errors";
import {
  MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS,
  MAX_BATCH_EMAILS,
  MAX_CURSOR_LENGTH,
  MAX_HEADER_BYTES,
  MAX_HEADER_NAME_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_HEADERS,
  MAX_LIVE_KEYS,
  MAX_MAILBOX_LENGTH,
  MAX_MANUAL_WEBHOOK_DELIVERIES,
  MAX_RECIPIENTS,
  MAX_SCHEDULED_AT_LENGTH,
  MAX_SEARCH_CHARS,
  MAX_SEARCH_TERMS,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_WEBHOOK_URL_LENGTH,
  SANDBOX_PER_DAY,
} from "@/server/limits/constants";

export interface ErrorDoc {
  title: string;
  statuses: string;
  summary: string;
  causes: string[];
  action: string[];
  retryAfter?: string;
}

/** The reference entry each error's `docs_url` points at. */
export const ERROR_DOCS: Record<ErrorType, ErrorDoc> = {
  validation_error: {
    title: "Validation error",
    statuses: "400, 413, 422 (and 409 when cancelling a message that has already left)",
    summary: "The request was understood but something in it is missing, malformed or too large.",
    causes: [
      `400: the body is not valid JSON, a required field is missing, a field has the wrong type or value, or a count limit is passed (more than ${MAX_RECIPIENTS} recipients, ${MAX_TAGS} tags, ${MAX_HEADERS} custom headers, ${MAX_BATCH_EMAILS} batch entries, or a search longer than ${MAX_SEARCH_CHARS} characters or ${MAX_SEARCH_TERMS} terms).`,
      `400: a field longer than its cap, checked before the field is read: scheduledAt or scheduled_at over ${MAX_SCHEDULED_AT_LENGTH} characters, an address field over ${MAX_MAILBOX_LENGTH}, a custom header's name over ${MAX_HEADER_NAME_LENGTH} or value over ${MAX_HEADER_VALUE_LENGTH} (all custom headers together over ${MAX_HEADER_BYTES} bytes), a tag's name or value over ${MAX_TAG_LENGTH}, a webhook URL over ${MAX_WEBHOOK_URL_LENGTH}, a cursor over ${MAX_CURSOR_LENGTH}. The message names the field and its cap.`,
      `400: creating an API key while the account holds ${MAX_LIVE_KEYS} live ones; a webhook URL that is not https on port 443 or points at a private host; an empty or unknown event list; enabling a webhook endpoint the plan has suspended.`,
      "413: the request body, an attachment or the whole message is larger than the server allows (10 MiB by default).",
      "409: DELETE /v1/emails/{id} (or Resend's POST /v1/emails/{id}/cancel) on a message that has already been dispatched; PATCH /v1/emails/{id} (reschedule) on a message no longer scheduled.",
      "400: a field of Resend's API that Posthaste cannot honour (for example topic_id, an attachment path, a domain region): the message names it.",
    ],
    action: [
      "Do not retry unchanged: the same request fails the same way.",
      'Read error.message: it names each offending field (for example "to.2: Invalid email address").',
      "Fix the request and send it again.",
    ],
  },
  authentication_error: {
    title: "Authentication error",
    statuses: "401, 403",
    summary: "The API key is missing, wrong, revoked, or not allowed to do this.",
    causes: [
      "401: no Authorization header, a header that is not `Bearer <key>`, an unknown key, or a revoked key.",
      "403: a send-only key called an endpoint that needs a full-access key (everything except POST /v1/emails and POST /v1/emails/batch).",
      "403: sending is paused for the account by the operator.",
    ],
    action: [
      "Send `Authorization: Bearer <API_KEY>` on every request.",
      "For 401, check the key in the dashboard under API keys; create a new one if it was revoked.",
      "For 403 on management endpoints, use a full-access key. For a paused account, contact the operator.",
    ],
  },
  domain_error: {
    title: "Domain error",
    statuses: "403 (send and domain create), 409 and 502 (domain create)",
    summary: "The sending domain cannot be used, or cannot be added.",
    causes: [
      "403 on send: the from address is on a domain that is not added, not verified, or not owned by this account, or the domain is suspended by a plan downgrade.",
      "403 on create: the name is reserved by the platform or blocked after an abuse suspension, or the plan's domain allowance is used up.",
      "409 on create: the domain is already on this account. (Another account's claim never blocks an add: whichever claim proves control of the name's DNS first holds it.)",
      "502 on create: the upstream mail provider could not set up the identity (it refused, or an earlier identity of the name is still being removed). This is transient.",
    ],
    action: [
      "Add the domain, publish the DNS records shown for it, and verify it before sending from it.",
      "Use the sandbox sender address to test without a domain.",
      "For 502, retry after a short wait: the reserved row was removed, so a retry starts clean.",
      "To add more domains, upgrade the plan or delete an unused domain.",
    ],
  },
  quota_exceeded: {
    title: "Quota exceeded",
    statuses: "429",
    summary: "The account has used its daily or monthly sending quota.",
    causes: [
      "The plan's daily cap is reached for the current UTC day.",
      "The month's count has passed the grace band above the plan's monthly limit (hard limit = monthly limit × 1.1).",
    ],
    action: [
      "Do not retry immediately: there is no Retry-After header on this error.",
      "For a daily cap, retry after UTC midnight; for the monthly quota, after the first day of next month (UTC).",
      "Check GET /v1/usage, and upgrade the plan if you regularly reach it.",
    ],
  },
  rate_limited: {
    title: "Rate limited",
    statuses: "429",
    summary: "Too many messages too fast, or a daily capacity cap was reached.",
    causes: [
      "The per-second send rate was exceeded (Free: 2 messages per second, burst 10; paid plans: 14 per second, burst 50). The bucket is metered per message: a batch of 50 spends 50 tokens.",
      `The test-mode daily cap (${SANDBOX_PER_DAY} sends a day from the sandbox sender) or another daily capacity guard (new-account ramp, review throttle) was reached.`,
      "Parallel bursts contend on the same counters and may be answered with Retry-After: 1.",
      `More than ${MAX_MANUAL_WEBHOOK_DELIVERIES} webhook test events and resends (POST /v1/webhooks/{id}/resend) to one endpoint within ${MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS} seconds.`,
    ],
    retryAfter:
      "Every rate_limited response carries a Retry-After header: integer seconds to wait. For the per-second rate it is the time until the bucket holds enough tokens for the next request; for a daily cap it is the seconds until UTC midnight.",
    action: [
      "Wait the number of seconds in Retry-After, then send the same request again.",
      "Spread sends out over time or use smaller batches to stay under the rate.",
    ],
  },
  deliverability_blocked: {
    title: "Deliverability blocked",
    statuses: "403",
    summary: "Sending is paused by the deliverability circuit breaker because too much recent mail bounced or drew complaints.",
    causes: ["Over the last 24 hours, with at least 100 sends, the bounce rate reached 10 % or the complaint rate reached 0.5 %."],
    action: [
      "Stop sending to addresses that bounce; check your lists and how recipients opted in.",
      "Sending resumes by itself once the rates fall back below the thresholds; retrying meanwhile does not help.",
    ],
  },
  account_pending_review: {
    title: "Account pending review",
    statuses: "403",
    summary: "The account is awaiting approval and the recipient is outside what a new account may reach.",
    causes: [
      "Until the operator approves an account, it may send only to addresses at its own verified domains, to the account's signup email and to the provider simulator addresses.",
      "In the dashboard: an owner invited a team member. Invitations are mail to an address the account chose, so they wait for approval too.",
    ],
    action: [
      "Send to an allowed recipient while you wait, or use test mode from the sandbox sender.",
      "Ask the operator to approve the account.",
    ],
  },
  sandbox_recipient: {
    title: "Sandbox recipient",
    statuses: "422",
    summary: "A test-mode send went to a recipient test mode cannot reach.",
    causes: [
      "The message is from the sandbox sender, a recipient is neither the account's signup email nor a simulator address, and the account has no signup email to rewrite it to.",
    ],
    action: [
      "In test mode, send to the simulator addresses (success@, bounce@, complaint@, ooto@, suppressionlist@ at simulator.amazonses.com) or to the account's email.",
      "To reach anyone else, add and verify a domain and send from it.",
    ],
  },
  suppressed_recipient: {
    title: "Suppressed recipient",
    statuses: "422",
    summary: "A recipient is on the account's suppression list.",
    causes: [
      "The address hard-bounced, complained, or was added by hand: these reasons block all mail.",
      "The address unsubscribed and the send is marked `bulk: true`: unsubscribe blocks bulk mail only.",
    ],
    action: [
      "error.message names each blocked address and its reason. Remove them from the request and send again.",
      "If an address was suppressed by mistake, remove it with DELETE /v1/suppressions/{address} or in the dashboard; it can receive mail again at once.",
    ],
  },
  not_found: {
    title: "Not found",
    statuses: "404",
    summary: "No such resource in this account, or no such route.",
    causes: [
      "The id does not exist, or belongs to another account: ids are scoped to the account of the key.",
      "The path or HTTP method is not served; the message lists the endpoints that are.",
    ],
    action: [
      "Check the id and that you use a key of the account that owns it.",
      "Check the path, its /v1 prefix and the method against the endpoint list.",
    ],
  },
  internal_error: {
    title: "Internal error",
    statuses: "500",
    summary: "Something unexpected went wrong on the server.",
    causes: ["A fault on the server, or (on GET /v1/emails) a page that could not be assembled completely."],
    action: [
      "Retry with exponential backoff (for example 1 s, 2 s, 4 s …).",
      "For the email list, a smaller limit does not help: retry, or narrow with status or search.",
      "If it persists, report it to the operator with the time of the request.",
    ],
  },
};
