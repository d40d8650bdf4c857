import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

/** Surfaces that must not exist, or must be bounded, on a default (sink, embedded) server. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAIL_PROVIDER: "sink", MAX_BODY_BYTES: "4096" });
});
afterAll(async () => { await server?.stop(); });

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
