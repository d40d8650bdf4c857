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
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }>;
};

/**
 * trpc-to-openapi describes its own error shape and wraps array bodies in an object;
 * rewrite both so the document says what /v1 actually answers.
 */
export function buildOpenApiDocument(doc: OpenAPIObject): OpenAPIObject {
  const arrayBodies = new Map<string, string>();
  for (const meta of openApiMetas()) {
    const key = `${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`;
    if (meta.arrayBody) arrayBodies.set(key, meta.arrayBody);
    if (meta.successStatus) arrayBodies.set(`status ${key}`, String(meta.successStatus));
  }
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ErrorEnvelope: ERROR_ENVELOPE as never };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const key = `${method} ${path}`;
      const wrapped = arrayBodies.get(key);
      const json = op.requestBody?.content?.["application/json"];
      if (wrapped && json?.schema?.properties) json.schema = json.schema.properties[wrapped] as never;
      const successStatus = arrayBodies.get(`status ${key}`);
      if (successStatus && op.responses?.["200"]) {
        op.responses[successStatus] = op.responses["200"];
        delete op.responses["200"];
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) >= 400 || status === "default") {
          response.content = { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } };
        }
      }
    }
  }
  return doc;
}
