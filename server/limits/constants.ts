/**
 * The fixed limits of the public API and the dashboard, each defined once: the rule that
 * enforces it, its error message, the dashboard's form attributes and the error reference
 * pages all read it here. No imports: client components include this file.
 * (Plan allowances are in accounts/plans.ts; operator settings in config.ts.)
 */

/** Recipients of one message, across to, cc and bcc. */
export const MAX_RECIPIENTS = 50;
export const MAX_TAGS = 10;
/** Characters of a tag's name and of its value. */
export const MAX_TAG_LENGTH = 256;
/** Custom headers of one message. */
export const MAX_HEADERS = 10;
/** Characters of a custom header's name. */
export const MAX_HEADER_NAME_LENGTH = 100;
/** Characters of a custom header's value: a header line's length (RFC 5322, 2.1.1) is the guide. */
export const MAX_HEADER_VALUE_LENGTH = 998;
/** UTF-8 bytes of all custom headers of one message together, names and values. */
export const MAX_HEADER_BYTES = 8192;
/** A subject longer than a header line (RFC 5322) cannot be sent. */
export const MAX_SUBJECT_LENGTH = 998;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;
/**
 * Characters of a `scheduledAt` / `scheduled_at` string, checked before it is read: the
 * natural-language reader (chrono) is quadratic in its input (300 KB held the event loop
 * for 4 s), and an ISO 8601 time or a phrase such as "next friday at 9:30am" needs far less.
 */
export const MAX_SCHEDULED_AT_LENGTH = 100;
/** Characters of one address field (a mailbox, with its display name) before it is parsed. */
export const MAX_MAILBOX_LENGTH = 512;
/** Entries of one POST /v1/emails/batch. */
export const MAX_BATCH_EMAILS = 100;

/** The spec's search bounds on GET /v1/emails: characters (code points) and terms. */
export const MAX_SEARCH_CHARS = 512;
export const MAX_SEARCH_TERMS = 16;
/** Characters of a list's paging field (`cursor`, and Resend's `after`/`before` ids) before it is decoded. */
export const MAX_CURSOR_LENGTH = 1000;

/** Sends per UTC day from the sandbox sender (docs/design.md: test mode). */
export const SANDBOX_PER_DAY = 20;

/** Addresses of one POST /v1/suppressions/bulk. */
export const MAX_SUPPRESSION_BULK = 100;

/** Live (unrevoked) API keys per account. */
export const MAX_LIVE_KEYS = 50;
export const MAX_KEY_NAME_LENGTH = 100;

/** Characters of a webhook endpoint's description. */
export const MAX_WEBHOOK_DESCRIPTION = 500;
/** Characters of a webhook endpoint's URL (the common practical limit of URLs). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** Entries of a webhook endpoint's `events`, and characters of each (the longest type is 22). */
export const MAX_WEBHOOK_EVENTS = 32;
export const MAX_EVENT_TYPE_LENGTH = 64;

/** A domain name's length in DNS (RFC 1035). */
export const MAX_DOMAIN_NAME_LENGTH = 253;

/**
 * Characters of the dashboard's other free-text fields (an invitation's or an address
 * change's email, a password being checked, the typed confirmation of an account's
 * deletion), refused before anything reads them; the rules then apply their own limits.
 */
export const MAX_FORM_FIELD_LENGTH = 1000;

/** Characters of an id a dashboard-only procedure takes (a UUID has 36). */
export const MAX_ID_LENGTH = 64;

/** Dashboard passwords, in characters. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

/** Members of one account plus its pending invitations. */
export const MAX_TEAM_SIZE = 50;

/**
 * Test events and resends ("manual deliveries") to one webhook endpoint per window, shared by
 * every process (counted in the database): each makes the service POST to a URL the tenant
 * chose, so they are not free to repeat at will.
 */
