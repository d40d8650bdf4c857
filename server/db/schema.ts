import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PlanName } from "../accounts/plans";
import type { MemberRole } from "../team/schemas";
import type { KeyScope } from "../auth/schemas";
import type { DomainStatus, StoredRecord } from "../domains/schemas";
import type { EventType } from "../events/types";
import type { EmailSource, EmailStatus, Tag, TimelineType } from "../sending/schemas";
import type { TemplateVariable } from "../templates/render";
import type { SuppressionReason } from "../suppressions/schemas";
import type { DeliveryStatus } from "../webhooks/schemas";

/** PostgreSQL's tsvector (drizzle has no built-in type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: "date" });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
const createdAt = () => ts("created_at").notNull().defaultNow();

/**
 * Rows whose id is not a UUIDv7 (made by gen_random_uuid() before every id was time-ordered).
 * Retention reaches UUIDv7 rows by primary key (the id's time is the row's); these others only
 * through a partial index on their time column, which new rows never enter.
 */
const notUuidv7 = (id: unknown) => sql`substr(${id}, 15, 1) <> '7'`;

/** `contentId`: an inline attachment, referenced from the HTML as `cid:<contentId>`. */
export type StoredAttachment = { filename: string; content: string; contentType: string; contentId?: string };

/** An account: the tenant every other row belongs to. */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    plan: text("plan").$type<PlanName>().notNull(),
    /** Set by `accounts pause`; every send answers 403 authentication_error while set. */
    pausedAt: ts("paused_at"),
    /** Null while the account awaits review (account_pending_review rules apply). */
    approvedAt: ts("approved_at"),
    /** Review throttle: recipients per UTC day while set. */
    throttlePerDay: integer("throttle_per_day"),
    /** Set while the deliverability breaker holds sending. */
    deliverabilityBlockedAt: ts("deliverability_blocked_at"),
    /** The month ("2026-11") for which quota.exceeded has already fired. */
    quotaNotifiedPeriod: text("quota_notified_period"),
    /**
     * When the signup email was shown to reach its owner. Null for a dashboard sign-up until
     * its link is followed: test mode then delivers to nobody but simulators. The default
     * covers accounts the operator makes (CLI, the platform's own) and rows older than the rule.
     */
    emailVerifiedAt: ts("email_verified_at").defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("accounts_email_idx").on(sql`lower(${t.email})`)],
);

/**
 * Dashboard sign-in identities: one per address. `password_hash` is null until its owner
 * chooses a password (an owner made by `accounts create` follows the printed link first).
 * Which accounts a user reaches, and as what, is in `memberships`.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_idx").on(sql`lower(${t.email})`)],
);

/**
 * A user's place in an account: `owner` (invites and removes members, deletes the account)
 * or `member` (everything else). One account per user for now (memberships_user_idx):
 * see docs/decisions/0026-accounts-sign-in-and-team.md, "Accounts, sign-in and team".
 */
export const memberships = pgTable(
  "memberships",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<MemberRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), uniqueIndex("memberships_user_idx").on(t.userId)],
);

/** An owner's invitation to an address, pending until accepted through its emailed link (or replaced, or expired). */
export const invitations = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<MemberRole>().notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
  },
  (t) => [
    // One pending invitation per address and account: inviting again replaces it.
    uniqueIndex("invitations_pending_idx")
      .on(t.accountId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
  ],
);

/**
 * Who made a key or a webhook endpoint: the dashboard user, or, through /v1, the user who made
 * the calling key (`created_by_key_id` names that key). Removing a member revokes or hands over
 * what they made (server/team/departure.ts). Null user: made before creators were recorded, or
 * by a key whose own creator is unknown.
 */
