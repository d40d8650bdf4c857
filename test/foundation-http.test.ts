import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ MAX_BODY_BYTES: "4096", APP_URL: "https://mail.example.test" });
  key = (await server.account()).apiKey;
});
afterAll(async () => {
  await server?.stop();
});

function expectEnvelope(body: any, type: string) {
  expect(Object.keys(body)).toEqual(["error", "statusCode", "name", "message"]);
  expect(Object.keys(body.error).sort()).toEqual(["docs_url", "message", "type"]);
  expect(body.error.type).toBe(type);
  expect(body).toMatchObject({ name: type, message: body.error.message, statusCode: expect.any(Number) });
  expect(body.error.docs_url).toBe(`https://mail.example.test/docs/errors/${type}`);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
}

describe("unknown routes and methods", () => {
  it.each([
    ["GET", "/v1/nope"],
    ["GET", "/v1"],
    ["PUT", "/v1/api-keys"],
    ["PATCH", "/v1/api-keys/abc"],
    ["POST", "/v1/api-keys/abc/def"],
  ])("%s %s is 404 not_found listing served endpoints", async (method, path) => {
    const res = await server.api(method, path, { key });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expectEnvelope(res.body, "not_found");
    expect(res.body.error.message).toContain("POST /v1/api-keys");
  });

  it("answers 404 the same without a key", async () => {
    const res = await server.api("GET", "/v1/unknown");
    expect(res.status).toBe(404);
    expectEnvelope(res.body, "not_found");
  });

  it.each([
    ["GET", "/v2/emails"],
    ["POST", "/emails/batch"],
    ["DELETE", "/nothing/here"],
  ])("%s %s (outside /v1) is the same envelope", async (method, path) => {
    const res = await server.api(method, path, { key });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expectEnvelope(res.body, "not_found");
    expect(res.body.error.message).toContain("POST /v1/emails");
  });

  it("a browser asking for an unknown page gets a short HTML page", async () => {
    const res = await server.api("GET", "/no-such-page", { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.text).toContain("This page does not exist");
  });
});

describe("authentication", () => {
  it.each([
    ["absent", undefined],
    ["not bearer", "Basic abc"],
    ["malformed", "Bearer nope"],
    ["unknown", `Bearer ph_${"A".repeat(43)}`],
  ])("%s key → 401 authentication_error", async (_label, authorization) => {
    const res = await server.api("GET", "/v1/api-keys", { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expectEnvelope(res.body, "authentication_error");
  });
});

describe("request bodies", () => {
  it("malformed JSON → 400 validation_error", async () => {
    const res = await server.api("POST", "/v1/api-keys", { key, body: "{not json" });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, "validation_error");
  });

  it("a body that is not an object → 400 validation_error", async () => {
    for (const body of ["[1,2]", '"text"', "42"]) {
      const res = await server.api("POST", "/v1/api-keys", { key, body });
      expect(res.status).toBe(400);
      expectEnvelope(res.body, "validation_error");
    }
  });

  it("missing body where one is required → 400 validation_error", async () => {
    const res = await server.api("POST", "/v1/api-keys", { key });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, "validation_error");
  });

  it("wrong types name the field", async () => {
    const res = await server.api("POST", "/v1/api-keys", { key, body: { name: 42 } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("name");
  });

  it("a body over the limit → 413 validation_error, and the service keeps working", async () => {
    const res = await server.api("POST", "/v1/api-keys", { key, body: { name: "x".repeat(10_000) } });
    expect(res.status).toBe(413);
    expectEnvelope(res.body, "validation_error");
    expect((await server.api("GET", "/v1/api-keys", { key })).status).toBe(200);
  });

  it("JSON sent with another content type is still read", async () => {
    const res = await server.api("POST", "/v1/api-keys", {
      key,
      body: JSON.stringify({ name: "ct" }),
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(201);
  });

  it("never leaks a stack trace", async () => {
    const res = await server.api("POST", "/v1/api-keys", { key, body: { name: { deep: [1] } } });
    expect(res.text).not.toMatch(/at .*\.ts:\d+|node_modules|TRPCError/);
  });
});

describe("health and OpenAPI", () => {
  it("GET /api/health → 200 { status: ok }", async () => {
    const res = await server.api("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("other methods on /api/health are 404 not_found, on both carriers", async () => {
    const route = await import("../app/api/health/route");
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const res = await server.api(method, "/api/health");
      expect(res.status, method).toBe(404);
      expectEnvelope(res.body, "not_found");
      const viaNext = await route[method](new Request(`http://localhost/api/health`, { method }));
      expect(viaNext.status, method).toBe(404);
      expect(await viaNext.json()).toEqual(res.body);
    }
  });

  it("serves an OpenAPI 3 document whose errors are our envelope", async () => {
    const res = await server.api("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.paths["/v1/api-keys"].post).toBeTruthy();
    expect(res.body.paths["/v1/api-keys"].post.responses["201"]).toBeTruthy();
    expect(res.body.components.schemas.ErrorEnvelope.properties.error.$ref).toBe("#/components/schemas/Error");
    expect(res.body.components.schemas.Error.required).toEqual(["type", "message", "docs_url"]);
    const errorRef = res.body.paths["/v1/api-keys"].post.responses["400"].content["application/json"].schema.$ref;
    expect(errorRef).toBe("#/components/schemas/ErrorEnvelope");
  });
});
