import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

/** Surfaces that must not exist, or must be bounded, on a default (sink, embedded) server. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAIL_PROVIDER: "sink", MAX_BODY_BYTES: "4096" });
});
afterAll(async () => {
  await server?.stop();
});

describe("SES event ingest without MAIL_PROVIDER=ses", () => {
  it("POST /api/ses/sns is 404 not_found on both carriers", async () => {
    const res = await server.api("POST", "/api/ses/sns", { body: { Type: "Notification" } });
    expect(res.status).toBe(404);
    expect(res.body.error.type).toBe("not_found");
    const route = await import("../app/api/ses/sns/route");
    const viaNext = await route.POST(new Request("http://localhost/api/ses/sns", { method: "POST", body: "{}" }));
    expect(viaNext.status).toBe(404);
    expect((await viaNext.json()).error.type).toBe("not_found");
  });
});

describe("/api/inngest", () => {
  it("is the 404 envelope while the embedded driver runs the jobs", async () => {
    const route = await import("../app/api/inngest/route");
    for (const method of ["GET", "POST", "PUT"] as const) {
      const res = await route[method](
        new Request("http://localhost/api/inngest", { method, body: method === "GET" ? undefined : "{}" }) as never,
        {},
      );
      expect(res.status, method).toBe(404);
      expect((await res.json()).error.type).toBe("not_found");
    }
  });

  it("is Inngest's endpoint when the Inngest driver runs them", async () => {
    const { config, setConfig } = await import("../server/config");
    const before = config();
    setConfig({ ...before, jobsDriver: "inngest" });
    try {
      const route = await import("../app/api/inngest/route");
      const res = await route.GET(new Request("http://localhost/api/inngest") as never, {});
      const text = await res.text();
      expect(text).not.toMatch(/not_found/);
    } finally {
      setConfig(before);
    }
  });
});

describe("security headers from the node:http carrier", () => {
  it.each([
    ["GET", "/v1/api-keys"],
    ["GET", "/v1/openapi.json"],
    ["GET", "/v1/nowhere"],
    ["GET", "/api/health"],
    ["GET", "/no-such-page"],
  ])("%s %s carries nosniff, no-framing and a referrer policy", async (method, path) => {
    const res = await server.api(method, path, { headers: { accept: "text/html" } });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("keeps a response's own headers (content type, Retry-After) beside them", async () => {
    const res = await server.api("POST", "/v1/api-keys", { body: "x".repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
