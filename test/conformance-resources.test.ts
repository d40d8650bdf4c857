import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { DOMAIN_FIELDS, dnsRecordFields } from "./support/spec-fields";
import { db } from "./support/db";

// Spec sections "Domain", "Usage", "Suppression", "Webhook endpoint" and their endpoints,
// with docs/design.md's plan table, bulk suppression and webhook decisions.
let server: TestServer;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ DNS_SERVERS: dns.address, WEBHOOK_ALLOWED_ORIGINS: "" });
});
afterAll(async () => {
  await server?.stop();
  await dns?.stop();
});

let n = 0;
const domainName = () => `cres${process.pid}x${Date.now().toString(36)}${++n}.example.com`;

function expectError(res: { status: number; body: any; headers: Headers }, status: number, type: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body)).toEqual(["error", "statusCode", "name", "message"]);
  expect(Object.keys(res.body.error).sort()).toEqual(["docs_url", "message", "type"]);
  expect(res.body.error.type).toBe(type);
  expect(res.body).toMatchObject({ statusCode: status, name: type, message: res.body.error.message });
  expect(res.headers.get("retry-after")).toBeNull();
}

const ENDPOINT_KEYS = [
  "autoDisabledAt",
  "consecutiveFailures",
  "description",
  "enabled",
  "events",
  "id",
  "includeContent",
  "lastAttemptAt",
  "lastError",
  "lastResponseStatus",
  // Resend's name for enabled (its SDK's types read it off get).
  "status",
  "suspendedByPlan",
  "url",
].sort();

function expectDomain(d: any) {
  expect(Object.keys(d).sort()).toEqual(DOMAIN_FIELDS);
  for (const r of [...d.dnsRecords, ...d.recommendedRecords]) {
    expect(Object.keys(r).sort()).toEqual(dnsRecordFields(r));
  }
  expect(typeof d.trackEngagement).toBe("boolean");
}

describe("Domains", () => {
  it("POST is 201 Domain (the 13 fields and receiving's 2; records with the five fields, a label and MX priority); GET, list and verify answer the same shape", async () => {
    const { apiKey } = await server.account();
    const name = domainName();
    const created = await server.api("POST", "/v1/domains", { key: apiKey, body: { name } });
    expect(created.status).toBe(201);
    expectDomain(created.body);
    expect(created.body).toMatchObject({
      name,
      status: "pending",
      verifiedAt: null,
      dnsRegressedAt: null,
      suspendedAt: null,
      trackEngagement: true,
    });
    expect(created.body.dnsRecords.length).toBeGreaterThan(0);
    const got = await server.api("GET", `/v1/domains/${created.body.id}`, { key: apiKey });
    expect(got.status).toBe(200);
    expectDomain(got.body);
    const list = await server.api("GET", "/v1/domains", { key: apiKey });
    expect(Object.keys(list.body)).toEqual(["data"]);
    expectDomain(list.body.data[0]);
    const verified = await server.api("POST", `/v1/domains/${created.body.id}/verify`, { key: apiKey });
    expect(verified.status).toBe(200);
    expectDomain(verified.body);
    expect(verified.body.status).toBe("pending");
  });

  it("409 domain_error for a name on this account (another's pending claim does not block); 404 for malformed or foreign ids", async () => {
    const a = await server.account();
    const b = await server.account();
    const name = domainName();
    const created = await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name } });
    expectError(await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name: name.toUpperCase() } }), 409, "domain_error");
    expect((await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } })).status).toBe(201);
    for (const id of ["nope", "0190a0b0-0000-7000-8000-000000000000", created.body.id]) {
      expectError(await server.api("GET", `/v1/domains/${id}`, { key: b.apiKey }), 404, "not_found");
      expectError(await server.api("DELETE", `/v1/domains/${id}`, { key: b.apiKey }), 404, "not_found");
      expectError(await server.api("POST", `/v1/domains/${id}/verify`, { key: b.apiKey }), 404, "not_found");
    }
  });

  it("invalid names are 400; DELETE answers { id, deleted: true }", async () => {
    const { apiKey } = await server.account();
    for (const body of [{}, { name: "" }, { name: "not a domain" }, { name: "localhost" }]) {
      expectError(await server.api("POST", "/v1/domains", { key: apiKey, body }), 400, "validation_error");
    }
    const created = await server.api("POST", "/v1/domains", { key: apiKey, body: { name: domainName() } });
    const del = await server.api("DELETE", `/v1/domains/${created.body.id}`, { key: apiKey });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: created.body.id, deleted: true });
  });

  it("the free plan holds one domain: the second is 403 domain_error", async () => {
    const { apiKey } = await server.account({ plan: "free" });
    expect((await server.api("POST", "/v1/domains", { key: apiKey, body: { name: domainName() } })).status).toBe(201);
    expectError(await server.api("POST", "/v1/domains", { key: apiKey, body: { name: domainName() } }), 403, "domain_error");
  });
});

