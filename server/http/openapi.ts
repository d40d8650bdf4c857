import type { OpenAPIObject } from "trpc-to-openapi";
import { openApiMetas } from "../api/metas";
import { ERROR_TYPES } from "../errors";

const ERROR_ENVELOPE = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["type", "message", "docs_url"],
      properties: {
        type: { type: "string", enum: [...ERROR_TYPES] },
        message: { type: "string" },
        docs_url: { type: "string", format: "uri" },
      },
    },
  },
} as const;

type Operation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown>; items?: unknown } }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }>;
};

const RETRY_AFTER = {
  "Retry-After": {
    description: "On rate_limited only: integer seconds until the request may be retried",
    schema: { type: "integer", minimum: 1 },
  },
};

/**
 * trpc-to-openapi describes its own error shape and wraps array bodies in an object;
 * rewrite both so the document says what /v1 actually answers.
 */
export function buildOpenApiDocument(doc: OpenAPIObject): OpenAPIObject {
  const metas = new Map(openApiMetas().map((meta) => [`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta]));
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ErrorEnvelope: ERROR_ENVELOPE as never };
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const meta = metas.get(`${method} ${path}`);
      const json = op.requestBody?.content?.["application/json"];
      if (meta?.arrayBody && json?.schema?.properties) json.schema = json.schema.properties[meta.arrayBody] as never;
      if (meta?.successStatus && op.responses?.["200"]) {
        op.responses[meta.successStatus] = op.responses["200"];
        delete op.responses["200"];
      }
      op.responses ??= {};
      for (const [status, description] of Object.entries(meta?.errorStatuses ?? {})) op.responses[status] ??= { description };
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400 || status === "default") {
          response.content = { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } };
        }
        if (status === "429") response.headers = RETRY_AFTER;
      }
    }
  }
  // After the loop: the item schema is the other operation's body as rewritten above.
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const from = metas.get(`${method} ${path}`)?.arrayItemsFrom;
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      const itemSchema = from ? paths[from]?.post?.requestBody?.content?.["application/json"]?.schema : undefined;
      if (schema && itemSchema) schema.items = itemSchema;
    }
  }
  return doc;
}