const madeBy = () => ({
  createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
  createdByKeyId: text("created_by_key_id").references((): AnyPgColumn => apiKeys.id, { onDelete: "set null" }),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope").$type<KeyScope>().notNull(),
    /** SHA-256 of the plaintext, hex. The plaintext is never stored. */
    keyHash: text("key_hash").notNull(),
    last4: text("last4").notNull(),
    ...madeBy(),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_account_idx").on(t.accountId, t.createdAt),
    index("api_keys_created_by_user_idx").on(t.createdByUserId),
    index("api_keys_created_by_key_idx")
      .on(t.createdByKeyId)
      .where(sql`${t.createdByKeyId} is not null`),
  ],
);

export const domains = pgTable(
  "domains",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: text("status").$type<DomainStatus>().notNull(),
    provider: text("provider").notNull(),
    verifiedAt: ts("verified_at"),
    createdAt: createdAt(),
    dnsCheckedAt: ts("dns_checked_at"),
    dnsHost: text("dns_host"),
    dnsRecords: jsonb("dns_records").$type<StoredRecord[]>().notNull(),
    recommendedRecords: jsonb("recommended_records").$type<StoredRecord[]>().notNull(),
    failureReason: text("failure_reason"),
    dnsRegressedAt: ts("dns_regressed_at"),
    suspendedAt: ts("suspended_at"),
    /** Null on a stored row means true (spec: "absent on a stored row means true"). */
    trackEngagement: boolean("track_engagement"),
    dkimSelector: text("dkim_selector").notNull(),
    dkimPublicKey: text("dkim_public_key"),
    /** AES-256-GCM under ENCRYPTION_KEY; never returned by any endpoint. */
    dkimPrivateKeyEnc: text("dkim_private_key_enc"),
    /** When the background poll or health check next looks at this domain. */
    nextCheckAt: ts("next_check_at"),
    checkAttempts: integer("check_attempts").notNull().default(0),
    /**
     * This claim's own ownership token, published as TXT `_posthaste-verification.<name>`:
     * the claim verifies only while it is found. Null on rows verified before claims had
     * one (legacy holders, which a proven claimant may take over).
     */
    verificationToken: text("verification_token"),
    /** Inbound mail requested for this name (`capabilities.receiving`, Resend's shape). */
    receiving: text("receiving").$type<"enabled" | "disabled">().notNull().default("disabled"),
    /**
     * Since when the Receiving MX record has been found pointing at us on the verified claim
     * (null: receiving disabled, not yet found, or it regressed). The MX listener accepts a
     * recipient only while this, `receiving` and the claim's own verification hold
     * (server/domains/receiving.ts).
     */
    receivingVerifiedAt: ts("receiving_verified_at"),
    /**
     * The Receiving MX record and what its last check found, apart from dns_records so the
     * receiving switch and its checks never rewrite the sending records (null: disabled).
     */
    receivingRecord: jsonb("receiving_record").$type<StoredRecord>(),
  },
  (t) => [
    // Ownership before exclusivity: only a verified row holds the name; pending claims of
    // several accounts may coexist until one proves itself (docs/decisions/0002-sending-domains.md, "Domain claims").
    uniqueIndex("domains_verified_name_idx")
      .on(t.name)
      .where(sql`${t.status} = 'verified'`),
    // One live claim per name per account; a failed row does not block (it is recycled on re-post).
    uniqueIndex("domains_account_live_name_idx")
      .on(t.accountId, t.name)
      .where(sql`${t.status} <> 'failed'`),
    index("domains_name_idx").on(t.name),
    index("domains_account_idx").on(t.accountId, t.createdAt),
    index("domains_next_check_idx").on(t.nextCheckAt),
  ],
);

/**
 * Upstream identities (SES) to delete because the last claim relying on them ended: one row
 * per name, retried by the domain-release task until SES confirms (NotFound counts). A new
 * claim of the name completes a pending release first; `leaseUntil` marks one in flight
 * (the task's or that claim's), which no one else starts.
 */