describe("Usage", () => {
  it.each([
    ["free", { month: 3000, day: 100, domains: 1, webhooks: 1 }],
    ["pro", { month: 50000, day: null, domains: 10, webhooks: 10 }],
    ["scale", { month: 200000, day: null, domains: 1000, webhooks: 50 }],
    ["unlimited", { month: null, day: null, domains: null, webhooks: null }],
  ] as const)("reports the %s plan's limits in the exact shape", async (plan, limits) => {
    const { apiKey } = await server.account({ plan });
    const res = await server.api("GET", "/v1/usage", { key: apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      plan,
      month: { count: 0, limit: limits.month },
      day: { count: 0, limit: limits.day },
      domains: { count: 0, limit: limits.domains, suspended: 0 },
      webhooks: { count: 0, limit: limits.webhooks, suspended: 0 },
    });
  });

  it("the free plan's bucket admits a burst of 10, then 429 rate_limited with an integer Retry-After", async () => {
    const { apiKey } = await server.account({ plan: "free" });
    const one = { from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: "s", text: "t" };
    const batch = await server.api("POST", "/v1/emails/batch", { key: apiKey, body: Array(10).fill(one) });
    expect(batch.status).toBe(200);
    const over = await server.api("POST", "/v1/emails", { key: apiKey, body: one });
    expect(over.status).toBe(429);
    expect(over.body.error.type).toBe("rate_limited");
    expect(over.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  });
});

describe("Suppressions", () => {
  it("POST is 201 { address, reason: manual } lower-cased; repeat is safe; unsubscribe upgrades to manual", async () => {
    const { apiKey, accountId } = await server.account();
    const res = await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email: "Mixed.Case@Example.COM" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ address: "mixed.case@example.com", reason: "manual" });
    expect((await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email: "mixed.case@example.com" } })).body).toEqual({
      address: "mixed.case@example.com",
      reason: "manual",
    });
    const { sql } = await import("drizzle-orm");
    const d = await db();
    await d.db.execute(
      sql`insert into suppressions (account_id, address, reason) values (${accountId}, 'u@example.com', 'unsubscribe'), (${accountId}, 'hb@example.com', 'hard_bounce')`,
    );
    expect((await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email: "u@example.com" } })).body.reason).toBe("manual");
    expect((await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email: "hb@example.com" } })).body.reason).toBe("manual");
    const list = (await server.api("GET", "/v1/suppressions", { key: apiKey })).body.data;
    expect(Object.fromEntries(list.map((e: any) => [e.address, e.reason]))).toEqual({
      "hb@example.com": "hard_bounce",
      "mixed.case@example.com": "manual",
      "u@example.com": "manual",
    });
  });

  it("lists by address with exact entries; limit is clamped, not refused; cursor pages", async () => {
    const { apiKey } = await server.account();
    const addrs = ["zed@example.com", "amy@example.com", "mia@example.com", "bob@example.com"];
    for (const email of addrs) await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email } });
    const all = await server.api("GET", "/v1/suppressions", { key: apiKey });
    expect(Object.keys(all.body).sort()).toEqual(["data", "hasMore", "nextCursor"]);
    expect(all.body.data.map((e: any) => e.address)).toEqual([...addrs].sort());
    expect(Object.keys(all.body.data[0]).sort()).toEqual(["address", "createdAt", "reason"]);
    expect(all.body.hasMore).toBe(false);
    expect(all.body.nextCursor).toBeNull();
    const zero = await server.api("GET", "/v1/suppressions?limit=0", { key: apiKey });
    expect(zero.status).toBe(200);
    expect(zero.body.data).toHaveLength(1);
    expect(zero.body.hasMore).toBe(true);
    expect((await server.api("GET", "/v1/suppressions?limit=-5", { key: apiKey })).body.data).toHaveLength(1);
    expect((await server.api("GET", "/v1/suppressions?limit=1000", { key: apiKey })).body.data).toHaveLength(4);
    const p2 = await server.api(
      "GET",
      `/v1/suppressions?limit=2&cursor=${encodeURIComponent((await server.api("GET", "/v1/suppressions?limit=2", { key: apiKey })).body.nextCursor)}`,
      { key: apiKey },
    );
    expect(p2.body.data.map((e: any) => e.address)).toEqual(["mia@example.com", "zed@example.com"]);
    expect(p2.body.nextCursor).toBeNull();
  });

  it("DELETE takes the URL-encoded address: { address, removed }, never 404", async () => {
    const { apiKey } = await server.account();
    await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email: "a+tag@example.com" } });
    const del = await server.api("DELETE", `/v1/suppressions/${encodeURIComponent("A+Tag@Example.com")}`, { key: apiKey });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ address: "a+tag@example.com", removed: true });
    const again = await server.api("DELETE", `/v1/suppressions/${encodeURIComponent("a+tag@example.com")}`, { key: apiKey });
    expect(again.body).toEqual({ address: "a+tag@example.com", removed: false });
    const raw = await server.api("DELETE", "/v1/suppressions/never@example.com", { key: apiKey });
    expect(raw.body).toEqual({ address: "never@example.com", removed: false });
  });

  it("validation_error for missing or invalid email; bulk add is 201 { data } of 1 to 100", async () => {
    const { apiKey } = await server.account();
    for (const body of [{}, { email: "" }, { email: "nope" }])
      expectError(await server.api("POST", "/v1/suppressions", { key: apiKey, body }), 400, "validation_error");
    const bulk = await server.api("POST", "/v1/suppressions/bulk", { key: apiKey, body: { emails: ["B@example.com", "c@example.com"] } });
    expect(bulk.status).toBe(201);
    expect(bulk.body).toEqual({
      data: [
        { address: "b@example.com", reason: "manual" },
        { address: "c@example.com", reason: "manual" },
      ],
    });
    expectError(await server.api("POST", "/v1/suppressions/bulk", { key: apiKey, body: { emails: [] } }), 400, "validation_error");
    expectError(
      await server.api("POST", "/v1/suppressions/bulk", {
        key: apiKey,
        body: { emails: Array.from({ length: 101 }, (_, i) => `x${i}@example.com`) },
      }),
      400,
      "validation_error",
    );
  });
});

