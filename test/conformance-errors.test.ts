import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

// Spec sections "Errors", "Authentication", "API keys", "Versioning" and docs/design.md's
// wire decisions, checked over real HTTP.
let server: TestServer;
const APP_URL = "http://docs.conformance.test";
beforeAll(async () => {
  server = await startTestServer({ APP_URL, MAX_BODY_BYTES: "65536" });
});
afterAll(async () => {
  await server?.stop();
});

/** The error envelope exactly: { error: { type, message, docs_url }, statusCode, name, message } and nothing else. */
function expectError(res: { status: number; body: any; headers: Headers }, status: number, type: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body)).toEqual(["error", "statusCode", "name", "message"]);
  expect(Object.keys(res.body.error).sort()).toEqual(["docs_url", "message", "type"]);
  expect(res.body.error.type).toBe(type);
  expect(res.body).toMatchObject({ statusCode: status, name: type, message: res.body.error.message });
  expect(typeof res.body.error.message).toBe("string");
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(res.body.error.docs_url).toBe(`${APP_URL}/docs/errors/${type}`);
  if (type !== "rate_limited") expect(res.headers.get("retry-after")).toBeNull();
}

const FULL_ONLY: [string, string][] = [
  ["GET", "/v1/emails"],
  ["GET", "/v1/emails/0190a0b0-0000-7000-8000-000000000000"],
  ["DELETE", "/v1/emails/0190a0b0-0000-7000-8000-000000000000"],
  ["GET", "/v1/usage"],
  ["GET", "/v1/domains"],
  ["POST", "/v1/domains"],
  ["GET", "/v1/domains/x"],
  ["DELETE", "/v1/domains/x"],
  ["POST", "/v1/domains/x/verify"],
  ["GET", "/v1/api-keys"],
  ["POST", "/v1/api-keys"],
  ["DELETE", "/v1/api-keys/x"],
  ["GET", "/v1/suppressions"],
  ["POST", "/v1/suppressions"],
  ["DELETE", "/v1/suppressions/a%40b.com"],
  ["GET", "/v1/webhooks"],
  ["POST", "/v1/webhooks"],
  ["PATCH", "/v1/webhooks/x"],
  ["DELETE", "/v1/webhooks/x"],
];

describe("Authentication", () => {
  it.each([
    ["absent", undefined],
    ["malformed", "Basic abc"],
    ["unrecognised", "Bearer ph_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["empty bearer", "Bearer "],
  ])("401 authentication_error when the key is %s", async (_what, authorization) => {
    for (const [method, path] of [
      ["GET", "/v1/usage"],
      ["POST", "/v1/emails"],
      ["POST", "/v1/emails/batch"],
    ]) {
      const res = await server.api(method, path, {
        headers: authorization ? { authorization } : {},
        body: method === "POST" ? {} : undefined,
      });
      expectError(res, 401, "authentication_error");
    }
  });

  it("a send key gets 403 authentication_error on every full-scope endpoint", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "sender", scope: "send" } });
    expect(created.status).toBe(201);
    const sendKey = created.body.key;
    for (const [method, path] of FULL_ONLY) {
      const res = await server.api(method, path, { key: sendKey, body: ["GET", "DELETE"].includes(method) ? undefined : {} });
      expectError(res, 403, "authentication_error");
    }
    // …and may send.
    const sent = await server.api("POST", "/v1/emails", {
      key: sendKey,
      body: { from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: "s", text: "t" },
    });
    expect(sent.status).toBe(200);
  });

  it("a revoked key is 401 on the next request; DELETE answers { id, deleted: true } and is repeatable", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "temp" } });
    const list = await server.api("GET", "/v1/api-keys", { key: apiKey });
    const id = list.body.data.find((k: any) => k.name === "temp").id;
    expect((await server.api("GET", "/v1/usage", { key: created.body.key })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const del = await server.api("DELETE", `/v1/api-keys/${id}`, { key: apiKey });
      expect(del.status).toBe(200);
      expect(del.body).toEqual({ id, deleted: true });
    }
    expectError(await server.api("GET", "/v1/usage", { key: created.body.key }), 401, "authentication_error");
    expect((await server.api("GET", "/v1/api-keys", { key: apiKey })).body.data.map((k: any) => k.id)).not.toContain(id);
  });
});