export const domainReleases = pgTable(
  "domain_releases",
  {
    name: text("name").primaryKey(),
    provider: text("provider").notNull(),
    /** Where the identity lives (ses: region and endpoint); only a process configured for it releases it. */
    scope: text("scope").notNull(),
    createdAt: createdAt(),
    nextAttemptAt: ts("next_attempt_at").notNull(),
    leaseUntil: ts("lease_until"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [index("domain_releases_due_idx").on(t.nextAttemptAt)],
);

/** Names no account may add again (abuse suspensions). */
export const domainTombstones = pgTable("domain_tombstones", {
  name: text("name").primaryKey(),
  reason: text("reason").notNull(),
  createdAt: createdAt(),
});

/**
 * Mail still to leave, as the SQL list emails_dispatch_idx's predicate spells it. Queries
 * meant to use that index say `status in ${waiting}`: the planner takes a partial index
 * only where it can prove the query implies the predicate, and the same list always does.
 */
const WAITING_STATUSES = ["queued", "scheduled", "sending"] as const satisfies readonly EmailStatus[];
export const waitingList = `(${WAITING_STATUSES.map((s) => `'${s}'`).join(", ")})`;
export const waiting = sql.raw(waitingList);

/** A row's created_at in seconds since the epoch, as an index expression may compute it (immutable). */
const EPOCH_SECONDS = "extract(epoch from created_at - timestamptz 'epoch')";

/**
 * What search matches (decisions 0049, 0053): a message's words (search_vector) and three
 * lexemes no search can name (a query's words are letters and digits): '@' and its account
 * id, and that followed by '/d' and its UTC day or '/h' and its hour since the epoch. A query
 * ANDs the account's lexeme, or the days or hours of a time slice, into its words
 * (server/sending/search-window.ts), so the full-text index returns that account's matches
 * alone, and a slice's index read is as long as the slice, not the account's history.
 * Ranking reads search_vector alone.
 */
export const ACCOUNT_SEARCH_VECTOR = `(search_vector || array_to_tsvector(array['@' || account_id, '@' || account_id || '/d' || div(${EPOCH_SECONDS}, 86400)::text, '@' || account_id || '/h' || div(${EPOCH_SECONDS}, 3600)::text]))`;
/** Its index's name: the start-up build and the search-summary task name it too. */
export const ACCOUNT_SEARCH_INDEX = "emails_account_time_search_idx";
/** An account's messages in time order, newest first: the list, and search's first read. */
export const ACCOUNT_TIME_INDEX = "emails_account_created_idx";
/**
 * The indexes it replaces, dropped once it is built (server/db/account-search-index.ts): the
 * earlier full-text indexes, and the created_at BRIN index that bounded time slices before
 * the day and hour lexemes did.
 */
export const SUPERSEDED_SEARCH_INDEXES = ["emails_search_idx", "emails_account_search_idx", "emails_created_brin_idx"] as const;

/**
 * One row per accepted message. It is also the durable dispatch queue:
 * status queued/scheduled rows with next_attempt_at due are claimed with SKIP LOCKED.
 */
export const emails = pgTable(
  "emails",
  {
    id: text("id").primaryKey(),
    /**
     * No foreign key: each insert would take a KEY SHARE lock on the account row, and an
     * account's concurrent sends turn those into MultiXacts (≈ 100 µs of PostgreSQL CPU per
     * send, measured). Deleting an account deletes its mail first (server/accounts/delete.ts).
     */
    accountId: text("account_id").notNull(),
    status: text("status").$type<EmailStatus>().notNull(),
    from: text("from").notNull(),
    to: jsonb("to").$type<string[]>().notNull(),
    cc: jsonb("cc").$type<string[]>().notNull().default([]),
    bcc: jsonb("bcc").$type<string[]>().notNull().default([]),
    replyTo: jsonb("reply_to").$type<string[]>().notNull().default([]),
    subject: text("subject").notNull().default(""),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    tags: jsonb("tags").$type<Tag[]>().notNull().default([]),
    /**
     * Test mode: the recipients as the request gave them, when some were rewritten to the
     * account email (null otherwise). Shown by the dashboard; not part of the /v1 shapes.
     */
    rewrittenRecipients: jsonb("rewritten_recipients").$type<string[]>(),
    bulk: boolean("bulk").notNull().default(false),
    testMode: boolean("test_mode").notNull().default(false),
    /** How it arrived: POST /v1/emails (and batch) or SMTP submission (server/smtp). */
    source: text("source").$type<EmailSource>().notNull().default("api"),
    domainId: text("domain_id"),
    /** Recipients counted against ramp/throttle day limits. */
    recipientCount: integer("recipient_count").notNull(),
    idempotencyKey: text("idempotency_key"),
    /**
     * The template and published version the message was rendered from (null: sent with
     * its own content). No foreign key: deleting a template keeps the messages it sent.
     */
    templateId: text("template_id"),
    templateVersionId: text("template_version_id"),
    /** The RFC 5322 Message-ID, fixed at acceptance so a re-send after a crash keeps it. */
    messageId: text("message_id").notNull(),
    sesMessageId: text("ses_message_id"),
    error: text("error"),
    /** Lower-cased words of subject, from and recipients for full-text search. */
    searchText: text("search_text").notNull(),
    /** search_text's words, stored so ranking reads them instead of re-parsing every match. */
    searchVector: tsvector("search_vector").generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    scheduledAt: ts("scheduled_at"),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
    /** Dispatch queue bookkeeping. */
    nextAttemptAt: ts("next_attempt_at"),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    index(ACCOUNT_TIME_INDEX).on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index("emails_account_status_created_idx").on(t.accountId, t.status, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("emails_idempotency_idx")
      .on(t.accountId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // Full-text search inside one account (decisions 0049, 0053): the message's words, its account's, day's and hour's tokens.
    index(ACCOUNT_SEARCH_INDEX).using("gin", sql.raw(ACCOUNT_SEARCH_VECTOR)),
    // Per account: dispatch claims fairly between accounts (server/delivery/dispatch.ts).
    index("emails_dispatch_idx")
      .on(t.accountId, t.nextAttemptAt)
      .where(sql`${t.status} in ${waiting}`),
    // Partial: most messages never get a provider id, and each index entry is work on the send path.
    index("emails_provider_id_idx")
      .on(t.sesMessageId)
      .where(sql`${t.sesMessageId} is not null`),
  ],
);

/**
 * A message's content, beside its status row (decision 0045): written once at acceptance,
 * read by dispatch, deleted whole by retention. Status moves rewrite the narrow `emails` row
 * without carrying the body, and pruning is a delete here instead of an update of `emails`
 * through all its indexes. No foreign key (the insert would check it on the send path):
 * deleting an account deletes its messages' content first (server/accounts/delete.ts).
 */
export const emailContents = pgTable("email_contents", {
  emailId: text("email_id").primaryKey(),
  html: text("html"),
  text: text("text"),
  attachments: jsonb("attachments").$type<StoredAttachment[]>().notNull().default([]),
  /**
   * With a template: the resolved values (fallbacks applied). html and text stay null; the
   * immutable version renders them from these wherever they are read (server/templates/content.ts).
   */
  templateVariables: jsonb("template_variables").$type<Record<string, string>>(),
});

/**
 * The timeline of a message, oldest first. Partitioned by time (decision 0048), with no
 * foreign key to the message: detaching or dropping a partition would lock `emails` against
 * every send. Deleting an account deletes its messages' timelines (server/accounts/delete.ts).
 */
export const emailEvents = pgTable(
  "email_events",
  {
    id: text("id").primaryKey(),
    emailId: text("email_id").notNull(),
    type: text("type").$type<TimelineType>().notNull(),
    at: ts("at").notNull().defaultNow(),
    detail: text("detail"),
    recipient: text("recipient"),
  },
  (t) => [index("email_events_email_idx").on(t.emailId, t.at), index("email_events_unordered_at_idx").on(t.at).where(notUuidv7(t.id))],
);

/** Rendered messages kept by the `sink` provider (the dashboard shows them). */
export const sinkMessages = pgTable(
  "sink_messages",
  {
    emailId: text("email_id")
      .notNull()
      .references(() => emails.id, { onDelete: "cascade" }),
    /** The copy's envelope recipients, comma-separated: bulk mail leaves one copy per recipient. */
    recipients: text("recipients").notNull().default(""),
    raw: text("raw").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.emailId, t.recipients] })],
);

export const suppressions = pgTable(
  "suppressions",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    reason: text("reason").$type<SuppressionReason>().notNull(),
    /**
     * The message whose hard bounce, complaint or unsubscribe link put the address here (the
     * dashboard links to it); null for manual entries and rows older than the column. No
     * foreign key: retention may delete the message, and the entry outlives it.
     */
    emailId: text("email_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.address] })],
);

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: jsonb("events").$type<string[]>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    description: text("description"),
    secret: text("secret").notNull(),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    lastAttemptAt: ts("last_attempt_at"),
    lastResponseStatus: integer("last_response_status"),
    lastError: text("last_error"),
    suspendedByPlan: boolean("suspended_by_plan").notNull().default(false),
    autoDisabledAt: ts("auto_disabled_at"),
    /** email.received payloads to this endpoint carry the parsed text and html, capped (INBOUND_WEBHOOK_CONTENT_CHARS). */
    includeContent: boolean("include_content").notNull().default(false),
    ...madeBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_endpoints_account_idx").on(t.accountId, t.createdAt),
    index("webhook_endpoints_created_by_user_idx").on(t.createdByUserId),
    index("webhook_endpoints_created_by_key_idx")
      .on(t.createdByKeyId)
      .where(sql`${t.createdByKeyId} is not null`),
  ],
);