describe("Webhook endpoints", () => {
  it("POST is 201 with secret (and Resend's signing_secret, object); list, PATCH omit it; exact fields; DELETE { id, deleted: true }", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/webhooks", {
      key: apiKey,
      body: { url: "https://example.com/hook", events: ["email.sent", "email.bounced"], description: "d" },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual([...ENDPOINT_KEYS, "secret", "signing_secret", "object"].sort());
    expect(created.body).toMatchObject({
      url: "https://example.com/hook",
      events: ["email.sent", "email.bounced"],
      enabled: true,
      description: "d",
      consecutiveFailures: 0,
      lastAttemptAt: null,
      lastResponseStatus: null,
      lastError: null,
      suspendedByPlan: false,
      autoDisabledAt: null,
    });
    expect(typeof created.body.secret).toBe("string");
    expect(created.body).toMatchObject({ signing_secret: created.body.secret, object: "webhook" });
    const list = await server.api("GET", "/v1/webhooks", { key: apiKey });
    expect(Object.keys(list.body)).toEqual(["data"]);
    expect(Object.keys(list.body.data[0]).sort()).toEqual(ENDPOINT_KEYS);
    const patched = await server.api("PATCH", `/v1/webhooks/${created.body.id}`, {
      key: apiKey,
      body: { enabled: false, description: null },
    });
    expect(patched.status).toBe(200);
    expect(Object.keys(patched.body).sort()).toEqual(ENDPOINT_KEYS);
    expect(patched.body).toMatchObject({ enabled: false, description: null });
    const del = await server.api("DELETE", `/v1/webhooks/${created.body.id}`, { key: apiKey });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: created.body.id, deleted: true });
    expectError(await server.api("DELETE", `/v1/webhooks/${created.body.id}`, { key: apiKey }), 404, "not_found");
    expectError(await server.api("PATCH", "/v1/webhooks/nope", { key: apiKey, body: { enabled: true } }), 404, "not_found");
  });

  it("events ['*'] subscribes to all nine", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: "https://example.com/all", events: ["*"] } });
    expect(created.status).toBe(201);
    expect(created.body.events).toEqual(["*"]);
  });

  it.each([
    [{ url: "http://example.com/h", events: ["*"] }, "not https"],
    [{ url: "https://example.com:8443/h", events: ["*"] }, "port other than 443"],
    [{ url: "https://127.0.0.1/h", events: ["*"] }, "loopback"],
    [{ url: "https://10.1.2.3/h", events: ["*"] }, "private"],
    [{ url: "https://169.254.169.254/h", events: ["*"] }, "link-local"],
    [{ url: "https://[::1]/h", events: ["*"] }, "IPv6 loopback"],
    [{ url: "https://localhost/h", events: ["*"] }, "localhost"],
    [{ url: "not a url", events: ["*"] }, "not a URL"],
    [{ url: "https://example.com/h", events: [] }, "empty events"],
    [{ url: "https://example.com/h" }, "missing events"],
    [{ events: ["*"] }, "missing url"],
    [{ url: "https://example.com/h", events: ["email.sent", "email.nope"] }, "unknown event type"],
    [{ url: "https://example.com/h", events: ["*"], description: "x".repeat(501) }, "description over 500"],
  ])("400 validation_error: %j (%s)", async (body, _why) => {
    const { apiKey } = await server.account();
    expectError(await server.api("POST", "/v1/webhooks", { key: apiKey, body }), 400, "validation_error");
  });

  it("a host name resolving to a private address is refused at create and update", async () => {
    const { apiKey } = await server.account();
    const host = `hook${Date.now()}.conformance.example`;
    dns.set(host, "A", ["10.0.0.7"]);
    expectError(
      await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: `https://${host}/h`, events: ["*"] } }),
      400,
      "validation_error",
    );
    const ok = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: "https://example.com/h", events: ["*"] } });
    expectError(
      await server.api("PATCH", `/v1/webhooks/${ok.body.id}`, { key: apiKey, body: { url: `https://${host}/h` } }),
      400,
      "validation_error",
    );
  });

  it("a 500-character description passes; PATCH applies the same rules", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/webhooks", {
      key: apiKey,
      body: { url: "https://example.com/h", events: ["*"], description: "x".repeat(500) },
    });
    expect(created.status).toBe(201);
    for (const body of [
      { url: "http://example.com/h" },
      { events: [] },
      { events: ["bogus"] },
      { description: "y".repeat(501) },
      { enabled: "false" },
    ]) {
      expectError(await server.api("PATCH", `/v1/webhooks/${created.body.id}`, { key: apiKey, body }), 400, "validation_error");
    }
  });

  it("the free plan holds one endpoint: the second is validation_error", async () => {
    const { apiKey } = await server.account({ plan: "free" });
    expect((await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: "https://example.com/1", events: ["*"] } })).status).toBe(
      201,
    );
    expectError(
      await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: "https://example.com/2", events: ["*"] } }),
      400,
      "validation_error",
    );
  });
});

// Corners an audit against the reference found (each test failed before its fix).
describe("webhook description: at most 500 characters", () => {
  it("counts characters, not UTF-16 units: 500 emoji pass on create and PATCH, 501 do not", async () => {
    const { apiKey } = await server.account();
    const fits = "😀".repeat(500);
    const over = "😀".repeat(501);
    const created = await server.api("POST", "/v1/webhooks", {
      key: apiKey,
      body: { url: "https://example.com/hook", events: ["*"], description: fits },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.description).toBe(fits);
    const id = created.body.id;

    const patched = await server.api("PATCH", `/v1/webhooks/${id}`, { key: apiKey, body: { description: fits } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.description).toBe(fits);

    const tooLong = await server.api("POST", "/v1/webhooks", {
      key: apiKey,
      body: { url: "https://example.com/hook", events: ["*"], description: over },
    });
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
