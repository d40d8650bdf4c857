import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPosthasteClient, type PosthasteClient } from "../client";
import { CLIENT_SCHEMA_PATH, renderClientSchema } from "../scripts/openapi";
import { startTestServer, type TestServer } from "./support/harness";

/** client/: its generated types match the served document, and it works against a real server. */
let server: TestServer;
let client: PosthasteClient;
beforeAll(async () => {
  server = await startTestServer({ MAIL_PROVIDER: "sink" });
  client = createPosthasteClient({ baseUrl: server.url, apiKey: (await server.account()).apiKey });
});
afterAll(() => server?.stop());

describe("client/", () => {
  it("has client/schema.ts generated from the served document (npm run client:generate)", async () => {
    const document = (await server.api("GET", "/v1/openapi.json")).body;
    expect(fs.readFileSync(CLIENT_SCHEMA_PATH, "utf8")).toBe(await renderClientSchema(document));
  });

  it("sends, reads back and lists with typed answers", async () => {
    const sent = await client.POST("/v1/emails", {
      body: { from: "onboarding@posthaste.dev", to: "delivered@simulator.amazonses.com", subject: "Typed", text: "hi" },
      params: { header: { "Idempotency-Key": "client-test-1" } },
    });
    expect(sent.response.status).toBe(200);
    const id = sent.data!.id;
    const got = await client.GET("/v1/emails/{id}", { params: { path: { id } } });
    expect(got.data?.subject).toBe("Typed");
    expect(got.data?.timeline[0].type).toMatch(/queued|sent/);
    const page = await client.GET("/v1/emails", { params: { query: { limit: 10 } } });
    expect(page.data?.data.map((e) => e.id)).toContain(id);
  });

  it("returns the error envelope typed as such", async () => {
    const missing = await client.GET("/v1/domains/{id}", { params: { path: { id: "0194f5c2-7a1e-7c3b-9d2e-5b8f1a2c3d4e" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.type).toBe("not_found");
  });
});