/**
 * One stored event per occurrence; `payload` is the exact body delivered. Partitioned by time
 * (decision 0048), with no foreign key to the account (a partition's drop would lock `accounts`);
 * deleting an account deletes its events (server/accounts/delete.ts).
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    type: text("type").$type<EventType>().notNull(),
    emailId: text("email_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** A test event sent from the dashboard: one attempt, never counted toward the endpoint's failures. */
    test: boolean("test").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_events_account_idx").on(t.accountId, t.createdAt),
    index("webhook_events_unordered_created_idx").on(t.createdAt).where(notUuidv7(t.id)),
  ],
);

/**
 * One event owed to one endpoint; also the durable retry queue. No foreign key to the event:
 * both are partitioned by time and dropped a day at a time (decision 0048); retention keeps an
 * event while a delivery of it is left, and serialises with a resend (lockEventRemoval).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    status: text("status").$type<DeliveryStatus>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    // Retention keeps an event while a delivery of it is left: it looks deliveries up by event.
    index("webhook_deliveries_event_idx").on(t.eventId),
    index("webhook_deliveries_unordered_created_idx").on(t.createdAt).where(notUuidv7(t.id)),
  ],
);

/**
 * The delivery log: every HTTP attempt. Goes with its endpoint (the foreign key), and by
 * age with retention. No foreign key to the delivery: deleting a thousand old deliveries
 * would look each one's attempts up again (a third of retention's delete statement, decision
 * 0047); an attempt outliving its delivery by the retry window is shown nowhere (the log
 * joins the delivery) and goes by its own age.
 */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    at: ts("at").notNull().defaultNow(),
    durationMs: integer("duration_ms").notNull(),
    responseStatus: integer("response_status"),
    error: text("error"),
    responseBodyHead: text("response_body_head"),
  },
  (t) => [
    index("webhook_attempts_delivery_idx").on(t.deliveryId, t.at),
    // An endpoint's log and its recent attempts, newest first, without walking other endpoints' rows.
    index("webhook_attempts_endpoint_idx").on(t.endpointId, t.id),
    index("webhook_attempts_unordered_at_idx").on(t.at).where(notUuidv7(t.id)),
  ],
);