describe("API keys", () => {
  it("POST answers 201 { key } plus Resend's id and token; list items have exactly the six fields", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "ci" } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(["key", "id", "token"]);
    expect(created.body.key).toMatch(/^ph_[A-Za-z0-9_-]{43}$/);
    expect(created.body.token).toBe(created.body.key);
    const list = await server.api("GET", "/v1/api-keys", { key: apiKey });
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(["data"]);
    const item = list.body.data.find((k: any) => k.name === "ci");
    expect(Object.keys(item).sort()).toEqual(["createdAt", "id", "last4", "lastUsedAt", "name", "scope"]);
    expect(item).toMatchObject({ scope: "full", last4: created.body.key.slice(-4), lastUsedAt: null });
    expect(Number.isInteger(item.createdAt)).toBe(true);
    await server.api("GET", "/v1/usage", { key: created.body.key });
    const after = (await server.api("GET", "/v1/api-keys", { key: apiKey })).body.data.find((k: any) => k.name === "ci");
    expect(Number.isInteger(after.lastUsedAt)).toBe(true);
  });

  it.each([
    [{}, "missing name"],
    [{ name: "" }, "empty name"],
    [{ name: 5 }, "numeric name"],
    [{ name: "x", scope: "admin" }, "unknown scope"],
    [{ name: "x", scope: null }, "null scope"],
  ])("400 validation_error for %j (%s)", async (body, _why) => {
    const { apiKey } = await server.account();
    expectError(await server.api("POST", "/v1/api-keys", { key: apiKey, body }), 400, "validation_error");
  });

  it("refuses a 51st live key with validation_error; revoked keys do not count", async () => {
    const { apiKey } = await server.account(); // holds one key already
    for (let i = 0; i < 49; i++)
      expect((await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: `k${i}` } })).status).toBe(201);
    const over = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "k50" } });
    expectError(over, 400, "validation_error");
    const victim = (await server.api("GET", "/v1/api-keys", { key: apiKey })).body.data.find((k: any) => k.name === "k0");
    expect((await server.api("DELETE", `/v1/api-keys/${victim.id}`, { key: apiKey })).status).toBe(200);
    expect((await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "k50" } })).status).toBe(201);
  });

  it("not_found for an unknown or malformed id, and for another account's key", async () => {
    const a = await server.account();
    const b = await server.account();
    const bKeyId = (await server.api("GET", "/v1/api-keys", { key: b.apiKey })).body.data[0].id;
    for (const id of ["0190a0b0-0000-7000-8000-000000000000", "not-a-uuid", bKeyId]) {
      expectError(await server.api("DELETE", `/v1/api-keys/${id}`, { key: a.apiKey }), 404, "not_found");
    }
    expect((await server.api("GET", "/v1/usage", { key: b.apiKey })).status).toBe(200);
  });
});

