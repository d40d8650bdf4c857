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
/** A subject longer than a header line (RFC 5322) cannot be sent. */
export const MAX_SUBJECT_LENGTH = 998;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;
/** Entries of one POST /v1/emails/batch. */
export const MAX_BATCH_EMAILS = 100;

/** The spec's search bounds on GET /v1/emails: characters (code points) and terms. */
export const MAX_SEARCH_CHARS = 512;
export const MAX_SEARCH_TERMS = 16;

/** Sends per UTC day from the sandbox sender (DESIGN.md: test mode). */
export const SANDBOX_PER_DAY = 20;

/** Addresses of one POST /v1/suppressions/bulk. */
export const MAX_SUPPRESSION_BULK = 100;

/** Live (unrevoked) API keys per account. */
export const MAX_LIVE_KEYS = 50;
export const MAX_KEY_NAME_LENGTH = 100;

/** Characters of a webhook endpoint's description. */
export const MAX_WEBHOOK_DESCRIPTION = 500;

/** A domain name's length in DNS (RFC 1035). */
export const MAX_DOMAIN_NAME_LENGTH = 253;

/** Dashboard passwords, in characters. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

/** Members of one account plus its pending invitations. */
export const MAX_TEAM_SIZE = 50;

/** SMTP submission (server/smtp): connections one client address may hold open at once, per listener process. */
export const SMTP_CONNECTIONS_PER_CLIENT = 50;
/** SMTP commands a connection may send before AUTH (EHLO, STARTTLS, NOOP, …); then it is closed. */
export const SMTP_COMMANDS_BEFORE_AUTH = 10;
/** Seconds an SMTP connection may stay silent before it is closed. */
export const SMTP_IDLE_SECONDS = 60;