/**
 * Usage per account and period: `m:2026-11` (month) and `d:2026-11-22` (UTC day).
 * `messages` counts sends; `recipients` counts their recipients (ramp/throttle unit).
 */
export const usageCounters = pgTable(
  "usage_counters",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    messages: integer("messages").notNull().default(0),
    recipients: integer("recipients").notNull().default(0),
    sandbox: integer("sandbox").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.period] })],
);

/**
 * Messages per account and UTC hour that were handed over (sent), delivered, bounced and
 * complained, by the hour it happened, test mode apart: the dashboard's charts sum an
 * account's hours into days and the deliverability breaker sums its window's live hours;
 * neither reads messages. Kept by the statement that moves a message's status
 * (server/delivery/hourly-counts.ts), spread over a few `shard` rows per hour so concurrent
 * outcome writers rarely wait on one row lock; a reader sums the shards.
 */
export const emailHourlyCounts = pgTable(
  "email_hourly_counts",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    hour: ts("hour").notNull(),
    testMode: boolean("test_mode").notNull(),
    shard: smallint("shard").notNull(),
    sent: integer("sent").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    bounced: integer("bounced").notNull().default(0),
    complained: integer("complained").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.hour, t.testMode, t.shard] })],
);

/** Send-rate token bucket per account, shared by every instance. */
export const rateBuckets = pgTable("rate_buckets", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  tokens: doublePrecision("tokens").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

/**
 * Fixed-window counters for the dashboard's doors (sign-in, sign-up, verification mail),
 * keyed by what is counted ("signin-ip:203.0.113.7"). In the database so every instance
 * and process shares them.
 */
export const authRateLimits = pgTable("auth_rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: ts("window_started_at").notNull(),
  count: integer("count").notNull(),
});

