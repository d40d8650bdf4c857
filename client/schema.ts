// Generated from the /v1 OpenAPI document by `npm run client:generate`: do not edit.
export interface paths {
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List live API keys
         * @description Live keys only, with their last four characters.
         */
        get: operations["apiKeys-list"];
        put?: never;
        /**
         * Create an API key
         * @description Returns the plaintext key (`key`, and `token` for Resend's SDK) with its id, the only time it is shown; the service keeps its hash and last four characters. A `send` key may only send. Up to 50 live keys.
         */
        post: operations["apiKeys-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Immediate, with no grace window: the next request with the key is 401. Repeating it answers 200 again.
         */
        delete: operations["apiKeys-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List suppressed addresses, by address
         * @description Ordered by address. `limit` is clamped to 1 to 100 (default 50); follow `nextCursor` until it is null.
         */
        get: operations["suppressions-list"];
        put?: never;
        /**
         * Suppress an address
         * @description Adds the address (lower-cased) with reason `manual`. Safe to repeat: a `hard_bounce` or `complaint` entry is kept, an `unsubscribe` one becomes `manual`; the answer says `manual` either way.
         */
        post: operations["suppressions-add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suppressions/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suppress up to 100 addresses
         * @description Each address as for a single add, in one request.
         */
        post: operations["suppressions-addBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suppressions/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an address from the list
         * @description The path holds the URL-encoded address. It may receive mail again at once. Never 404: `removed` is false when it was not suppressed.
         */
        delete: operations["suppressions-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Every endpoint, without secrets.
         */
        get: operations["webhooks-list"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers an https URL (port 443, public host) for the chosen event types, or `["*"]` for all ten. The answer carries the signing secret (`secret`, and `signing_secret` for Resend's SDK), shown only here and on rotation.
         */
        post: operations["webhooks-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description One endpoint with its delivery health, without the secret.
         */
        get: operations["webhooks-get"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deliveries still pending to it are not attempted.
         */
        delete: operations["webhooks-remove"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes only the fields given. `enabled: true` re-enables an endpoint the service switched off (clearing `autoDisabledAt` and the failure count), unless the plan suspended it.
         */
        patch: operations["webhooks-update"];
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description Issues a new signing secret and returns it; deliveries from now on are signed with it.
         */
        post: operations["webhooks-rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/signing-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret (Resend's route)
         * @description Resend's route for the same operation as `POST /v1/webhooks/{id}/rotate-secret`: a new secret at once, shown only here.
         */
        post: operations["webhooks-rotateSecretAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery log of an endpoint, newest first
         * @description Every HTTP attempt to the endpoint with its outcome. `limit` is clamped to 1 to 100.
         */
        get: operations["webhooks-attempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver one stored event to the endpoint again
         * @description Queues a fresh delivery of the event to this endpoint, with the same event id (receivers dedupe on it). Resends and the dashboard's test events share an allowance of 10 per endpoint per 60 seconds.
         */
        post: operations["webhooks-resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sending domains
         * @description Every domain of the account.
         */
        get: operations["domains-list"];
        put?: never;
        /**
         * Add a sending domain
         * @description Adds a domain as `pending` and returns the DNS records to publish, the first being this claim's own ownership record (TXT `_posthaste-verification.<name>`). Another account's claim of the name does not block the add: the domain verifies only once its own records are found, and the first claim to prove itself holds the name. Posting the name of one of the account's `failed` domains recycles it. With `capabilities: { receiving: "enabled" }` the records include the Receiving MX record (receive on a subdomain: it takes over the name's mail).
         */
        post: operations["domains-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a domain
         * @description The domain as stored; no check is made.
         */
        get: operations["domains-get"];
        put?: never;
        post?: never;
        /**
         * Remove a domain
         * @description Removes the domain and its upstream identity; sending from it stops at once.
         */
        delete: operations["domains-remove"];
        options?: never;
        head?: never;
        /**
         * Switch open/click tracking or receiving for a domain
         * @description With `trackEngagement: false` no open pixel is added and no link is rewritten in mail from this domain. `capabilities.receiving: "enabled"` adds the Receiving MX record to `dnsRecords`; mail is accepted once it is found on the verified domain (`receivingVerifiedAt`). `"disabled"` removes it and stops receiving at once. `capabilities.sending: "disabled"` is refused: every domain sends.
         */
        patch: operations["domains-update"];
        trace?: never;
    };
    "/v1/domains/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a domain's records now
         * @description Re-checks upstream verification and re-reads the DNS records, then returns the domain. Safe to repeat; never moves a domain backwards; a `failed` domain is returned as stored. Within about 10 seconds of the last check the stored row is returned (`dnsCheckedAt` tells): poll every 10 to 30 seconds.
         */
        post: operations["domains-verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emails/receiving": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List received emails
         * @description Messages received at the MX for this account's receiving domains, newest first, without bodies. Follow `nextCursor`, or Resend's `after` with the last id, while `has_more`; `before` reads the page above an id.
         */
        get: operations["inbound-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emails/receiving/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a received email
         * @description The parsed message: bodies (`html` is untrusted: render it only sandboxed), headers, attachments, the SPF, DKIM, DMARC and ARC verdicts, and `raw`, a link to the message as received. Inline images stay `cid:` references (`html_format=cid`). Links are signed, need no API key and expire after an hour (`expires_at`); fetch again for fresh ones.
         */
        get: operations["inbound-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emails/receiving/{id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a received email's attachments
         * @description Every attachment and inline part, in the message's order, each with a download link. Links are signed, need no API key and expire after an hour (`expires_at`); fetch again for fresh ones.
         */
        get: operations["inbound-attachments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emails/receiving/{id}/attachments/{attachment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a received email's attachment
         * @description One attachment's metadata and download link. Links are signed, need no API key and expire after an hour (`expires_at`); fetch again for fresh ones.
         */
        get: operations["inbound-attachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and search emails
         * @description Newest first, or by relevance with `search`. Follow `nextCursor` until it is null: a page may be empty while `hasMore` is true. `status=queued` includes messages mid-dispatch.
         */
        get: operations["emails-list"];
        put?: never;
        /**
         * Send an email
         * @description Accepts one message and returns its id at once; delivery is asynchronous (poll the email or receive webhook events). Sending from the sandbox sender is test mode. `scheduledAt` books it for later. `template: { id, variables }` renders a published template (by id or alias) instead of `html`/`text`; its `from`, `subject` and `reply_to` apply unless given. A repeated idempotency key (the `Idempotency-Key` header or the body's `idempotency_key`) returns the first message's id and sends nothing again.
         */
        post: operations["emails-send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emails/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send up to 100 emails
         * @description A JSON array of 1 to 100 send requests. Each entry is validated and queued on its own: the answer is 200 whenever the request as a whole is accepted, with each entry's id or error in input order, so read `summary.failed`. `x-batch-validation: strict` (Resend's SDK sends it by default) instead refuses the whole batch with the first entry failing validation or the account rules, before anything is stored. A repeated `Idempotency-Key` answers with the first batch's ids and sends nothing again. The send rate is spent per message.
         */
        post: operations["emails-batch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/emails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an email with its timeline
         * @description The message's status, fields and delivery timeline (oldest first).
         */
        get: operations["emails-get"];
        put?: never;
        post?: never;
        /**
         * Cancel a scheduled email
         * @description Cancels a message still scheduled; nothing is charged to quota. Decided by the message's stored status.
         */
        delete: operations["emails-cancel"];
        options?: never;
        head?: never;
        /**
         * Reschedule a scheduled email
         * @description Moves a message that is still scheduled to a new time (`scheduledAt`: ISO 8601 or Unix ms; or Resend's `scheduled_at`, which also takes a phrase such as "in 1 hour", read in UTC). A time that has passed dispatches it now.
         */
        patch: operations["emails-reschedule"];
        trace?: never;
    };
    "/v1/emails/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a scheduled email (Resend's route)
         * @description Resend's route for the same operation as `DELETE /v1/emails/{id}`: cancels a message still scheduled.
         */
        post: operations["emails-cancelAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage against the plan
         * @description Month to date and today against the plan, and domains and webhook endpoints held. `day` reports the ceiling enforced (a ramp or review throttle counts recipients).
         */
        get: operations["usage-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List templates
         * @description Newest first. `limit` is clamped to 1 to 100 (default 50); follow `nextCursor`, or Resend's `after` with the last id, while `hasMore`.
         */
        get: operations["templates-list"];
        put?: never;
        /**
         * Create a template
         * @description Stores a draft template: `html` (and optional `subject` and `text`) with `{{{KEY}}}` placeholders, each declared in `variables`. It sends once published (`POST /v1/templates/{id}/publish`). Values are HTML-escaped in `html` and inserted verbatim in `subject` and `text`.
         */
        post: operations["templates-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a template
         * @description By id or alias: the working copy and its publishing state.
         */
        get: operations["templates-get"];
        put?: never;
        post?: never;
        /**
         * Delete a template
         * @description Deletes the template: sends naming it are refused from then on. Messages already sent with it keep their `template_id` and still leave as rendered (the versions they name are kept).
         */
        delete: operations["templates-remove"];
        options?: never;
        head?: never;
        /**
         * Update a template
         * @description Changes the fields given (null clears an optional one). A published template keeps sending its published version; the change waits (`has_unpublished_versions`) until the next publish.
         */
        patch: operations["templates-update"];
        trace?: never;
    };
    "/v1/templates/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a template
         * @description Stores the working copy as a new immutable version; sends use it from now on.
         */
        post: operations["templates-publish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate a template
         * @description A new draft with the working copy's content and variables, named `<name> (copy)`, without an alias.
         */
        post: operations["templates-duplicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "email.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.sent
         * @description Accepted and handed to the upstream provider. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-email-sent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.delivered
         * @description The receiving server confirmed delivery. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-email-delivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.opened
         * @description The recipient opened it (open tracking). May fire more than once. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-email-opened"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.clicked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.clicked
         * @description The recipient clicked a tracked link (click tracking). May fire more than once. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-email-clicked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.bounced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.bounced
         * @description Hard bounce. The recipient is automatically suppressed. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-email-bounced"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.complained": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.complained
         * @description Spam complaint. The recipient is automatically suppressed. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-email-complained"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.delivery_delayed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.delivery_delayed
         * @description The provider is retrying after a transient failure; a delivered or bounced event follows. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-email-delivery-delayed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.failed
         * @description Could not be submitted upstream. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-email-failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quota.exceeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * quota.exceeded
         * @description A send took the account past its monthly limit into the grace band. Fired once per period; mail keeps going out until hard_limit. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-quota-exceeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email.received
         * @description A message arrived at the MX listener for one of the account's receiving domains and was parsed. Metadata only, unless the endpoint has include_content. Delivered at least once, unordered: dedupe on `id`, sequence by `created_at`.
         */
        post: operations["webhook-email-received"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        CreatedApiKey: {
            /** @description The plaintext key; it cannot be read back */
            key: string;
            /** @description The key's id, as the list and revoke use it */
            id: string;
            /** @description Resend's name for `key`: the same plaintext */
            token: string;
        };
        ApiKeyList: {
            data: components["schemas"]["ApiKey"][];
        };
        /** @description A live key: never the plaintext or its hash */
        ApiKey: {
            id: string;
            name: string;
            last4: string;
            scope: components["schemas"]["ApiKeyScope"];
            createdAt: number;
            lastUsedAt: number | null;
        };
        /**
         * @description `full` reaches every endpoint; `send` only the two send endpoints
         * @enum {string}
         */
        ApiKeyScope: "full" | "send";
        RevokedApiKey: {
            id: string;
            /** @constant */
            deleted: true;
        };
        SuppressionList: {
            data: components["schemas"]["Suppression"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        /** @description An address that must not be contacted */
        Suppression: {
            address: string;
            reason: components["schemas"]["SuppressionReason"];
            createdAt: number;
        };
        /**
         * @description `unsubscribe` blocks bulk mail only; every other reason blocks all mail
         * @enum {string}
         */
        SuppressionReason: "hard_bounce" | "complaint" | "manual" | "unsubscribe";
        AddedSuppression: {
            address: string;
            /** @constant */
            reason: "manual";
        };
        AddedSuppressionList: {
            data: components["schemas"]["AddedSuppression"][];
        };
        RemovedSuppression: {
            address: string;
            removed: boolean;
        };
        CreatedWebhookEndpoint: {
            id: string;
            url: string;
            events: components["schemas"]["WebhookEventSelector"][];
            enabled: boolean;
            /**
             * @description Resend's name for `enabled`, as its SDK's types read it
             * @enum {string}
             */
            status: "enabled" | "disabled";
            description: string | null;
            consecutiveFailures: number;
            lastAttemptAt: number | null;
            lastResponseStatus: number | null;
            lastError: string | null;
            suspendedByPlan: boolean;
            autoDisabledAt: number | null;
            /** @description email.received payloads to this endpoint carry the parsed text and html, capped */
            includeContent: boolean;
            /** @description `whsec_` + base64 of 32 bytes: keep it to verify signatures */
            secret: string;
            /** @description Resend's name for `secret`: the same value */
            signing_secret: string;
            /**
             * @description Resend's resource tag, always `webhook`
             * @constant
             */
            object: "webhook";
        };
        /**
         * @description An event type, or `*` for all ten
         * @enum {string}
         */
        WebhookEventSelector: "email.sent" | "email.delivered" | "email.opened" | "email.clicked" | "email.bounced" | "email.complained" | "email.delivery_delayed" | "email.failed" | "quota.exceeded" | "email.received" | "*";
        WebhookEndpointList: {
            data: components["schemas"]["WebhookEndpoint"][];
        };
        /** @description Where events are delivered; the signing secret is shown only at creation and rotation */
        WebhookEndpoint: {
            id: string;
            url: string;
            events: components["schemas"]["WebhookEventSelector"][];
            enabled: boolean;
            /**
             * @description Resend's name for `enabled`, as its SDK's types read it
             * @enum {string}
             */
            status: "enabled" | "disabled";
            description: string | null;
            consecutiveFailures: number;
            lastAttemptAt: number | null;
            lastResponseStatus: number | null;
            lastError: string | null;
            suspendedByPlan: boolean;
            autoDisabledAt: number | null;
            /** @description email.received payloads to this endpoint carry the parsed text and html, capped */
            includeContent: boolean;
        };
        WebhookEndpointDetail: {
            id: string;
            url: string;
            events: components["schemas"]["WebhookEventSelector"][];
            enabled: boolean;
            /**
             * @description Resend's name for `enabled`, as its SDK's types read it
             * @enum {string}
             */
            status: "enabled" | "disabled";
            description: string | null;
            consecutiveFailures: number;
            lastAttemptAt: number | null;
            lastResponseStatus: number | null;
            lastError: string | null;
            suspendedByPlan: boolean;
            autoDisabledAt: number | null;
            /** @description email.received payloads to this endpoint carry the parsed text and html, capped */
            includeContent: boolean;
            createdAt: number;
        };
        DeletedWebhookEndpoint: {
            id: string;
            /** @constant */
            deleted: true;
        };
        RotatedSecret: {
            id: string;
            /** @description `whsec_` + base64 of 32 bytes: keep it to verify signatures */
            secret: string;
            /** @description Resend's name for `secret`: the same value */
            signing_secret: string;
            /**
             * @description Resend's resource tag, always `webhook`
             * @constant
             */
            object: "webhook";
        };
        DeliveryAttemptList: {
            data: components["schemas"]["DeliveryAttempt"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        /** @description One HTTP attempt to deliver an event */
        DeliveryAttempt: {
            id: string;
            deliveryId: string;
            eventId: string;
            eventType: components["schemas"]["WebhookEventType"];
            attempt: number;
            at: number;
            durationMs: number;
            responseStatus: number | null;
            error: string | null;
            responseBodyHead: string | null;
            deliveryStatus: components["schemas"]["DeliveryStatus"];
        };
        /**
         * @description One of the ten event types
         * @enum {string}
         */
        WebhookEventType: "email.sent" | "email.delivered" | "email.opened" | "email.clicked" | "email.bounced" | "email.complained" | "email.delivery_delayed" | "email.failed" | "quota.exceeded" | "email.received";
        /** @enum {string} */
        DeliveryStatus: "pending" | "succeeded" | "failed" | "skipped";
        /** @description The event is queued for delivery to the endpoint */
        ResendAccepted: {
            deliveryId: string;
            endpointId: string;
            eventId: string;
        };
        DomainList: {
            data: components["schemas"]["Domain"][];
        };
        /** @description A sending domain and the DNS records it needs */
        Domain: {
            id: string;
            name: string;
            status: components["schemas"]["DomainStatus"];
            verifiedAt: number | null;
            createdAt: number;
            dnsCheckedAt: number | null;
            dnsHost: string | null;
            dnsRecords: components["schemas"]["DnsRecord"][];
            recommendedRecords: components["schemas"]["DnsRecord"][];
            failureReason: string | null;
            dnsRegressedAt: number | null;
            suspendedAt: number | null;
            /** @description False when open and click tracking are off for this domain */
            trackEngagement: boolean;
            capabilities: components["schemas"]["DomainCapabilities"];
            /** @description Since when mail for the domain is accepted: the Receiving MX record found on the verified domain; null while receiving is disabled or its record is not (or no longer) found */
            receivingVerifiedAt: number | null;
        };
        /** @enum {string} */
        DomainStatus: "pending" | "verified" | "failed";
        /** @description A record to publish, with what the last check found */
        DnsRecord: {
            /** @description TXT, CNAME or MX */
            type: string;
            name: string;
            value: string;
            /** @description Whether the last check found it; null before any check */
            found: boolean | null;
            /** @description What the last check read instead, if anything */
            observed: string | null;
            /** @description What the record is for (Resend's labels): Verification, DKIM, SPF, Receiving or DMARC */
            record: string;
            /** @description MX records only: the preference to publish it with */
            priority?: number;
        };
        /** @description What the domain is used for (Resend's shape) */
        DomainCapabilities: {
            /** @constant */
            sending: "enabled";
            /**
             * @description enabled: the Receiving MX record is among dnsRecords, and mail is accepted once it is found (receivingVerifiedAt) on a verified domain
             * @enum {string}
             */
            receiving: "enabled" | "disabled";
        };
        DeletedDomain: {
            id: string;
            deleted: boolean;
        };
        /** @description Newest first; follow `nextCursor` (or Resend's `after` with the last id) while `has_more` */
        ReceivedEmailList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["ReceivedEmailListItem"][];
            hasMore: boolean;
            nextCursor: string | null;
            has_more: boolean;
        };
        /** @description A received message without its bodies */
        ReceivedEmailListItem: {
            /** @constant */
            object: "email";
            id: string;
            /**
             * @description `received`: stored, being parsed; `parsed`; `failed`: not parseable (the raw message is kept)
             * @enum {string}
             */
            status: "received" | "parsed" | "failed";
            /** @description The From header (the envelope sender until parsed) */
            from: string;
            to: string[];
            cc: string[];
            bcc: string[];
            reply_to: string[];
            /** @description The envelope recipients (RCPT TO) in this account */
            received_for: string[];
            subject: string;
            message_id: string;
            /** Format: date-time */
            created_at: string;
            attachments: components["schemas"]["InboundAttachmentMeta"][];
        };
        /** @description An attachment or inline part of a received message */
        InboundAttachmentMeta: {
            id: string;
            filename: string | null;
            content_type: string;
            /** @enum {string} */
            content_disposition: "attachment" | "inline";
            /** @description An inline part's Content-ID, referenced from the HTML as `cid:<content_id>` */
            content_id: string | null;
            /** @description Bytes, decoded */
            size: number;
        };
        /** @description A received message with its bodies, headers, attachments and authentication results */
        ReceivedEmail: {
            /** @constant */
            object: "email";
            id: string;
            /**
             * @description `received`: stored, being parsed; `parsed`; `failed`: not parseable (the raw message is kept)
             * @enum {string}
             */
            status: "received" | "parsed" | "failed";
            /** @description The From header (the envelope sender until parsed) */
            from: string;
            to: string[];
            cc: string[];
            bcc: string[];
            reply_to: string[];
            /** @description The envelope recipients (RCPT TO) in this account */
            received_for: string[];
            subject: string;
            message_id: string;
            /** Format: date-time */
            created_at: string;
            attachments: components["schemas"]["InboundAttachmentMeta"][];
            /** @description Untrusted: render only in a sandboxed frame */
            html: string | null;
            text: string | null;
            headers: {
                [key: string]: string;
            };
            /** @description The message as received (message/rfc822) */
            raw: components["schemas"]["DownloadLink"] | null;
            authentication: components["schemas"]["InboundAuthentication"] | null;
        };
        /** @description A signed, expiring download link */
        DownloadLink: {
            /**
             * Format: uri
             * @description A signed link that serves the bytes without an API key, until `expires_at`
             */
            download_url: string;
            /** Format: date-time */
            expires_at: string;
        };
        /** @description The sending host's SPF, DKIM, DMARC and ARC verdicts at our MX (`pass`, `fail`, `softfail`, `neutral`, `none`, `temperror`, `permerror`) */
        InboundAuthentication: {
            spf: string;
            dkim: string;
            dmarc: string;
            arc: string;
        };
        /** @description A received message's attachments, in the order of the message */
        InboundAttachmentList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["InboundAttachment"][];
            has_more: boolean;
        };
        /** @description An attachment with a signed link to its bytes */
        InboundAttachment: {
            id: string;
            filename: string | null;
            content_type: string;
            /** @enum {string} */
            content_disposition: "attachment" | "inline";
            /** @description An inline part's Content-ID, referenced from the HTML as `cid:<content_id>` */
            content_id: string | null;
            /** @description Bytes, decoded */
            size: number;
            /** @constant */
            object: "attachment";
            /**
             * Format: uri
             * @description A signed link that serves the bytes without an API key, until `expires_at`
             */
            download_url: string;
            /** Format: date-time */
            expires_at: string;
        };
        /** @description The accepted message's id */
        SentEmail: {
            id: string;
        };
        /** @description One page; follow `nextCursor` until it is null (a page may be empty while `hasMore` is true); `has_more` repeats `hasMore` for Resend's SDKs */
        EmailList: {
            data: components["schemas"]["EmailListItem"][];
            hasMore: boolean;
            nextCursor: string | null;
            has_more: boolean;
        };
        /** @description A message as the list shows it */
        EmailListItem: {
            id: string;
            status: components["schemas"]["EmailStatus"];
            from: string;
            to: string[];
            subject: string;
            createdAt: number;
            sentAt: number | null;
            tags: components["schemas"]["Tag"][];
            /**
             * @description How the message arrived: `api` (POST /v1/emails or batch) or `smtp` (SMTP submission)
             * @enum {string}
             */
            source: "api" | "smtp";
        };
        /**
         * @description A message's state. `scheduled` waits for its time; mid-dispatch messages read as `queued`; `canceled` was cancelled while scheduled.
         * @enum {string}
         */
        EmailStatus: "scheduled" | "queued" | "sent" | "delivered" | "bounced" | "complained" | "failed" | "canceled";
        /** @description A name/value pair kept with the message and echoed in its events */
        Tag: {
            name: string;
            value: string;
        };
        /** @description Per-entry outcomes; a refused entry never changes the HTTP status, so read `summary.failed` */
        BatchResult: {
            data: components["schemas"]["BatchEntry"][];
            summary: {
                total: number;
                succeeded: number;
                failed: number;
            };
            /** @description Resend's list of the refused entries (its SDK's type reads it): each one's index in `data` and its error message */
            errors: {
                index: number;
                message: string;
            }[];
        };
        /** @description One entry's outcome, in input order */
        BatchEntry: components["schemas"]["SentEmail"] | components["schemas"]["BatchEntryError"];
        /** @description This entry was refused */
        BatchEntryError: {
            error: components["schemas"]["Error"];
        };
        /** @description A message with its delivery timeline (the reference's EmailStatus and more) */
        Email: {
            id: string;
            status: components["schemas"]["EmailStatus"];
            from: string;
            to: string[];
            subject: string;
            createdAt: number;
            sentAt: number | null;
            tags: components["schemas"]["Tag"][];
            /**
             * @description How the message arrived: `api` (POST /v1/emails or batch) or `smtp` (SMTP submission)
             * @enum {string}
             */
            source: "api" | "smtp";
            sesMessageId: string | null;
            error: string | null;
            cc: string[];
            bcc: string[];
            replyTo: string[];
            scheduledAt: number | null;
            /** @description The template the content was rendered from (Resend's name); null without one */
            template_id: string | null;
            /** @description The template's published version that rendered it */
            template_version_id: string | null;
            timeline: components["schemas"]["TimelineEntry"][];
        };
        /** @description One step in a message's life, oldest first */
        TimelineEntry: {
            /**
             * @description queued (accepted, or a scheduled message leaving), scheduled (accepted for later), rescheduled (moved; detail: the new time), sent, delivered, delivery_delayed, bounced, complained, opened, clicked, failed or canceled
             * @enum {string}
             */
            type: "queued" | "scheduled" | "rescheduled" | "sent" | "delivered" | "delivery_delayed" | "bounced" | "complained" | "opened" | "clicked" | "failed" | "canceled";
            /** @description Unix ms */
            at: number;
            detail: string | null;
        };
        CanceledEmail: {
            id: string;
            canceled: boolean;
        };
        /** @description The message's new dispatch time */
        RescheduledEmail: {
            id: string;
            /** @description Unix ms */
            scheduledAt: number;
        };
        /** @description Use against the plan; `limit: null` means unlimited */
        Usage: {
            plan: string;
            month: components["schemas"]["UsageCount"];
            day: components["schemas"]["UsageCount"];
            domains: components["schemas"]["UsageAllowance"];
            webhooks: components["schemas"]["UsageAllowance"];
        };
        UsageCount: {
            count: number;
            limit: number | null;
        };
        UsageAllowance: {
            count: number;
            limit: number | null;
            suspended: number;
        };
        TemplateRef: {
            /** @constant */
            object: "template";
            id: string;
        };
        /** @description Newest first; follow `nextCursor` (or Resend's `after` with the last id) until `hasMore` is false */
        TemplateList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["TemplateListItem"][];
            hasMore: boolean;
            nextCursor: string | null;
            has_more: boolean;
        };
        TemplateListItem: {
            id: string;
            name: string;
            alias: string | null;
            /**
             * @description `published` once a version was published (it sends); `draft` before
             * @enum {string}
             */
            status: "draft" | "published";
            published_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A stored template's working copy and publishing state */
        Template: {
            /** @constant */
            object: "template";
            id: string;
            name: string;
            alias: string | null;
            subject: string | null;
            html: string;
            text: string | null;
            from: string | null;
            reply_to: string[] | null;
            variables: components["schemas"]["TemplateVariable"][];
            /**
             * @description `published` once a version was published (it sends); `draft` before
             * @enum {string}
             */
            status: "draft" | "published";
            published_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The working copy was edited since the last publish; sends use the published version */
            has_unpublished_versions: boolean;
            /** @description The published version that sends; null until the first publish */
            current_version_id: string | null;
        };
        /** @description A declared `{{{key}}}` variable; `fallback_value` is used when a send omits it */
        TemplateVariable: {
            key: string;
            /** @enum {string} */
            type: "string" | "number";
            fallback_value: string | number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        DeletedTemplate: {
            /** @constant */
            object: "template";
            id: string;
            deleted: boolean;
        };
        /**
         * @description What went wrong: a request-level error, or one batch entry's.
         * @example {
         *       "type": "not_found",
         *       "message": "Domain not found",
         *       "docs_url": "https://mail.example.com/docs/errors/not_found"
         *     }
         */
        Error: {
            /**
             * @description Machine-readable kind; see docs_url
             * @enum {string}
             */
            type: "validation_error" | "authentication_error" | "domain_error" | "quota_exceeded" | "rate_limited" | "deliverability_blocked" | "account_pending_review" | "sandbox_recipient" | "suppressed_recipient" | "not_found" | "internal_error";
            /** @description Safe to display */
            message: string;
            /**
             * Format: uri
             * @description The reference entry for `type`, served by this deployment
             */
            docs_url: string;
        };
        /** @description The message an email event is about */
        EmailEventData: {
            email_id: string;
            from: string;
            to: string[];
            subject: string;
            tags: {
                name: string;
                value: string;
            }[];
            /** @description The template the message was rendered from; absent without one */
            template_id?: string;
        };
        /** @description email.opened: the message, and the open */
        OpenedEventData: {
            email_id: string;
            from: string;
            to: string[];
            subject: string;
            tags: {
                name: string;
                value: string;
            }[];
            /** @description The template the message was rendered from; absent without one */
            template_id?: string;
            open: {
                /** Format: date-time */
                timestamp: string;
                userAgent: string | null;
                /** @description From X-Forwarded-For, when a proxy sets it */
                ipAddress: string | null;
            };
        };
        /** @description email.clicked: the message, and the click */
        ClickedEventData: {
            email_id: string;
            from: string;
            to: string[];
            subject: string;
            tags: {
                name: string;
                value: string;
            }[];
            /** @description The template the message was rendered from; absent without one */
            template_id?: string;
            click: {
                /** Format: date-time */
                timestamp: string;
                userAgent: string | null;
                /** @description From X-Forwarded-For, when a proxy sets it */
                ipAddress: string | null;
                /** @description The link's original URL */
                link: string;
            };
        };
        /** @description An email event about one recipient (email.bounced, email.complained) */
        RecipientEventData: {
            email_id: string;
            from: string;
            to: string[];
            subject: string;
            tags: {
                name: string;
                value: string;
            }[];
            /** @description The template the message was rendered from; absent without one */
            template_id?: string;
            /** @description The address that bounced or complained; it is now suppressed */
            recipient: string;
            /** @description What the receiving mail server said */
            reason: string;
        };
        /** @description Account-level: no email_id */
        QuotaEventData: {
            month_count: number;
            month_limit: number;
            /** @description Sends stop here; the grace band lies between month_limit and hard_limit */
            hard_limit: number;
        };
        /** @description email.received: a message received for one of the account's domains */
        InboundEventData: {
            /** @description The inbound message (GET /v1/emails/receiving/{id}) */
            email_id: string;
            /**
             * Format: date-time
             * @description When the MX listener stored it
             */
            created_at: string;
            from: string;
            to: string[];
            cc: string[];
            bcc: string[];
            /** @description The envelope recipients (RCPT TO) in this account */
            received_for: string[];
            message_id: string | null;
            subject: string;
            attachments: {
                id: string;
                filename: string | null;
                content_type: string;
                content_disposition: string;
                content_id: string | null;
            }[];
            /** @description The parsed text, capped: only to an endpoint with include_content */
            text?: string | null;
            /** @description The parsed html, capped: only to an endpoint with include_content */
            html?: string | null;
        };
        /**
         * @description The body of every error answer, including an unknown route or method.
         * @example {
         *       "error": {
         *         "type": "not_found",
         *         "message": "Domain not found",
         *         "docs_url": "https://mail.example.com/docs/errors/not_found"
         *       },
         *       "statusCode": 404,
         *       "name": "not_found",
         *       "message": "Domain not found"
         *     }
         */
        ErrorEnvelope: {
            error: components["schemas"]["Error"];
            /** @description The HTTP status, repeated */
            statusCode: number;
            /**
             * @description Equal to `error.type`
             * @enum {string}
             */
            name: "validation_error" | "authentication_error" | "domain_error" | "quota_exceeded" | "rate_limited" | "deliverability_blocked" | "account_pending_review" | "sandbox_recipient" | "suppressed_recipient" | "not_found" | "internal_error";
            /** @description Equal to `error.message` */
            message: string;
        };
        /** @description Accepted and handed to the upstream provider. */
        EmailSentEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "email.sent";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["EmailEventData"];
        };
        /** @description The receiving server confirmed delivery. */
        EmailDeliveredEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "email.delivered";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["EmailEventData"];
        };
        /** @description The recipient opened it (open tracking). May fire more than once. */
        EmailOpenedEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "email.opened";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["OpenedEventData"];
        };
        /** @description The recipient clicked a tracked link (click tracking). May fire more than once. */
        EmailClickedEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "email.clicked";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["ClickedEventData"];
        };
        /** @description Hard bounce. The recipient is automatically suppressed. */
        EmailBouncedEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "email.bounced";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["RecipientEventData"];
        };
        /** @description Spam complaint. The recipient is automatically suppressed. */
        EmailComplainedEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "email.complained";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["RecipientEventData"];
        };
        /** @description The provider is retrying after a transient failure; a delivered or bounced event follows. */
        EmailDeliveryDelayedEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "email.delivery_delayed";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["EmailEventData"];
        };
        /** @description Could not be submitted upstream. */
        EmailFailedEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "email.failed";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["EmailEventData"];
        };
        /** @description A send took the account past its monthly limit into the grace band. Fired once per period; mail keeps going out until hard_limit. */
        QuotaExceededEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "quota.exceeded";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["QuotaEventData"];
        };
        /** @description A message arrived at the MX listener for one of the account's receiving domains and was parsed. Metadata only, unless the endpoint has include_content. */
        EmailReceivedEvent: {
            /** @description Unique event id; dedupe on it (delivery is at least once) */
            id: string;
            /** @constant */
            type: "email.received";
            /**
             * Format: date-time
             * @description ISO 8601; sequence events by it
             */
            created_at: string;
            data: components["schemas"]["InboundEventData"];
        };
        SendRequest: {
            /** @description `addr@domain`, `Name <addr@domain>` or `"Quoted, Name" <addr@domain>` on a verified domain, or the sandbox sender; optional with a template that sets one */
            from?: string;
            to: string | string[];
            cc?: (string | string[]) | null;
            bcc?: (string | string[]) | null;
            /** @description Required unless a template gives one */
            subject?: string;
            html?: string | null;
            text?: string | null;
            replyTo?: (string | string[]) | null;
            reply_to?: (string | string[]) | null;
            attachments?: {
                filename: string;
                content: string;
                contentType?: string | null;
                content_type?: string | null;
                /** @description Resend's field, refused when set: attachments are sent as base64 content */
                path?: unknown;
                /** @description Resend's name: makes the attachment inline, referenced from the HTML as `cid:<content_id>` */
                content_id?: string | null;
                /** @description makes the attachment inline, referenced from the HTML as `cid:<contentId>` */
                contentId?: string | null;
            }[] | null;
            tags?: {
                name: string;
                value: string;
            }[] | null;
            /** @description Custom headers: at most 10, names at most 100 characters, values at most 998 (a header line), 8192 bytes together */
            headers?: {
                [key: string]: string;
            } | null;
            idempotency_key?: string | null;
            idempotencyKey?: string | null;
            /** @description ISO 8601 or Unix ms */
            scheduledAt?: (string | number) | null;
            /** @description Resend's name: ISO 8601, Unix ms, or a phrase such as "in 1 hour" or "tomorrow at 9am" (UTC) */
            scheduled_at?: (string | number) | null;
            bulk?: (true | false) | null;
            /** @description A published template (its id or alias) and its variables; not combinable with html or text */
            template?: {
                id: string;
                variables?: {
                    [key: string]: string | number;
                } | null;
            } | null;
            /** @description Resend's field, refused when set: topics */
            topic_id?: unknown;
            /** @description Resend's field, refused when set: topics */
            topicId?: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type CreatedApiKey = components['schemas']['CreatedApiKey'];
export type ApiKeyList = components['schemas']['ApiKeyList'];
export type ApiKey = components['schemas']['ApiKey'];
export type ApiKeyScope = components['schemas']['ApiKeyScope'];
export type RevokedApiKey = components['schemas']['RevokedApiKey'];
export type SuppressionList = components['schemas']['SuppressionList'];
export type Suppression = components['schemas']['Suppression'];
export type SuppressionReason = components['schemas']['SuppressionReason'];
export type AddedSuppression = components['schemas']['AddedSuppression'];
export type AddedSuppressionList = components['schemas']['AddedSuppressionList'];
export type RemovedSuppression = components['schemas']['RemovedSuppression'];
export type CreatedWebhookEndpoint = components['schemas']['CreatedWebhookEndpoint'];
export type WebhookEventSelector = components['schemas']['WebhookEventSelector'];
export type WebhookEndpointList = components['schemas']['WebhookEndpointList'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEndpointDetail = components['schemas']['WebhookEndpointDetail'];
export type DeletedWebhookEndpoint = components['schemas']['DeletedWebhookEndpoint'];
export type RotatedSecret = components['schemas']['RotatedSecret'];
export type DeliveryAttemptList = components['schemas']['DeliveryAttemptList'];
export type DeliveryAttempt = components['schemas']['DeliveryAttempt'];
export type WebhookEventType = components['schemas']['WebhookEventType'];
export type DeliveryStatus = components['schemas']['DeliveryStatus'];
export type ResendAccepted = components['schemas']['ResendAccepted'];
export type DomainList = components['schemas']['DomainList'];
export type Domain = components['schemas']['Domain'];
export type DomainStatus = components['schemas']['DomainStatus'];
export type DnsRecord = components['schemas']['DnsRecord'];
export type DomainCapabilities = components['schemas']['DomainCapabilities'];
export type DeletedDomain = components['schemas']['DeletedDomain'];
export type ReceivedEmailList = components['schemas']['ReceivedEmailList'];
export type ReceivedEmailListItem = components['schemas']['ReceivedEmailListItem'];
export type InboundAttachmentMeta = components['schemas']['InboundAttachmentMeta'];
export type ReceivedEmail = components['schemas']['ReceivedEmail'];
export type DownloadLink = components['schemas']['DownloadLink'];
export type InboundAuthentication = components['schemas']['InboundAuthentication'];
export type InboundAttachmentList = components['schemas']['InboundAttachmentList'];
export type InboundAttachment = components['schemas']['InboundAttachment'];
export type SentEmail = components['schemas']['SentEmail'];
export type EmailList = components['schemas']['EmailList'];
export type EmailListItem = components['schemas']['EmailListItem'];
export type EmailStatus = components['schemas']['EmailStatus'];
export type Tag = components['schemas']['Tag'];
export type BatchResult = components['schemas']['BatchResult'];
export type BatchEntry = components['schemas']['BatchEntry'];
export type BatchEntryError = components['schemas']['BatchEntryError'];
export type Email = components['schemas']['Email'];
export type TimelineEntry = components['schemas']['TimelineEntry'];
export type CanceledEmail = components['schemas']['CanceledEmail'];
export type RescheduledEmail = components['schemas']['RescheduledEmail'];
export type Usage = components['schemas']['Usage'];
export type UsageCount = components['schemas']['UsageCount'];
export type UsageAllowance = components['schemas']['UsageAllowance'];
export type TemplateRef = components['schemas']['TemplateRef'];
export type TemplateList = components['schemas']['TemplateList'];
export type TemplateListItem = components['schemas']['TemplateListItem'];
export type Template = components['schemas']['Template'];
export type TemplateVariable = components['schemas']['TemplateVariable'];
export type DeletedTemplate = components['schemas']['DeletedTemplate'];
export type Error = components['schemas']['Error'];
export type EmailEventData = components['schemas']['EmailEventData'];
export type OpenedEventData = components['schemas']['OpenedEventData'];
export type ClickedEventData = components['schemas']['ClickedEventData'];
export type RecipientEventData = components['schemas']['RecipientEventData'];
export type QuotaEventData = components['schemas']['QuotaEventData'];
export type InboundEventData = components['schemas']['InboundEventData'];
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
export type EmailSentEvent = components['schemas']['EmailSentEvent'];
export type EmailDeliveredEvent = components['schemas']['EmailDeliveredEvent'];
export type EmailOpenedEvent = components['schemas']['EmailOpenedEvent'];
export type EmailClickedEvent = components['schemas']['EmailClickedEvent'];
export type EmailBouncedEvent = components['schemas']['EmailBouncedEvent'];
export type EmailComplainedEvent = components['schemas']['EmailComplainedEvent'];
export type EmailDeliveryDelayedEvent = components['schemas']['EmailDeliveryDelayedEvent'];
export type EmailFailedEvent = components['schemas']['EmailFailedEvent'];
export type QuotaExceededEvent = components['schemas']['QuotaExceededEvent'];
export type EmailReceivedEvent = components['schemas']['EmailReceivedEvent'];
export type SendRequest = components['schemas']['SendRequest'];
export type $defs = Record<string, never>;
export interface operations {
    "apiKeys-list": {
        parameters: {
            query?: {
                /** @description Resend's paging field, refused when set (400): this list is not paged, it returns every item at once */
                after?: string;
                /** @description Resend's paging field, refused when set (400): this list is not paged, it returns every item at once */
                before?: string;
                /** @description Resend's paging field, refused when set (400): this list is not paged, it returns every item at once */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-7dab3c4e5f60",
                     *           "name": "production",
                     *           "last4": "x9Qz",
                     *           "scope": "full",
                     *           "createdAt": 1767225600000,
                     *           "lastUsedAt": 1767225660000
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "apiKeys-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "production",
                 *       "scope": "send"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /**
                     * @description full (default) or send
                     * @enum {string}
                     */
                    scope?: "full" | "send";
                    /**
                     * @description Resend's name for scope: full_access = full, sending_access = send
                     * @enum {string}
                     */
                    permission?: "full_access" | "sending_access";
                    /** @description Resend's field, refused when set: a key cannot be limited to one domain */
                    domain_id?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key": "ph_3q2-7wXkV1m0sZr8bT4yJc6nHdLfAeGu9oKiPjQx9Qz",
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-7dab3c4e5f60",
                     *       "token": "ph_3q2-7wXkV1m0sZr8bT4yJc6nHdLfAeGu9oKiPjQx9Qz"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description validation_error: name missing, scope not full or send, or 50 live keys already held */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "apiKeys-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-7dab3c4e5f60",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["RevokedApiKey"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "suppressions-list": {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1 to 100 (default 50) */
                limit?: string;
                /** @description The previous page's `nextCursor` */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "address": "ada@example.com",
                     *           "reason": "hard_bounce",
                     *           "createdAt": 1767225600000
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["SuppressionList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "suppressions-add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "address": "ada@example.com",
                     *       "reason": "manual"
                     *     }
                     */
                    "application/json": components["schemas"]["AddedSuppression"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "suppressions-addBulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "emails": [
                 *         "ada@example.com",
                 *         "grace@example.com"
                 *       ]
                 *     }
                 */
                "application/json": {
                    emails: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "address": "ada@example.com",
                     *           "reason": "manual"
                     *         },
                     *         {
                     *           "address": "grace@example.com",
                     *           "reason": "manual"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AddedSuppressionList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "suppressions-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "address": "ada@example.com",
                     *       "removed": true
                     *     }
                     */
                    "application/json": components["schemas"]["RemovedSuppression"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: the path names no resource (it holds text that is not an address) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks-list": {
        parameters: {
            query?: {
                /** @description Resend's paging field, refused when set (400): this list is not paged, it returns every item at once */
                after?: string;
                /** @description Resend's paging field, refused when set (400): this list is not paged, it returns every item at once */
                before?: string;
                /** @description Resend's paging field, refused when set (400): this list is not paged, it returns every item at once */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-8ebc4d5f6071",
                     *           "url": "https://hooks.acme.example/posthaste",
                     *           "events": [
                     *             "email.delivered",
                     *             "email.bounced"
                     *           ],
                     *           "enabled": true,
                     *           "status": "enabled",
                     *           "description": "Delivery outcomes",
                     *           "consecutiveFailures": 0,
                     *           "lastAttemptAt": null,
                     *           "lastResponseStatus": null,
                     *           "lastError": null,
                     *           "suspendedByPlan": false,
                     *           "autoDisabledAt": null,
                     *           "includeContent": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.acme.example/posthaste",
                 *       "events": [
                 *         "email.delivered",
                 *         "email.bounced"
                 *       ],
                 *       "description": "Delivery outcomes"
                 *     }
                 */
                "application/json": {
                    url?: string;
                    events: ("email.sent" | "email.delivered" | "email.opened" | "email.clicked" | "email.bounced" | "email.complained" | "email.delivery_delayed" | "email.failed" | "quota.exceeded" | "email.received" | "*")[];
                    description?: string | null;
                    enabled?: true | false;
                    /** @description email.received payloads carry the parsed text and html (each capped at 262144 characters); default false */
                    includeContent?: true | false;
                    /** @description Resend's name for url */
                    endpoint?: string;
                    /**
                     * @description Resend's name for enabled: enabled = true, disabled = false
                     * @enum {string}
                     */
                    status?: "enabled" | "disabled";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-8ebc4d5f6071",
                     *       "url": "https://hooks.acme.example/posthaste",
                     *       "events": [
                     *         "email.delivered",
                     *         "email.bounced"
                     *       ],
                     *       "enabled": true,
                     *       "status": "enabled",
                     *       "description": "Delivery outcomes",
                     *       "consecutiveFailures": 0,
                     *       "lastAttemptAt": null,
                     *       "lastResponseStatus": null,
                     *       "lastError": null,
                     *       "suspendedByPlan": false,
                     *       "autoDisabledAt": null,
                     *       "includeContent": false,
                     *       "secret": "whsec_ggzbjbFsk034pvMRKNJiUbrvcqjigECDe0R20yIgzfM=",
                     *       "signing_secret": "whsec_ggzbjbFsk034pvMRKNJiUbrvcqjigECDe0R20yIgzfM=",
                     *       "object": "webhook"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            /** @description validation_error: url not https, not port 443 or a private host; events empty or unknown; description over 500 characters; the plan's endpoint allowance is full */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-8ebc4d5f6071",
                     *       "url": "https://hooks.acme.example/posthaste",
                     *       "events": [
                     *         "email.delivered",
                     *         "email.bounced"
                     *       ],
                     *       "enabled": true,
                     *       "status": "enabled",
                     *       "description": "Delivery outcomes",
                     *       "consecutiveFailures": 0,
                     *       "lastAttemptAt": null,
                     *       "lastResponseStatus": null,
                     *       "lastError": null,
                     *       "suspendedByPlan": false,
                     *       "autoDisabledAt": null,
                     *       "includeContent": false,
                     *       "createdAt": 1767225600000
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointDetail"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-8ebc4d5f6071",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false
                 *     }
                 */
                "application/json": {
                    url?: string;
                    events?: ("email.sent" | "email.delivered" | "email.opened" | "email.clicked" | "email.bounced" | "email.complained" | "email.delivery_delayed" | "email.failed" | "quota.exceeded" | "email.received" | "*")[];
                    description?: string | null;
                    enabled?: true | false;
                    /** @description email.received payloads carry the parsed text and html (each capped at 262144 characters); default false */
                    includeContent?: true | false;
                    /** @description Resend's name for url */
                    endpoint?: string;
                    /**
                     * @description Resend's name for enabled: enabled = true, disabled = false
                     * @enum {string}
                     */
                    status?: "enabled" | "disabled";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-8ebc4d5f6071",
                     *       "url": "https://hooks.acme.example/posthaste",
                     *       "events": [
                     *         "email.delivered",
                     *         "email.bounced"
                     *       ],
                     *       "enabled": false,
                     *       "status": "disabled",
                     *       "description": "Delivery outcomes",
                     *       "consecutiveFailures": 0,
                     *       "lastAttemptAt": null,
                     *       "lastResponseStatus": null,
                     *       "lastError": null,
                     *       "suspendedByPlan": false,
                     *       "autoDisabledAt": null,
                     *       "includeContent": false
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description validation_error: a field as for create, or enabled: true on an endpoint the plan suspended */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks-rotateSecret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-8ebc4d5f6071",
                     *       "secret": "whsec_ggzbjbFsk034pvMRKNJiUbrvcqjigECDe0R20yIgzfM=",
                     *       "signing_secret": "whsec_ggzbjbFsk034pvMRKNJiUbrvcqjigECDe0R20yIgzfM=",
                     *       "object": "webhook"
                     *     }
                     */
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks-rotateSecretAlias": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-8ebc4d5f6071",
                     *       "secret": "whsec_ggzbjbFsk034pvMRKNJiUbrvcqjigECDe0R20yIgzfM=",
                     *       "signing_secret": "whsec_ggzbjbFsk034pvMRKNJiUbrvcqjigECDe0R20yIgzfM=",
                     *       "object": "webhook"
                     *     }
                     */
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks-attempts": {
        parameters: {
            query?: {
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-b1ef708192a4",
                     *           "deliveryId": "0194f5c2-7a1e-7c3b-9d2e-a0de6f718293",
                     *           "eventId": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                     *           "eventType": "email.delivered",
                     *           "attempt": 1,
                     *           "at": 1767225600000,
                     *           "durationMs": 84,
                     *           "responseStatus": 200,
                     *           "error": null,
                     *           "responseBodyHead": "ok",
                     *           "deliveryStatus": "succeeded"
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["DeliveryAttemptList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks-resend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "eventId": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182"
                 *     }
                 */
                "application/json": {
                    eventId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveryId": "0194f5c2-7a1e-7c3b-9d2e-a0de6f718293",
                     *       "endpointId": "0194f5c2-7a1e-7c3b-9d2e-8ebc4d5f6071",
                     *       "eventId": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182"
                     *     }
                     */
                    "application/json": components["schemas"]["ResendAccepted"];
                };
            };
            /** @description validation_error: eventId missing, or the endpoint is disabled */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such endpoint or event in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited: 10 test events and resends to this endpoint already in the last 60 seconds; Retry-After says when to try again */
            429: {
                headers: {
                    /** @description On `rate_limited` only: integer seconds until the request may be retried */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "domains-list": {
        parameters: {
            query?: {
                /** @description Resend's paging field, refused when set (400): this list is not paged, it returns every item at once */
                after?: string;
                /** @description Resend's paging field, refused when set (400): this list is not paged, it returns every item at once */
                before?: string;
                /** @description Resend's paging field, refused when set (400): this list is not paged, it returns every item at once */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-6c9a2b3d4e5f",
                     *           "name": "acme.example",
                     *           "status": "pending",
                     *           "verifiedAt": null,
                     *           "createdAt": 1767225600000,
                     *           "dnsCheckedAt": null,
                     *           "dnsHost": "Cloudflare",
                     *           "dnsRecords": [
                     *             {
                     *               "type": "TXT",
                     *               "name": "_posthaste-verification.acme.example",
                     *               "value": "posthaste-verification=3f9c1e0a7b6d4c2e8f1a5b9d0c7e6f42",
                     *               "found": null,
                     *               "observed": null,
                     *               "record": "Verification"
                     *             },
                     *             {
                     *               "type": "TXT",
                     *               "name": "posthaste._domainkey.acme.example",
                     *               "value": "v=DKIM1; k=rsa; p=MIIBIjANBg…",
                     *               "found": null,
                     *               "observed": null,
                     *               "record": "DKIM"
                     *             },
                     *             {
                     *               "type": "TXT",
                     *               "name": "bounces.acme.example",
                     *               "value": "v=spf1 include:_spf.posthaste.example ~all",
                     *               "found": null,
                     *               "observed": null,
                     *               "record": "SPF"
                     *             },
                     *             {
                     *               "type": "MX",
                     *               "name": "bounces.acme.example",
                     *               "value": "feedback-smtp.posthaste.example",
                     *               "found": null,
                     *               "observed": null,
                     *               "record": "SPF",
                     *               "priority": 10
                     *             }
                     *           ],
                     *           "recommendedRecords": [
                     *             {
                     *               "type": "TXT",
                     *               "name": "_dmarc.acme.example",
                     *               "value": "v=DMARC1; p=none;",
                     *               "found": null,
                     *               "observed": null,
                     *               "record": "DMARC"
                     *             }
                     *           ],
                     *           "failureReason": null,
                     *           "dnsRegressedAt": null,
                     *           "suspendedAt": null,
                     *           "trackEngagement": true,
                     *           "capabilities": {
                     *             "sending": "enabled",
                     *             "receiving": "disabled"
                     *           },
                     *           "receivingVerifiedAt": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DomainList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "domains-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "acme.example"
                 *     }
                 */
                "application/json": {
                    name: string;
                    trackEngagement?: true | false;
                    /** @description Resend's name: sets trackEngagement (must agree with click_tracking) */
                    open_tracking?: true | false;
                    /** @description Resend's name: sets trackEngagement (must agree with open_tracking) */
                    click_tracking?: true | false;
                    /** @description Resend's shape: receiving enabled adds the Receiving MX record; sending is always enabled */
                    capabilities?: {
                        /** @enum {string} */
                        sending?: "enabled" | "disabled";
                        /** @enum {string} */
                        receiving?: "enabled" | "disabled";
                    } | null;
                    /** @description Resend's field, refused when set: one sending region per deployment */
                    region?: unknown;
                    /** @description Resend's field, refused when set: the return-path subdomain is fixed */
                    custom_return_path?: unknown;
                    /** @description Resend's field, refused when set: tracked links use the app's own URL */
                    tracking_subdomain?: unknown;
                    /** @description Resend's field: only opportunistic is honoured */
                    tls?: "opportunistic" | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-6c9a2b3d4e5f",
                     *       "name": "acme.example",
                     *       "status": "pending",
                     *       "verifiedAt": null,
                     *       "createdAt": 1767225600000,
                     *       "dnsCheckedAt": null,
                     *       "dnsHost": "Cloudflare",
                     *       "dnsRecords": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_posthaste-verification.acme.example",
                     *           "value": "posthaste-verification=3f9c1e0a7b6d4c2e8f1a5b9d0c7e6f42",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "Verification"
                     *         },
                     *         {
                     *           "type": "TXT",
                     *           "name": "posthaste._domainkey.acme.example",
                     *           "value": "v=DKIM1; k=rsa; p=MIIBIjANBg…",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "DKIM"
                     *         },
                     *         {
                     *           "type": "TXT",
                     *           "name": "bounces.acme.example",
                     *           "value": "v=spf1 include:_spf.posthaste.example ~all",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "SPF"
                     *         },
                     *         {
                     *           "type": "MX",
                     *           "name": "bounces.acme.example",
                     *           "value": "feedback-smtp.posthaste.example",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "SPF",
                     *           "priority": 10
                     *         }
                     *       ],
                     *       "recommendedRecords": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_dmarc.acme.example",
                     *           "value": "v=DMARC1; p=none;",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "DMARC"
                     *         }
                     *       ],
                     *       "failureReason": null,
                     *       "dnsRegressedAt": null,
                     *       "suspendedAt": null,
                     *       "trackEngagement": true,
                     *       "capabilities": {
                     *         "sending": "enabled",
                     *         "receiving": "disabled"
                     *       },
                     *       "receivingVerifiedAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key. domain_error: the name is reserved by the platform, blocked after an abuse suspension, or the plan's domain allowance is used */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description domain_error: the domain is already on this account */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited: too many requests (Retry-After: seconds) */
            429: {
                headers: {
                    /** @description On `rate_limited` only: integer seconds until the request may be retried */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description domain_error: the upstream provider could not set up the identity (refused, or an earlier identity of the name is still being removed); nothing was kept, so a retry starts clean */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "domains-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-6c9a2b3d4e5f",
                     *       "name": "acme.example",
                     *       "status": "pending",
                     *       "verifiedAt": null,
                     *       "createdAt": 1767225600000,
                     *       "dnsCheckedAt": null,
                     *       "dnsHost": "Cloudflare",
                     *       "dnsRecords": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_posthaste-verification.acme.example",
                     *           "value": "posthaste-verification=3f9c1e0a7b6d4c2e8f1a5b9d0c7e6f42",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "Verification"
                     *         },
                     *         {
                     *           "type": "TXT",
                     *           "name": "posthaste._domainkey.acme.example",
                     *           "value": "v=DKIM1; k=rsa; p=MIIBIjANBg…",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "DKIM"
                     *         },
                     *         {
                     *           "type": "TXT",
                     *           "name": "bounces.acme.example",
                     *           "value": "v=spf1 include:_spf.posthaste.example ~all",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "SPF"
                     *         },
                     *         {
                     *           "type": "MX",
                     *           "name": "bounces.acme.example",
                     *           "value": "feedback-smtp.posthaste.example",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "SPF",
                     *           "priority": 10
                     *         }
                     *       ],
                     *       "recommendedRecords": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_dmarc.acme.example",
                     *           "value": "v=DMARC1; p=none;",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "DMARC"
                     *         }
                     *       ],
                     *       "failureReason": null,
                     *       "dnsRegressedAt": null,
                     *       "suspendedAt": null,
                     *       "trackEngagement": true,
                     *       "capabilities": {
                     *         "sending": "enabled",
                     *         "receiving": "disabled"
                     *       },
                     *       "receivingVerifiedAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "domains-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-6c9a2b3d4e5f",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedDomain"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited: too many requests (Retry-After: seconds) */
            429: {
                headers: {
                    /** @description On `rate_limited` only: integer seconds until the request may be retried */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "domains-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "capabilities": {
                 *         "receiving": "enabled"
                 *       }
                 *     }
                 */
                "application/json": {
                    trackEngagement?: true | false;
                    /** @description Resend's name: sets trackEngagement (must agree with click_tracking) */
                    open_tracking?: true | false;
                    /** @description Resend's name: sets trackEngagement (must agree with open_tracking) */
                    click_tracking?: true | false;
                    /** @description Resend's shape: receiving enabled adds the Receiving MX record; sending is always enabled */
                    capabilities?: {
                        /** @enum {string} */
                        sending?: "enabled" | "disabled";
                        /** @enum {string} */
                        receiving?: "enabled" | "disabled";
                    } | null;
                    /** @description Resend's field, refused when set: one sending region per deployment */
                    region?: unknown;
                    /** @description Resend's field, refused when set: the return-path subdomain is fixed */
                    custom_return_path?: unknown;
                    /** @description Resend's field, refused when set: tracked links use the app's own URL */
                    tracking_subdomain?: unknown;
                    /** @description Resend's field: only opportunistic is honoured */
                    tls?: "opportunistic" | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-6c9a2b3d4e5f",
                     *       "name": "acme.example",
                     *       "status": "pending",
                     *       "verifiedAt": null,
                     *       "createdAt": 1767225600000,
                     *       "dnsCheckedAt": null,
                     *       "dnsHost": "Cloudflare",
                     *       "dnsRecords": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_posthaste-verification.acme.example",
                     *           "value": "posthaste-verification=3f9c1e0a7b6d4c2e8f1a5b9d0c7e6f42",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "Verification"
                     *         },
                     *         {
                     *           "type": "TXT",
                     *           "name": "posthaste._domainkey.acme.example",
                     *           "value": "v=DKIM1; k=rsa; p=MIIBIjANBg…",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "DKIM"
                     *         },
                     *         {
                     *           "type": "TXT",
                     *           "name": "bounces.acme.example",
                     *           "value": "v=spf1 include:_spf.posthaste.example ~all",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "SPF"
                     *         },
                     *         {
                     *           "type": "MX",
                     *           "name": "bounces.acme.example",
                     *           "value": "feedback-smtp.posthaste.example",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "SPF",
                     *           "priority": 10
                     *         },
                     *         {
                     *           "type": "MX",
                     *           "name": "acme.example",
                     *           "value": "posthaste.example",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "Receiving",
                     *           "priority": 10
                     *         }
                     *       ],
                     *       "recommendedRecords": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_dmarc.acme.example",
                     *           "value": "v=DMARC1; p=none;",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "DMARC"
                     *         }
                     *       ],
                     *       "failureReason": null,
                     *       "dnsRegressedAt": null,
                     *       "suspendedAt": null,
                     *       "trackEngagement": true,
                     *       "capabilities": {
                     *         "sending": "enabled",
                     *         "receiving": "enabled"
                     *       },
                     *       "receivingVerifiedAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "domains-verify": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-6c9a2b3d4e5f",
                     *       "name": "acme.example",
                     *       "status": "verified",
                     *       "verifiedAt": 1767226200000,
                     *       "createdAt": 1767225600000,
                     *       "dnsCheckedAt": 1767226200000,
                     *       "dnsHost": "Cloudflare",
                     *       "dnsRecords": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_posthaste-verification.acme.example",
                     *           "value": "posthaste-verification=3f9c1e0a7b6d4c2e8f1a5b9d0c7e6f42",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "Verification"
                     *         },
                     *         {
                     *           "type": "TXT",
                     *           "name": "posthaste._domainkey.acme.example",
                     *           "value": "v=DKIM1; k=rsa; p=MIIBIjANBg…",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "DKIM"
                     *         },
                     *         {
                     *           "type": "TXT",
                     *           "name": "bounces.acme.example",
                     *           "value": "v=spf1 include:_spf.posthaste.example ~all",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "SPF"
                     *         },
                     *         {
                     *           "type": "MX",
                     *           "name": "bounces.acme.example",
                     *           "value": "feedback-smtp.posthaste.example",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "SPF",
                     *           "priority": 10
                     *         }
                     *       ],
                     *       "recommendedRecords": [
                     *         {
                     *           "type": "TXT",
                     *           "name": "_dmarc.acme.example",
                     *           "value": "v=DMARC1; p=none;",
                     *           "found": null,
                     *           "observed": null,
                     *           "record": "DMARC"
                     *         }
                     *       ],
                     *       "failureReason": null,
                     *       "dnsRegressedAt": null,
                     *       "suspendedAt": null,
                     *       "trackEngagement": true,
                     *       "capabilities": {
                     *         "sending": "enabled",
                     *         "receiving": "disabled"
                     *       },
                     *       "receivingVerifiedAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "inbound-list": {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor` */
                cursor?: string;
                /** @description Resend's paging: the page of messages older than this id */
                after?: string;
                /** @description Resend's paging: the page of messages newer than this id */
                before?: string;
                /** @description Page size, 1 to 100 (out of range is 400) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "object": "email",
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-e4120a3425d7",
                     *           "status": "parsed",
                     *           "from": "Ada Lovelace <ada@example.com>",
                     *           "to": [
                     *             "support@in.acme.example"
                     *           ],
                     *           "cc": [],
                     *           "bcc": [],
                     *           "reply_to": [],
                     *           "received_for": [
                     *             "support@in.acme.example"
                     *           ],
                     *           "subject": "Re: Your receipt",
                     *           "message_id": "<CAF1x2y3@mail.example.com>",
                     *           "created_at": "2026-01-01T00:00:00.000Z",
                     *           "attachments": [
                     *             {
                     *               "id": "0194f5c2-7a1e-7c3b-9d2e-f5231b4536e8",
                     *               "filename": "invoice.pdf",
                     *               "content_type": "application/pdf",
                     *               "content_disposition": "attachment",
                     *               "content_id": null,
                     *               "size": 48213
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "nextCursor": null,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["ReceivedEmailList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "inbound-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The received email's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "email",
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-e4120a3425d7",
                     *       "status": "parsed",
                     *       "from": "Ada Lovelace <ada@example.com>",
                     *       "to": [
                     *         "support@in.acme.example"
                     *       ],
                     *       "cc": [],
                     *       "bcc": [],
                     *       "reply_to": [],
                     *       "received_for": [
                     *         "support@in.acme.example"
                     *       ],
                     *       "subject": "Re: Your receipt",
                     *       "message_id": "<CAF1x2y3@mail.example.com>",
                     *       "created_at": "2026-01-01T00:00:00.000Z",
                     *       "attachments": [
                     *         {
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-f5231b4536e8",
                     *           "filename": "invoice.pdf",
                     *           "content_type": "application/pdf",
                     *           "content_disposition": "attachment",
                     *           "content_id": null,
                     *           "size": 48213
                     *         }
                     *       ],
                     *       "html": "<p>Thanks, the invoice is attached.</p>",
                     *       "text": "Thanks, the invoice is attached.",
                     *       "headers": {
                     *         "message-id": "<CAF1x2y3@mail.example.com>",
                     *         "subject": "Re: Your receipt"
                     *       },
                     *       "raw": {
                     *         "download_url": "https://mail.example.com/downloads/eyJrIjoiciJ9.c2lnbmF0dXJl",
                     *         "expires_at": "2026-01-01T01:00:00.000Z"
                     *       },
                     *       "authentication": {
                     *         "spf": "pass",
                     *         "dkim": "pass",
                     *         "dmarc": "pass",
                     *         "arc": "none"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ReceivedEmail"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "inbound-attachments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The received email's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "object": "attachment",
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-f5231b4536e8",
                     *           "filename": "invoice.pdf",
                     *           "content_type": "application/pdf",
                     *           "content_disposition": "attachment",
                     *           "content_id": null,
                     *           "size": 48213,
                     *           "download_url": "https://mail.example.com/downloads/eyJrIjoiYSJ9.c2lnbmF0dXJl",
                     *           "expires_at": "2026-01-01T01:00:00.000Z"
                     *         }
                     *       ],
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["InboundAttachmentList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "inbound-attachment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The received email's id */
                id: string;
                /** @description The attachment's id */
                attachment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "attachment",
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-f5231b4536e8",
                     *       "filename": "invoice.pdf",
                     *       "content_type": "application/pdf",
                     *       "content_disposition": "attachment",
                     *       "content_id": null,
                     *       "size": 48213,
                     *       "download_url": "https://mail.example.com/downloads/eyJrIjoiYSJ9.c2lnbmF0dXJl",
                     *       "expires_at": "2026-01-01T01:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["InboundAttachment"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "emails-list": {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor` */
                cursor?: string;
                /** @description Resend's paging: the page of emails older than this email id */
                after?: string;
                /** @description Resend's paging: the page of emails newer than this email id */
                before?: string;
                /** @description Page size, 1 to 100 (out of range is 400) */
                limit?: number;
                /** @description Only messages in this status */
                status?: "scheduled" | "queued" | "sent" | "delivered" | "bounced" | "complained" | "failed" | "canceled";
                /** @description Full-text search, at most 512 characters and 16 terms; results in relevance order */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                     *           "status": "delivered",
                     *           "from": "Acme <billing@acme.example>",
                     *           "to": [
                     *             "ada@example.com"
                     *           ],
                     *           "subject": "Your receipt",
                     *           "createdAt": 1767225600000,
                     *           "sentAt": 1767225601200,
                     *           "tags": [
                     *             {
                     *               "name": "category",
                     *               "value": "receipt"
                     *             }
                     *           ],
                     *           "source": "api"
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "nextCursor": null,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["EmailList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error: a page could not be assembled completely; retry, or narrow with status or search */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "emails-send": {
        parameters: {
            query?: never;
            header?: {
                /** @description A repeated key (per account, kept at least 24 h) returns the first message's id and sends nothing again; the same as the body's `idempotency_key` (both given must agree). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "Acme <billing@acme.example>",
                 *       "to": [
                 *         "ada@example.com"
                 *       ],
                 *       "subject": "Your receipt",
                 *       "html": "<p>Thanks for your order.</p>",
                 *       "text": "Thanks for your order.",
                 *       "tags": [
                 *         {
                 *           "name": "category",
                 *           "value": "receipt"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SendRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e"
                     *     }
                     */
                    "application/json": components["schemas"]["SentEmail"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: sending is paused for the account. domain_error: the from domain is not verified, not this account's, or suspended by the plan. deliverability_blocked: bounce or complaint rates paused sending. account_pending_review: the account awaits approval and a recipient is outside its own domains */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: `template.id` names no template (id or alias) of this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the body, an attachment or the message is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description suppressed_recipient: a recipient is on the suppression list (the message names each). sandbox_recipient: a test-mode recipient cannot be rewritten to the signup email. validation_error: the template is a draft, or a variable is missing (without a fallback), undeclared, of the wrong type or too long (the message names it) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description quota_exceeded: the daily or monthly quota is used (no Retry-After). rate_limited: the send rate, the test-mode daily cap or the capacity guard (Retry-After: seconds) */
            429: {
                headers: {
                    /** @description On `rate_limited` only: integer seconds until the request may be retried */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "emails-batch": {
        parameters: {
            query?: never;
            header?: {
                /** @description Keys the whole batch: entry i is stored under the key `<header>[i]`, so a repeated batch (per account, kept at least 24 h) answers with the first batch's ids, entry by entry, and sends nothing again. An entry may not also carry its own `idempotency_key` (400). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "ada@example.com"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "html": "<p>Thanks for your order.</p>",
                 *         "text": "Thanks for your order.",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ]
                 *       },
                 *       {
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "not an address"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "html": "<p>Thanks for your order.</p>",
                 *         "text": "Thanks for your order.",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ]
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["SendRequest"][];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e"
                     *         },
                     *         {
                     *           "error": {
                     *             "type": "validation_error",
                     *             "message": "to[0]: invalid email address: it has no @",
                     *             "docs_url": "https://mail.example.com/docs/errors/validation_error"
                     *           }
                     *         }
                     *       ],
                     *       "summary": {
                     *         "total": 2,
                     *         "succeeded": 1,
                     *         "failed": 1
                     *       },
                     *       "errors": [
                     *         {
                     *           "index": 1,
                     *           "message": "to[0]: invalid email address: it has no @"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BatchResult"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: sending is paused for the account. domain_error: the from domain is not verified, not this account's, or suspended by the plan. deliverability_blocked: bounce or complaint rates paused sending. account_pending_review: the account awaits approval and a recipient is outside its own domains */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: `template.id` names no template (id or alias) of this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the body, an attachment or the message is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description suppressed_recipient: a recipient is on the suppression list (the message names each). sandbox_recipient: a test-mode recipient cannot be rewritten to the signup email. validation_error: the template is a draft, or a variable is missing (without a fallback), undeclared, of the wrong type or too long (the message names it) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description quota_exceeded: the daily or monthly quota is used (no Retry-After). rate_limited: the send rate, the test-mode daily cap or the capacity guard (Retry-After: seconds) */
            429: {
                headers: {
                    /** @description On `rate_limited` only: integer seconds until the request may be retried */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "emails-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                     *       "status": "delivered",
                     *       "from": "Acme <billing@acme.example>",
                     *       "to": [
                     *         "ada@example.com"
                     *       ],
                     *       "subject": "Your receipt",
                     *       "createdAt": 1767225600000,
                     *       "sentAt": 1767225601200,
                     *       "tags": [
                     *         {
                     *           "name": "category",
                     *           "value": "receipt"
                     *         }
                     *       ],
                     *       "source": "api",
                     *       "sesMessageId": null,
                     *       "error": null,
                     *       "cc": [],
                     *       "bcc": [],
                     *       "replyTo": [],
                     *       "scheduledAt": null,
                     *       "template_id": null,
                     *       "template_version_id": null,
                     *       "timeline": [
                     *         {
                     *           "type": "queued",
                     *           "at": 1767225600000,
                     *           "detail": null
                     *         },
                     *         {
                     *           "type": "sent",
                     *           "at": 1767225601200,
                     *           "detail": null
                     *         },
                     *         {
                     *           "type": "delivered",
                     *           "at": 1767225602900,
                     *           "detail": "250 2.0.0 OK"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Email"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "emails-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                     *       "canceled": true
                     *     }
                     */
                    "application/json": components["schemas"]["CanceledEmail"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the message was already dispatched or canceled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited: too many requests (Retry-After: seconds) */
            429: {
                headers: {
                    /** @description On `rate_limited` only: integer seconds until the request may be retried */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "emails-reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scheduledAt": "2030-01-01T09:00:00Z"
                 *     }
                 */
                "application/json": {
                    /** @description ISO 8601 or Unix ms */
                    scheduledAt?: (string | number) | null;
                    /** @description Resend's name: also a phrase such as "in 1 hour" (UTC) */
                    scheduled_at?: (string | number) | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                     *       "scheduledAt": 1893488400000
                     *     }
                     */
                    "application/json": components["schemas"]["RescheduledEmail"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the message is no longer scheduled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "emails-cancelAlias": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                     *       "canceled": true
                     *     }
                     */
                    "application/json": components["schemas"]["CanceledEmail"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the message was already dispatched or canceled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited: too many requests (Retry-After: seconds) */
            429: {
                headers: {
                    /** @description On `rate_limited` only: integer seconds until the request may be retried */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "usage-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "plan": "pro",
                     *       "month": {
                     *         "count": 1204,
                     *         "limit": 50000
                     *       },
                     *       "day": {
                     *         "count": 87,
                     *         "limit": null
                     *       },
                     *       "domains": {
                     *         "count": 2,
                     *         "limit": 10,
                     *         "suspended": 0
                     *       },
                     *       "webhooks": {
                     *         "count": 1,
                     *         "limit": 10,
                     *         "suspended": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "templates-list": {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1 to 100 (default 50) */
                limit?: string;
                /** @description The previous page's `nextCursor` */
                cursor?: string;
                /** @description Resend's paging: the templates older than this template id */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "0194f5c2-7a1e-7c3b-9d2e-c2f0819203b5",
                     *           "name": "Receipt",
                     *           "alias": "receipt",
                     *           "status": "published",
                     *           "published_at": "2026-01-01T00:00:00.000Z",
                     *           "created_at": "2026-01-01T00:00:00.000Z",
                     *           "updated_at": "2026-01-01T00:00:00.000Z"
                     *         }
                     *       ],
                     *       "hasMore": false,
                     *       "nextCursor": null,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["TemplateList"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "templates-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Receipt",
                 *       "alias": "receipt",
                 *       "from": "Acme <billing@acme.example>",
                 *       "subject": "Your receipt for order {{{ORDER}}}",
                 *       "html": "<p>Thanks, {{{NAME}}}: order {{{ORDER}}} is paid.</p>",
                 *       "text": "Thanks, {{{NAME}}}: order {{{ORDER}}} is paid.",
                 *       "variables": [
                 *         {
                 *           "key": "NAME",
                 *           "type": "string",
                 *           "fallback_value": "there"
                 *         },
                 *         {
                 *           "key": "ORDER",
                 *           "type": "string",
                 *           "fallback_value": null
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @description A name to send and look the template up by, unique in the account */
                    alias?: string | null;
                    subject?: string | null;
                    html: string;
                    text?: string | null;
                    from?: string | null;
                    reply_to?: (string | string[]) | null;
                    replyTo?: (string | string[]) | null;
                    variables?: {
                        key: string;
                        /** @enum {string} */
                        type: "string" | "number";
                        fallback_value?: string | number | null;
                        fallbackValue?: string | number | null;
                    }[] | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "template",
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-c2f0819203b5"
                     *     }
                     */
                    "application/json": components["schemas"]["TemplateRef"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: another template of the account has this alias */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 422 validation_error: a placeholder `{{{KEY}}}` that is not a declared variable, a reserved or malformed key, more than 50 variables, a fallback of the wrong type or too long (the message names it) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "templates-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "template",
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-c2f0819203b5",
                     *       "name": "Receipt",
                     *       "alias": "receipt",
                     *       "from": "Acme <billing@acme.example>",
                     *       "subject": "Your receipt for order {{{ORDER}}}",
                     *       "html": "<p>Thanks, {{{NAME}}}: order {{{ORDER}}} is paid.</p>",
                     *       "text": "Thanks, {{{NAME}}}: order {{{ORDER}}} is paid.",
                     *       "variables": [
                     *         {
                     *           "key": "NAME",
                     *           "type": "string",
                     *           "fallback_value": "there",
                     *           "created_at": "2026-01-01T00:00:00.000Z",
                     *           "updated_at": "2026-01-01T00:00:00.000Z"
                     *         },
                     *         {
                     *           "key": "ORDER",
                     *           "type": "string",
                     *           "fallback_value": null,
                     *           "created_at": "2026-01-01T00:00:00.000Z",
                     *           "updated_at": "2026-01-01T00:00:00.000Z"
                     *         }
                     *       ],
                     *       "reply_to": null,
                     *       "status": "published",
                     *       "published_at": "2026-01-01T00:00:00.000Z",
                     *       "created_at": "2026-01-01T00:00:00.000Z",
                     *       "updated_at": "2026-01-01T00:00:00.000Z",
                     *       "has_unpublished_versions": false,
                     *       "current_version_id": "0194f5c2-7a1e-7c3b-9d2e-d301920314c6"
                     *     }
                     */
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "templates-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "template",
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-c2f0819203b5",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedTemplate"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "templates-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "Receipt for order {{{ORDER}}}"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    /** @description A name to send and look the template up by, unique in the account */
                    alias?: string | null;
                    subject?: string | null;
                    html?: string;
                    text?: string | null;
                    from?: string | null;
                    reply_to?: (string | string[]) | null;
                    replyTo?: (string | string[]) | null;
                    variables?: {
                        key: string;
                        /** @enum {string} */
                        type: "string" | "number";
                        fallback_value?: string | number | null;
                        fallbackValue?: string | number | null;
                    }[] | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "template",
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-c2f0819203b5"
                     *     }
                     */
                    "application/json": components["schemas"]["TemplateRef"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: another template of the account has this alias */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 422 validation_error: a placeholder `{{{KEY}}}` that is not a declared variable, a reserved or malformed key, more than 50 variables, a fallback of the wrong type or too long (the message names it) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "templates-publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "template",
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-c2f0819203b5"
                     *     }
                     */
                    "application/json": components["schemas"]["TemplateRef"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 422 validation_error: a placeholder `{{{KEY}}}` that is not a declared variable, a reserved or malformed key, more than 50 variables, a fallback of the wrong type or too long (the message names it) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "templates-duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id or alias */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "template",
                     *       "id": "0194f5c2-7a1e-7c3b-9d2e-c2f0819203b5"
                     *     }
                     */
                    "application/json": components["schemas"]["TemplateRef"];
                };
            };
            /** @description validation_error: a missing or invalid field, body, query or path value */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: the key is absent, malformed, unrecognised or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description authentication_error: a send-only key (this endpoint needs a full-access key) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: no such resource in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description validation_error: the request body is too large (checked on every request, whether or not the operation takes a body) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhook-email-sent": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "email.sent",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "email_id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "ada@example.com"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailSentEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-email-delivered": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "email.delivered",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "email_id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "ada@example.com"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailDeliveredEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-email-opened": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "email.opened",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "email_id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "ada@example.com"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ],
                 *         "open": {
                 *           "timestamp": "2026-01-01T00:00:03.000Z",
                 *           "userAgent": "Mozilla/5.0",
                 *           "ipAddress": null
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailOpenedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-email-clicked": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "email.clicked",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "email_id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "ada@example.com"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ],
                 *         "click": {
                 *           "timestamp": "2026-01-01T00:00:03.000Z",
                 *           "userAgent": "Mozilla/5.0",
                 *           "ipAddress": null,
                 *           "link": "https://acme.example/order/1234"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailClickedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-email-bounced": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "email.bounced",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "email_id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "ada@example.com"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ],
                 *         "recipient": "ada@example.com",
                 *         "reason": "550 5.1.1 user unknown"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailBouncedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-email-complained": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "email.complained",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "email_id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "ada@example.com"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ],
                 *         "recipient": "ada@example.com",
                 *         "reason": "abuse"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailComplainedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-email-delivery-delayed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "email.delivery_delayed",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "email_id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "ada@example.com"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailDeliveryDelayedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-email-failed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "email.failed",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "email_id": "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e",
                 *         "from": "Acme <billing@acme.example>",
                 *         "to": [
                 *           "ada@example.com"
                 *         ],
                 *         "subject": "Your receipt",
                 *         "tags": [
                 *           {
                 *             "name": "category",
                 *             "value": "receipt"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailFailedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-quota-exceeded": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "quota.exceeded",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "month_count": 50001,
                 *         "month_limit": 50000,
                 *         "hard_limit": 55000
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["QuotaExceededEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-email-received": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`
                 * @example t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "posthaste-signature": string;
                /**
                 * @description The event id (the body's `id`)
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "posthaste-event-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1767225600
                 */
                "posthaste-timestamp": string;
                /**
                 * @description Standard Webhooks: the event id
                 * @example 0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds of this attempt
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182",
                 *       "type": "email.received",
                 *       "created_at": "2026-01-01T00:00:03.000Z",
                 *       "data": {
                 *         "email_id": "0194f5c2-7a1e-7c3b-9d2e-e4120a3425d7",
                 *         "created_at": "2026-01-01T00:00:02.000Z",
                 *         "from": "Ada Lovelace <ada@example.com>",
                 *         "to": [
                 *           "support@inbound.acme.example"
                 *         ],
                 *         "cc": [],
                 *         "bcc": [],
                 *         "received_for": [
                 *           "support+1234@inbound.acme.example"
                 *         ],
                 *         "message_id": "<CAFx1234@mail.example.com>",
                 *         "subject": "Re: order 1234",
                 *         "attachments": [
                 *           {
                 *             "id": "0194f5c2-7a1e-7c3b-9d2e-f5231b4536e8",
                 *             "filename": "receipt.pdf",
                 *             "content_type": "application/pdf",
                 *             "content_disposition": "attachment",
                 *             "content_id": null
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailReceivedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
