import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

/**
 * The /v1 contract, as the OpenAPI document states it, is public: refactors of the
 * output schemas must leave it as it is. operationIds follow the tRPC procedure names,
 * which may be renamed, so they are left out of the comparison.
 * After an intended API change, regenerate with UPDATE_OPENAPI_FIXTURE=1.
 */
const fixture = path.join(import.meta.dirname, "fixtures/openapi.json");

function withoutOperationIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutOperationIds);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "operationId")
        .map(([key, v]) => [key, withoutOperationIds(v)]),
    );
  }
  return value;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe("GET /v1/openapi.json", () => {
  it("describes the same /v1 contract as the committed document", async () => {
    const res = await server.api("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    const document = withoutOperationIds(res.body);
    if (process.env.UPDATE_OPENAPI_FIXTURE) fs.writeFileSync(fixture, JSON.stringify(document, null, 2) + "\n");
    expect(document).toEqual(JSON.parse(fs.readFileSync(fixture, "utf8")));
  });
});