/**
 * Clients (IP, or IPv6 /64) a user signed in from with the password whose stamp is `stamp`
 * (server/auth/known-clients.ts): they sign in past the per-address ceiling that a flood of
 * other clients' failures can reach. A new password forgets them (the stamp no longer matches).
 */
export const knownSignInClients = pgTable(
  "known_sign_in_clients",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    client: text("client").notNull(),
    stamp: text("stamp").notNull(),
    signedInAt: ts("signed_in_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.client] })],
);

/**
 * SNS notifications already handled, by MessageId (server/ses/sns-replay.ts): a replayed
 * signed notification is dropped. Kept while its `Timestamp` is inside the freshness window
 * (older ones are refused anyway), then pruned by the retention task.
 */
export const snsMessages = pgTable(
  "sns_messages",
  {
    messageId: text("message_id").primaryKey(),
    sentAt: ts("sent_at").notNull(),
  },
  (t) => [index("sns_messages_sent_idx").on(t.sentAt)],
);

/**
 * Cache invalidations written by a CLI that talks to a running server's embedded
 * database through its socket (NOTIFY sent that way never reaches the server's
 * listener); the server tails this table. PostgreSQL deployments use NOTIFY alone.
 */
export const cacheInvalidations = pgTable("cache_invalidations", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  accountId: text("account_id").notNull(),
  createdAt: createdAt(),
});

/**
 * How far the retention task (server/ops/retention.ts) has walked a table by id: every row
 * up to `after` is done. Shared by every instance and run, so none walks it again.
 */
export const retentionCursors = pgTable("retention_cursors", {
  name: text("name").primaryKey(),
  after: text("after").notNull(),
});

/**
 * A stored template's working copy (what the dashboard edits and PATCH changes). It sends
 * only once published: `publishedVersionId` names the immutable version that sends.
 */
export const templates = pgTable(
  "templates",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    alias: text("alias"),
    subject: text("subject"),
    html: text("html").notNull(),
    text: text("text"),
    from: text("from"),
    replyTo: jsonb("reply_to").$type<string[]>().notNull().default([]),
    variables: jsonb("variables").$type<TemplateVariable[]>().notNull().default([]),
    publishedVersionId: text("published_version_id"),
    publishedAt: ts("published_at"),
    /** The working copy differs from the published version (edited since publishing). */
    hasUnpublishedChanges: boolean("has_unpublished_changes").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("templates_account_idx").on(t.accountId, t.id),
    uniqueIndex("templates_alias_idx")
      .on(t.accountId, t.alias)
      .where(sql`${t.alias} is not null`),
  ],
);