describe("Errors: routes, bodies, types", () => {
  it("unknown path and unknown method are 404 not_found naming the served endpoints", async () => {
    const { apiKey } = await server.account();
    for (const [method, path] of [
      ["GET", "/v1/nope"],
      ["PUT", "/v1/emails"],
      ["PATCH", "/v1/api-keys"],
      ["GET", "/v1"],
      ["POST", "/v1/usage"],
      ["GET", "/v1/emails/x/y"],
    ]) {
      const res = await server.api(method, path, { key: apiKey });
      expectError(res, 404, "not_found");
      expect(res.body.error.message).toContain("POST /v1/emails");
      expect(res.body.error.message).toContain("DELETE /v1/webhooks/{id}");
    }
    // Without a key too: the route is unknown before anyone is asked who they are.
    expectError(await server.api("GET", "/v1/nope"), 404, "not_found");
  });

  it("malformed JSON, a non-object body and a missing body are 400 validation_error", async () => {
    const { apiKey } = await server.account();
    expectError(await server.api("POST", "/v1/emails", { key: apiKey, body: "{not json" }), 400, "validation_error");
    expectError(await server.api("POST", "/v1/emails", { key: apiKey, body: "[1,2]" }), 400, "validation_error");
    expectError(await server.api("POST", "/v1/emails", { key: apiKey, body: '"str"' }), 400, "validation_error");
    expectError(await server.api("POST", "/v1/emails", { key: apiKey }), 400, "validation_error");
    expectError(await server.api("POST", "/v1/emails/batch", { key: apiKey, body: "{}" }), 400, "validation_error");
    expectError(await server.api("POST", "/v1/suppressions", { key: apiKey, body: "{bad" }), 400, "validation_error");
    // JSON with another content type (or none) is still JSON.
    const plain = await server.api("POST", "/v1/api-keys", {
      key: apiKey,
      body: JSON.stringify({ name: "plain" }),
      headers: { "content-type": "text/plain" },
    });
    expect(plain.status).toBe(201);
  });

  it("a body over the request limit is 413 validation_error", async () => {
    const { apiKey } = await server.account();
    const res = await server.api("POST", "/v1/emails", {
      key: apiKey,
      body: { from: "onboarding@posthaste.dev", to: "a@b.co", subject: "s", text: "x".repeat(70_000) },
    });
    expectError(res, 413, "validation_error");
  });

  it("an oversized body is 413 on operations that take none too, and the document says so for every operation", async () => {
    const { apiKey } = await server.account();
    const big = JSON.stringify({ padding: "x".repeat(70_000) });
    // fetch refuses a GET with a body; node:http sends one as any client may.
    const get = await new Promise<{ status: number; body: any; headers: Headers }>((resolve, reject) => {
      const req = http.request(`${server.url}/v1/api-keys`, {
        method: "GET",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "content-length": Buffer.byteLength(big) },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, body: JSON.parse(text), headers: new Headers(res.headers as Record<string, string>) }),
        );
      });
      req.on("error", reject);
      req.end(big);
    });
    expectError(get, 413, "validation_error");
    expectError(await server.api("DELETE", "/v1/api-keys/x", { key: apiKey, body: big }), 413, "validation_error");

    const doc = (await server.api("GET", "/v1/openapi.json")).body;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)) {
      for (const [method, op] of Object.entries(item)) expect(op.responses, `${method} ${path}`).toHaveProperty("413");
    }
  });

  it("wrong types are 400, never coerced (booleans and numbers in bodies)", async () => {
    const { apiKey } = await server.account();
    const base = { from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: "s", text: "t" };
    for (const bad of [
      { bulk: "false" },
      { bulk: "true" },
      { bulk: 1 },
      { bulk: 0 },
      { scheduledAt: true },
      { scheduledAt: { a: 1 } },
      { subject: 5 },
      { to: 5 },
      { tags: "x" },
      { headers: [] },
      { html: false },
    ]) {
      expectError(await server.api("POST", "/v1/emails", { key: apiKey, body: { ...base, ...bad } }), 400, "validation_error");
      const batch = await server.api("POST", "/v1/emails/batch", { key: apiKey, body: [{ ...base, ...bad }] });
      expect(batch.status).toBe(200);
      expect(batch.body.summary).toEqual({ total: 1, succeeded: 0, failed: 1 });
      expect(batch.body.data[0].error.type).toBe("validation_error");
    }
    for (const bad of [{ enabled: "false" }, { enabled: "true" }, { enabled: 0 }, { description: 5 }, { events: "*" }, { url: 443 }]) {
      const res = await server.api("POST", "/v1/webhooks", {
        key: apiKey,
        body: { url: "https://example.com/hook", events: ["*"], ...bad },
      });
      expectError(res, 400, "validation_error");
    }
    expectError(await server.api("POST", "/v1/domains", { key: apiKey, body: { name: 12345 } }), 400, "validation_error");
    expectError(await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email: 5 } }), 400, "validation_error");
    expectError(await server.api("POST", "/v1/suppressions/bulk", { key: apiKey, body: { emails: "a@b.co" } }), 400, "validation_error");
  });

  it("docs_url points at a page the app serves for each type", async () => {
    const { apiKey } = await server.account();
    const res = await server.api("GET", "/v1/nope", { key: apiKey });
    expect(res.body.error.docs_url).toBe(`${APP_URL}/docs/errors/not_found`);
  });
});

describe("Health and OpenAPI", () => {
  it("GET /api/health is 200 { status: 'ok' }", async () => {
    const res = await server.api("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("serves an OpenAPI document of version 1.0.0 with /v1 paths", async () => {
    const res = await server.api("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.info.version).toBe("1.0.0");
    expect(Object.keys(res.body.paths).every((p) => p.startsWith("/v1"))).toBe(true);
  });
});
