// The /v1 OpenAPI document outside the server: `npm run openapi:lint` lints it with Redocly,
// `npm run client:generate` regenerates client/schema.ts from it (test/client.test.ts fails
// when the checked-in file drifts).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { buildOpenApiDocument } from "../server/http/openapi";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CLIENT_SCHEMA_PATH = path.join(root, "client", "schema.ts");

/** The document as a deployment serves it, at a public URL (Redocly refuses localhost servers). */
export function openApiDocument(): Record<string, unknown> {
  process.env.APP_URL ??= "https://mail.posthaste.dev";
  return JSON.parse(JSON.stringify(buildOpenApiDocument()));
}

export async function renderClientSchema(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as never, { alphabetize: false, rootTypes: true, rootTypesNoSchemaPrefix: true });
  return ["// Generated from the /v1 OpenAPI document by `npm run client:generate`: do not edit.", astToString(ast)].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, out] = process.argv.slice(2);
  if (command === "document" && out) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(openApiDocument(), null, 2) + "\n");
  } else if (command === "client") {
    fs.writeFileSync(CLIENT_SCHEMA_PATH, await renderClientSchema(openApiDocument()));
  } else {
    console.error("usage: tsx scripts/openapi.ts document <file> | client");
    process.exit(2);
  }
}
