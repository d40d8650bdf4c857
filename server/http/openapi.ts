import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { eventExample } from "../api/examples";
import { openApiMetas, type OpenApiProcedureMeta } from "../api/metas";
import { appRouter } from "../api/root";
import type { ErrorStatus } from "../api/trpc";
import { config } from "../config";
import { ErrorEnvelopeSchema } from "../errors";
import { EVENT_DOCS, EVENT_PAYLOADS, eventSchemaId } from "../events/schemas";
import { EVENT_TYPES, type EventType } from "../events/types";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "../limits/constants";

type Json = Record<string, unknown>;
type Response = { description: string; content?: Record<string, Json>; headers?: Json };
type Operation = Json & {
  parameters?: Json[];
  requestBody?: { content?: Record<string, { schema?: Json; example?: unknown }> };
  responses: Record<string, Response>;
};

const TAGS = [
  { name: "Emails", description: "Send single and batch email, read back status and timeline, cancel scheduled mail." },
  { name: "Domains", description: "Sending domains: add, publish the DNS records, verify, remove." },
  { name: "API keys", description: "Create, list and revoke keys. A `send` key may only send." },
  { name: "Suppressions", description: "Addresses that must not be contacted. Hard bounces and complaints are added automatically." },
  { name: "Webhooks", description: "Endpoints that receive signed event deliveries (see the webhooks section for payloads)." },
  { name: "Usage", description: "Use against the plan's allowances." },
];

const DESCRIPTION = `Transactional email over HTTP. Every request carries \`Authorization: Bearer <API_KEY>\`; a \`send\` key may only call \`POST /v1/emails\` and \`POST /v1/emails/batch\`.

Every error answers the \`ErrorEnvelope\` with a machine-readable \`error.type\` and a \`docs_url\` to its reference entry. A 429 of type \`rate_limited\` carries \`Retry-After\` (integer seconds); \`quota_exceeded\` does not.

Webhook deliveries are signed twice, so either scheme can be checked:
- \`posthaste-signature: t=<unix seconds>,v1=<hex>\`: HMAC-SHA256 keyed with the whole secret string (\`whsec_…\`), over \`<t>.<raw body>\`, hex encoded. \`posthaste-event-id\` and \`posthaste-timestamp\` come with it.
- Standard Webhooks: \`webhook-id\` (the event id), \`webhook-timestamp\` (unix seconds) and \`webhook-signature: v1,<base64>\`: HMAC-SHA256 keyed with the base64-decoded part of the secret after \`whsec_\`, over \`<webhook-id>.<webhook-timestamp>.<raw body>\`, base64 encoded.

Verify on the raw body with a constant-time comparison, reject stale timestamps, and dedupe on the event id: delivery is at least once and unordered.`;

/**
 * What every operation may answer, and 404 when the route's shape adds it. 413 is on every
 * operation: both carriers read any request's body under MAX_BODY_BYTES before routing it,
 * whatever the method, so an oversized body is 413 even where none is taken.
 */
const SHARED_ERRORS: Partial<Record<ErrorStatus, string>> = {
  400: "validation_error: a missing or invalid field, body, query or path value",
  401: "authentication_error: the key is absent, malformed, unrecognised or revoked",
  403: "authentication_error: a send-only key (this endpoint needs a full-access key)",
  413: "validation_error: the request body is too large (checked on every request, whether or not the operation takes a body)",
};
const NOT_FOUND = "not_found: no such resource in this account";

const RETRY_AFTER = {
  "Retry-After": {
    description: "On `rate_limited` only: integer seconds until the request may be retried",
    schema: { type: "integer", minimum: 1 },
  },
};

const idempotencyKeyHeader = (description: string) => ({
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description,
  schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
});

/** The error responses of an operation: the shared ones, 404 by shape, then the procedure's own. */
function errorResponses(meta: OpenApiProcedureMeta): Record<string, Response> {
  const statuses: Partial<Record<ErrorStatus, string>> = { ...SHARED_ERRORS };
  if (meta.openapi.path.includes("{")) statuses[404] = NOT_FOUND;
  Object.assign(statuses, meta.docs?.errors);
  const out: Record<string, Response> = {};
  for (const [status, description] of Object.entries(statuses)) {
    out[status] = {
      description,
      ...(status === "429" ? { headers: RETRY_AFTER } : {}),
      content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
    };
  }
  return out;
}