/** One publish of a template: never changed after insert; a message names the version it rendered. */
export const templateVersions = pgTable(
  "template_versions",
  {
    id: text("id").primaryKey(),
    /**
     * No foreign key to the template: deleting a template keeps its versions, which render the
     * messages sent with them (server/templates/content.ts). They go with the account.
     */
    templateId: text("template_id").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    name: text("name").notNull(),
    subject: text("subject"),
    html: text("html").notNull(),
    text: text("text"),
    from: text("from"),
    replyTo: jsonb("reply_to").$type<string[]>().notNull().default([]),
    variables: jsonb("variables").$type<TemplateVariable[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("template_versions_number_idx").on(t.templateId, t.number)],
);

/** Where an inbound message stands: stored raw before the 250, then parsed by the inbound-parse task. */
export type InboundStatus = "received" | "parsed" | "failed";

/** One sender's SPF, DKIM, DMARC and ARC verdicts at the MX listener (mailauth), kept with the message. */
export interface InboundAuthResults {
  spf: string;
  dkim: string;
  dmarc: string;
  arc: string;
  /** The Authentication-Results header value mailauth composed. */
  header: string;
}

/**
 * A message received at the MX listener for one account: one row per account among the
 * envelope's recipients (a message for two tenants is two rows, each seeing only its own
 * `receivedFor`). The raw bytes are written before the `250` reply; the parsed columns are
 * filled by the inbound-parse task (server/inbound/).
 */
export const inboundEmails = pgTable(
  "inbound_emails",
  {
    id: text("id").primaryKey(),
    /** No foreign key, as for emails: deleting an account deletes its inbound mail first. */
    accountId: text("account_id").notNull(),
    status: text("status").$type<InboundStatus>().notNull().default("received"),
    /** The envelope: MAIL FROM (empty for a bounce), and the RCPT TO addresses of this account. */
    mailFrom: text("mail_from").notNull(),
    receivedFor: jsonb("received_for").$type<string[]>().notNull(),
    /** The sending host, as the listener saw it. */
    clientIp: text("client_ip").notNull(),
    helo: text("helo").notNull().default(""),
    auth: jsonb("auth").$type<InboundAuthResults>(),
    size: integer("size").notNull(),
    raw: bytea("raw"),
    /** Parsed (null until status = parsed). Addresses as the headers gave them. */
    messageId: text("message_id"),
    from: text("from"),
    to: jsonb("to").$type<string[]>().notNull().default([]),
    cc: jsonb("cc").$type<string[]>().notNull().default([]),
    bcc: jsonb("bcc").$type<string[]>().notNull().default([]),
    replyTo: jsonb("reply_to").$type<string[]>().notNull().default([]),
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** The plus-address part of the first recipient in receivedFor (`support+123@` → `123`), or null. */
    plusPart: text("plus_part"),
    /** Why parsing failed (status = failed); the raw message is kept. */
    error: text("error"),
    /** Runs of the inbound-parse task that took this row; one that never finished (a crash) is retried, a few times. */
    parseAttempts: integer("parse_attempts").notNull().default(0),
    /** Until when a run holds the row (another run leaves it alone); null: free. */
    parseLeaseUntil: ts("parse_lease_until"),
    createdAt: createdAt(),
    parsedAt: ts("parsed_at"),
  },
  (t) => [
    index("inbound_emails_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index("inbound_emails_unparsed_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'received'`),
    index("inbound_emails_unordered_created_idx").on(t.createdAt).where(notUuidv7(t.id)),
  ],
);

/** An attachment (or inline part) of a parsed inbound message. */
export const inboundAttachments = pgTable(
  "inbound_attachments",
  {
    id: text("id").primaryKey(),
    inboundEmailId: text("inbound_email_id")
      .notNull()
      .references(() => inboundEmails.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    filename: text("filename"),
    contentType: text("content_type").notNull(),
    contentDisposition: text("content_disposition").$type<"attachment" | "inline">().notNull(),
    contentId: text("content_id"),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("inbound_attachments_email_idx").on(t.inboundEmailId)],
);
