import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

/**
 * The App Router route (app/v1/[[...path]]/route.ts) must answer exactly as the node:http
 * server does: the same requests go through both carriers and must agree.
 */
let server: TestServer;
let key: string;
let route: typeof import("../app/v1/[[...path]]/route");
beforeAll(async () => {
  server = await startTestServer({ MAX_BODY_BYTES: "2048" });
  key = (await server.account()).apiKey;
  route = await import("../app/v1/[[...path]]/route");
});
afterAll(async () => {
  await server?.stop();
});

async function viaRoute(method: string, path: string, opts: { key?: string; body?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  const handler = route[method as "GET"];
  const res = await handler(new Request(`http://localhost${path}`, { method, headers, body: opts.body }));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, retryAfter: res.headers.get("retry-after") };
}

async function viaServer(method: string, path: string, opts: { key?: string; body?: string } = {}) {
  const res = await server.api(method, path, { key: opts.key, body: opts.body });
  return { status: res.status, body: res.body, retryAfter: res.headers.get("retry-after") };
}

const cases: Array<[string, string, { key?: boolean; body?: string }]> = [
  ["GET", "/v1/nowhere", { key: true }],
  ["DELETE", "/v1/api-keys", { key: true }],
  ["GET", "/v1/api-keys", {}],
  ["POST", "/v1/api-keys", { key: true, body: "{oops" }],
  ["POST", "/v1/api-keys", { key: true, body: JSON.stringify({ name: "" }) }],
  ["POST", "/v1/api-keys", { key: true, body: JSON.stringify({ name: "x".repeat(5000) }) }],
  ["DELETE", "/v1/api-keys/00000000-0000-7000-8000-000000000000", { key: true }],
];

describe("App Router carrier agrees with the node:http server", () => {
  it.each(cases)("%s %s", async (method, path, opts) => {
    const o = { key: opts.key ? key : undefined, body: opts.body };
    const [a, b] = await Promise.all([viaRoute(method, path, o), viaServer(method, path, o)]);
    expect(a).toEqual(b);
  });

  it("creates and lists keys through the route", async () => {
    const created = await viaRoute("POST", "/v1/api-keys", { key, body: JSON.stringify({ name: "via-route", scope: "send" }) });
    expect(created.status).toBe(201);
    const list = await viaRoute("GET", "/v1/api-keys", { key });
    expect(list.body.data.some((k: { name: string; scope: string }) => k.name === "via-route" && k.scope === "send")).toBe(true);
  });

  it("honours a batch's Idempotency-Key on both carriers alike", async () => {
    const body = JSON.stringify([{ from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: "b", text: "t" }]);
    const headers = { "idempotency-key": "carrier-batch-1" };
    const first = await viaRoute("POST", "/v1/emails/batch", { key, body, headers });
    expect(first.body.data).toEqual([{ id: expect.any(String) }]);
    expect((await viaRoute("POST", "/v1/emails/batch", { key, body, headers })).body.data).toEqual(first.body.data);
    expect((await server.api("POST", "/v1/emails/batch", { key, body, headers })).body.data).toEqual(first.body.data);
  });
});

// Next sends unmatched /api paths, and other unmatched paths asked for without Accept: text/html
// (next.config.ts's fallback rewrite), to this catch-all; it must answer as node:http does.
describe("App Router catch-all for unknown paths", () => {
  it("answers an unknown path as the node:http server does", async () => {
    const unknown = await import("../app/api/[...unknown]/route");
    for (const [method, path, accept] of [
      ["GET", "/v2/emails", "*/*"],
      ["POST", "/nowhere?x=1", "application/json"],
      ["GET", "/no-page", "text/html"],
    ]) {
      const a = await unknown[method as "GET"](new Request(`http://localhost${path}`, { method, headers: { accept } }));
      const b = await fetch(server.url + path, { method, headers: { accept } });
      expect(a.status, path).toBe(404);
      expect(b.status, path).toBe(404);
      expect(a.headers.get("content-type"), path).toBe(b.headers.get("content-type"));
      expect(await a.text(), path).toBe(await b.text());
    }
  });
});

describe("App Router carriers of the public routes", () => {
  it("serves unsubscribe, tracking and SNS ingest like the node:http server", async () => {
    const unsubscribe = await import("../app/unsubscribe/[token]/route");
    const tracking = await import("../app/t/[...path]/route");
    const sns = await import("../app/api/ses/sns/route");
    const pairs: Array<[Promise<Response>, string, string]> = [
      [unsubscribe.GET(new Request("http://localhost/unsubscribe/not-a-token")), "GET", "/unsubscribe/not-a-token"],
      [tracking.GET(new Request("http://localhost/t/c/abc.def")), "GET", "/t/c/abc.def"],
      [sns.POST(new Request("http://localhost/api/ses/sns", { method: "POST", body: "{}" })), "POST", "/api/ses/sns"],
    ];
    for (const [viaRoute, method, path] of pairs) {
      const a = await viaRoute;
      const b = await fetch(server.url + path, { method, body: method === "POST" ? "{}" : undefined });
      expect(a.status, path).toBe(b.status);
      expect(await a.text(), path).toBe(await b.text());
    }
  });
});
