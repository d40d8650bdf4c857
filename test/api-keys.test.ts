import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("API keys", () => {
  it("creates a full key by default, shows the plaintext once, lists without it", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "ci" } });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^ph_[A-Za-z0-9_-]{43}$/);
    const list = await server.api("GET", "/v1/api-keys", { key: apiKey });
    expect(list.status).toBe(200);
    const item = list.body.data.find((k: any) => k.name === "ci");
    expect(item).toMatchObject({ scope: "full", last4: created.body.key.slice(-4), lastUsedAt: null });
    expect(Object.keys(item).sort()).toEqual(["createdAt", "id", "last4", "lastUsedAt", "name", "scope"]);
    expect(list.text).not.toContain(created.body.key);
  });

  it("requires a name and a known scope", async () => {
    const { apiKey } = await server.account();
    for (const body of [{}, { name: "" }, { name: "x", scope: "admin" }]) {
      const res = await server.api("POST", "/v1/api-keys", { key: apiKey, body });
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
      expect(res.body.error.docs_url).toMatch(/\/docs\/errors\/validation_error$/);
    }
  });

  it("revokes immediately, repeatably, and 404s unknown ids", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "temp" } });
    const list = await server.api("GET", "/v1/api-keys", { key: apiKey });
    const id = list.body.data.find((k: any) => k.name === "temp").id;
    expect((await server.api("GET", "/v1/api-keys", { key: created.body.key })).status).toBe(200);
    const del = await server.api("DELETE", `/v1/api-keys/${id}`, { key: apiKey });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id, deleted: true });
    expect((await server.api("GET", "/v1/api-keys", { key: created.body.key })).status).toBe(401);
    expect((await server.api("DELETE", `/v1/api-keys/${id}`, { key: apiKey })).status).toBe(200);
    const unknown = await server.api("DELETE", "/v1/api-keys/00000000-0000-7000-8000-000000000000", { key: apiKey });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.type).toBe("not_found");
  });

  it("keeps ids account-scoped", async () => {
    const a = await server.account();
    const b = await server.account();
    const list = await server.api("GET", "/v1/api-keys", { key: a.apiKey });
    const res = await server.api("DELETE", `/v1/api-keys/${list.body.data[0].id}`, { key: b.apiKey });
    expect(res.status).toBe(404);
  });

  it("holds at most 50 live keys", async () => {
    const { apiKey } = await server.account();
    const results = await Promise.all(
      Array.from({ length: 52 }, (_, i) => server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: `k${i}` } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(49);
    const refused = results.find((r) => r.status === 400)!;
    expect(refused.body.error.type).toBe("validation_error");
  });

  it("records lastUsedAt", async () => {
    const { apiKey } = await server.account();
    const before = Date.now();
    await server.api("GET", "/v1/api-keys", { key: apiKey });
    const list = await server.api("GET", "/v1/api-keys", { key: apiKey });
    expect(list.body.data[0].lastUsedAt).toBeGreaterThanOrEqual(before - 5);
  });

  it("refuses send-scope keys on management endpoints", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "sender", scope: "send" } });
    const res = await server.api("GET", "/v1/api-keys", { key: created.body.key });
    expect(res.status).toBe(403);
    expect(res.body.error.type).toBe("authentication_error");
  });
});
