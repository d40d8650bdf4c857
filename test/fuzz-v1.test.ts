import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

/**
 * No input reaches a 500: thousands of generated malformed requests across every /v1
 * endpoint, each answered below 500 and, when refused, with the error envelope.
 */
let server: TestServer;
let key = "";
let endpoints: { method: string; path: string }[] = [];

beforeAll(async () => {
  server = await startTestServer({ MAIL_PROVIDER: "sink" });
  key = (await server.account()).apiKey;
  const doc = (await server.api("GET", "/v1/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
  endpoints = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path: p })));
});
afterAll(async () => {
  await server?.stop();
});

const nested = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);

/** Bodies a careless or hostile client sends. */
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc
    .string({ unit: "binary", maxLength: 40 })
    .map((s) => JSON.stringify({ from: s, to: [s], subject: s, text: s, name: s, url: s, email: s })),
  fc.integer({ min: 1, max: 20_000 }).map((d) => nested(d, "[", "]")),
  fc.integer({ min: 1, max: 20_000 }).map((d) => `[${'{"a":'.repeat(d)}1${"}".repeat(d)}]`),
  fc.integer({ min: 30, max: 5000 }).map((d) => `[{"from":"a@b.c","to":${nested(d, "[", "]")}}]`),
  fc.constantFrom("", "{", "[", "null", '"\\u0000"', '{"\\ud800":1}', '[{"to":"\\ud800"}]', "1e999", '{"__proto__":{"x":1}}'),
);

const segment = fc.oneof(
  fc.uuid(),
  fc.string({ unit: "binary", maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom("%", "%00", "%ZZ", "..", "%ED%A0%80"),
);

describe("fuzzing /v1", () => {
  it("answers 5,000 generated malformed requests across every endpoint without a 5xx, always with the envelope", async () => {
    expect(endpoints.length).toBeGreaterThan(10);
    let count = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(), body, segment, fc.boolean(), async (pick, payload, id, keyed) => {
        const ep = endpoints[pick % endpoints.length];
        const path = ep.path.replace(/\{[^}]+\}/g, id);
        const res = await server.api(ep.method, path, {
          key: keyed ? key : undefined,
          body: ep.method === "GET" || ep.method === "DELETE" ? undefined : payload,
        });
        count++;
        if (res.status >= 500) throw new Error(`${ep.method} ${path} → ${res.status}: ${res.text.slice(0, 300)}`);
        if (res.status >= 400) {
          expect(res.body?.error).toMatchObject({ type: expect.any(String), message: expect.any(String), docs_url: expect.any(String) });
        }
      }),
      { numRuns: 5000 },
    );
    expect(count).toBeGreaterThanOrEqual(5000);
  }, 120_000);

  it("refuses nesting deeper than the limit as a validation_error", async () => {
    const res = await server.api("POST", "/v1/emails/batch", { key, body: `[${nested(100_000, "[", "]")}]` });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe("validation_error");
    expect(res.body.error.message).toContain("32 levels");
  });
});