/** One operation rewritten from the procedure's meta: statuses, examples, headers, named bodies. */
function describeOperation(op: Operation, meta: OpenApiProcedureMeta, schemas: Record<string, unknown>): void {
  const json = op.requestBody?.content?.["application/json"];
  // An array body arrives as `{ [arrayBody]: [...] }` in the procedure's input.
  if (meta.arrayBody && json?.schema?.properties) json.schema = (json.schema.properties as Json)[meta.arrayBody] as Json;
  if (meta.docs?.body && json?.schema) {
    schemas[meta.docs.body] = json.schema;
    json.schema = { $ref: `#/components/schemas/${meta.docs.body}` };
  }
  if (json && meta.docs?.requestExample !== undefined) json.example = meta.docs.requestExample;
  if (meta.docs?.idempotencyKey) op.parameters = [...(op.parameters ?? []), idempotencyKeyHeader(meta.docs.idempotencyKey)];
  // zod-openapi leaves a parameter's description on its schema; renderers show it on the parameter.
  for (const param of op.parameters ?? []) {
    const schema = param.schema as Json | undefined;
    if (schema?.description && !param.description) {
      param.description = schema.description;
      delete schema.description;
    }
  }

  const success = op.responses["200"];
  success.description = "Success";
  const content = success.content?.["application/json"];
  if (content && meta.docs) content.example = meta.docs.example;
  const responses: Record<string, Response> = { [meta.successStatus ?? 200]: success };
  Object.assign(responses, errorResponses(meta));
  op.responses = responses;
}

/** The signed POST each event type makes to an endpoint. */
function webhookOperation(type: EventType): Json {
  const header = (name: string, description: string, example: string) => ({
    name,
    in: "header",
    required: true,
    description,
    schema: { type: "string" },
    example,
  });
  return {
    post: {
      operationId: `webhook-${type.replace(/[._]/g, "-")}`,
      summary: type,
      description: `${EVENT_DOCS[type].meaning} Delivered at least once, unordered: dedupe on \`id\`, sequence by \`created_at\`.`,
      tags: ["Webhooks"],
      security: [],
      parameters: [
        header(
          "posthaste-signature",
          "`t=<unix seconds>,v1=<hex HMAC-SHA256 of <t>.<raw body>, keyed with the whole secret>`",
          "t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
        ),
        header("posthaste-event-id", "The event id (the body's `id`)", "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182"),
        header("posthaste-timestamp", "Unix seconds of this attempt", "1767225600"),
        header("webhook-id", "Standard Webhooks: the event id", "0194f5c2-7a1e-7c3b-9d2e-9fcd5e607182"),
        header("webhook-timestamp", "Standard Webhooks: unix seconds of this attempt", "1767225600"),
        header(
          "webhook-signature",
          "Standard Webhooks: `v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<raw body>, keyed with the base64-decoded secret after whsec_>`",
          "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
        ),
      ],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${eventSchemaId(type)}` }, example: eventExample(type) } },
      },
      responses: {
        "200": { description: "Any 2xx within 10 seconds acknowledges the delivery" },
        "4XX": { description: "Anything but a 2xx, or no answer within 10 seconds, is retried on the schedule" },
      },
    },
  };
}

/**
 * Components nothing refers to (trpc-to-openapi's own error shapes among them) are dropped,
 * then zod-openapi's `XOutput` twin of a schema rendered both ways takes the name `X` when
 * only the output one is left.
 */
function tidyComponents(doc: OpenAPIObject): OpenAPIObject {
  pruneComponents(doc);
  let text = JSON.stringify(doc);
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(schemas)) {
    const base = name.replace(/Output$/, "");
    if (base !== name && !(base in schemas)) {
      text = text.replaceAll(`"#/components/schemas/${name}"`, `"#/components/schemas/${base}"`);
      text = text.replace(`"${name}":{`, `"${base}":{`);
    }
  }
  return JSON.parse(text) as OpenAPIObject;
}

function pruneComponents(doc: OpenAPIObject): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  for (;;) {
    const { schemas: _, ...rest } = doc.components ?? {};
    const text = JSON.stringify({ ...doc, components: { ...rest, schemas: {} } }) + JSON.stringify(Object.values(schemas));
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (unused.length === 0) return;
    for (const name of unused) delete schemas[name];
  }
}

/**
 * The /v1 document: trpc-to-openapi's paths and zod's named schemas, then each operation
 * rewritten from its procedure's meta (descriptions, examples, every status it answers,
 * headers), the event payloads under `webhooks`, and nothing unused.
 */
export function buildOpenApiDocument(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Posthaste API",
    description: DESCRIPTION,
    version: "1.0.0",
    license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    baseUrl: config().appUrl,
    securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API key: `Authorization: Bearer ph_…`" } },
    tags: TAGS.map((t) => t.name),
    defs: {
      ErrorEnvelope: ErrorEnvelopeSchema,
      ...EVENT_PAYLOADS,
    },
  });
  doc.tags = TAGS;
  const metas = new Map(openApiMetas().map((meta) => [`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta]));
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) {
      const meta = metas.get(`${method} ${path}`);
      if (meta) describeOperation(op, meta, (doc.components!.schemas ??= {}));
    }
  }
  (doc as unknown as Json).webhooks = Object.fromEntries(EVENT_TYPES.map((type) => [type, webhookOperation(type)]));
  return tidyComponents(doc);
}