export const MAX_MANUAL_WEBHOOK_DELIVERIES = 10;
export const MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS = 60;
/** Stored templates (issue 30, Resend's rules): declared variables per template. */
export const MAX_TEMPLATE_VARIABLES = 50;
/** Characters of a template variable's key (ASCII letters, digits and `_`). */
export const MAX_TEMPLATE_KEY_LENGTH = 50;
/** Characters of one string variable value, at send and as a fallback. */
export const MAX_TEMPLATE_VALUE_LENGTH = 2000;
/** Characters of a template's name and of its alias. */
export const MAX_TEMPLATE_NAME_LENGTH = 200;
/** Characters of a template's html and of its text, each (the rendered message is then held to MAX_MESSAGE_BYTES). */
export const MAX_TEMPLATE_SOURCE_LENGTH = 1_000_000;
/** Variable names a template may not declare (Resend reserves them for contacts and unsubscribe links). */
export const RESERVED_TEMPLATE_KEYS = ["FIRST_NAME", "LAST_NAME", "EMAIL", "UNSUBSCRIBE_URL", "RESEND_UNSUBSCRIBE_URL", "contact", "this"];
/** SMTP submission (server/smtp): connections one client address may hold open at once, per listener process. */
export const SMTP_CONNECTIONS_PER_CLIENT = 50;
/** SMTP commands a connection may send before AUTH (EHLO, STARTTLS, NOOP, …); then it is closed. */
export const SMTP_COMMANDS_BEFORE_AUTH = 10;
/**
 * Lines a submitted message may have. postal-mime keeps each body line as a piece of a Blob,
 * and Node 20's Blob costs tens of microseconds a piece (synchronously, on the event loop): a
 * 10 MB message of empty lines took minutes of CPU. A 10 MB message of 76-character base64
 * lines, the most real mail of that size has, is about 135,000 lines.
 */
export const SMTP_MAX_MESSAGE_LINES = 200_000;
/** Seconds an SMTP connection may stay silent before it is closed. */
export const SMTP_IDLE_SECONDS = 60;
/** The MX listener (server/inbound): connections one client address may hold open at once, per listener process. */
export const MX_CONNECTIONS_PER_CLIENT = 50;
/** Recipients one inbound message may name (RFC 5321 requires accepting at least 100); more get 452. */
export const MX_RECIPIENTS_PER_MESSAGE = 100;
/** Refused recipients one MX connection may try before it is closed (address harvesting). */
export const MX_REFUSED_RECIPIENTS_PER_CONNECTION = 20;
/**
 * Flow control at the MX (Postfix's in_flow_delay, per tenant): past this many of one
 * account's stored messages waiting to be parsed, an RCPT TO for that account waits for its
 * backlog to fall back (server/inbound/flow.ts). About half a second of parsing on two
 * cores: the time from the 250 to email.received stays bounded when one account's mail
 * arrives faster than it is parsed, and mail for every other account goes on unheld.
 */
export const MX_FLOW_BACKLOG = 256;
/** Past this many stored messages waiting in all (every account), every RCPT TO waits: the machine is parsing flat out. */
export const MX_FLOW_TOTAL_BACKLOG = 1024;
/** The longest one message's recipients wait for the parse backlog, in all; then it is taken anyway (it is stored, never lost). */
export const MX_FLOW_WAIT_MS = 2_000;
/** Seconds an MX connection may last in all, however busy (a client trickling bytes never holds a slot for ever). */
export const MX_SESSION_SECONDS = 900;
/** Parsing an inbound message (server/inbound/parse.ts): MIME nesting depth; deeper fails the parse, the raw is kept. */
export const INBOUND_MAX_NESTING_DEPTH = 20;
/** Bytes of headers across every MIME part; more fails the parse, the raw is kept. */
export const INBOUND_MAX_HEADER_BYTES = 256 * 1024;
/** Attachments (and inline parts) stored per inbound message; the rest are dropped and the truncation recorded. */
export const INBOUND_MAX_ATTACHMENTS = 100;
/** Characters of the parsed text and of the parsed html, each; past it they are cut and the truncation recorded. */
export const INBOUND_MAX_BODY_CHARS = 2_000_000;
/** Distinct header names kept in `headers`, and characters of each value. */
export const INBOUND_MAX_HEADERS = 200;
export const INBOUND_MAX_HEADER_VALUE_CHARS = 4000;
/** Characters of text and of html each in an email.received payload whose endpoint opted in (include_content). */
export const INBOUND_WEBHOOK_CONTENT_CHARS = 256 * 1024;
