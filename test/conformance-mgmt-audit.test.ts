import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

// Audit of the management endpoints against spec/api.md and DESIGN.md: cases the other
// files do not reach.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOWED_ORIGINS: "" });
});
afterAll(async () => { await server?.stop(); });

describe("webhook description: at most 500 characters", () => {
  it("counts characters, not UTF-16 units: 500 emoji pass on create and PATCH, 501 do not", async () => {
    const { apiKey } = await server.account();
    const fits = "😀".repeat(500);
    const over = "😀".repeat(501);
    const created = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: "https://example.com/hook", events: ["*"], description: fits } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.description).toBe(fits);
    const id = created.body.id;

    const patched = await server.api("PATCH", `/v1/webhooks/${id}`, { key: apiKey, body: { description: fits } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.description).toBe(fits);

    const tooLong = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: "https://example.com/hook", events: ["*"], description: over } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.type).toBe("validation_error");
    const tooLongPatch = await server.api("PATCH", `/v1/webhooks/${id}`, { key: apiKey, body: { description: over } });
    expect(tooLongPatch.status).toBe(400);
    expect(tooLongPatch.body.error.type).toBe("validation_error");
  });
});

describe("suppressions list: out-of-range limits are clamped", () => {
  it("limit=Infinity is clamped to 100 and limit=-Infinity to 1, not replaced by the default", async () => {
    const { apiKey } = await server.account();
    const addresses = Array.from({ length: 101 }, (_, i) => `clamp${String(i).padStart(3, "0")}@example.com`);
    for (const emails of [addresses.slice(0, 100), addresses.slice(100)]) {
      const res = await server.api("POST", "/v1/suppressions/bulk", { key: apiKey, body: { emails } });
      expect(res.status, res.text).toBe(201);
    }
    const high = await server.api("GET", "/v1/suppressions?limit=Infinity", { key: apiKey });
    expect(high.status).toBe(200);
    expect(high.body.data).toHaveLength(100);
    expect(high.body.hasMore).toBe(true);
    const low = await server.api("GET", "/v1/suppressions?limit=-Infinity", { key: apiKey });
    expect(low.status).toBe(200);
    expect(low.body.data).toHaveLength(1);
    expect(low.body.data[0].address).toBe("clamp000@example.com");
  });
});
