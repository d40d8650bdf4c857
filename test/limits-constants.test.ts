import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_BATCH_EMAILS,
  MAX_HEADERS,
  MAX_KEY_NAME_LENGTH,
  MAX_RECIPIENTS,
  MAX_SEARCH_CHARS,
  MAX_SUPPRESSION_BULK,
  MAX_TAGS,
  MAX_WEBHOOK_DESCRIPTION,
} from "../server/limits/constants";
import { startTestServer, type TestServer } from "./support/harness";

/**
 * The limits the dashboard's forms and the error reference read from limits/constants.ts
 * are the ones the API enforces: accepted at the limit, refused one past it, and the
 * message names the limit.
 */
let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account({ plan: "pro" })).apiKey;
});
afterAll(() => server.stop());

const refused = (res: { status: number; body: { error?: { type: string; message: string } } }, mentions: string) => {
  expect(res.status).toBe(400);
  expect(res.body.error?.type).toBe("validation_error");
  expect(res.body.error?.message).toContain(mentions);
};

describe("limits are the constants", () => {
  it("API key name length", async () => {
    expect((await server.api("POST", "/v1/api-keys", { key, body: { name: "k".repeat(MAX_KEY_NAME_LENGTH) } })).status).toBe(201);
    expect((await server.api("POST", "/v1/api-keys", { key, body: { name: "k".repeat(MAX_KEY_NAME_LENGTH + 1) } })).status).toBe(400);
  });

  it("webhook description length", async () => {
    const url = "https://hooks.example.com/posthaste";
    const ok = await server.api("POST", "/v1/webhooks", {
      key,
      body: { url, events: ["*"], description: "d".repeat(MAX_WEBHOOK_DESCRIPTION) },
    });
    expect(ok.status).toBe(201);
    refused(
      await server.api("POST", "/v1/webhooks", { key, body: { url, events: ["*"], description: "d".repeat(MAX_WEBHOOK_DESCRIPTION + 1) } }),
      String(MAX_WEBHOOK_DESCRIPTION),
    );
  });

  it("suppression bulk size", async () => {
    const emails = (n: number) => Array.from({ length: n }, (_, i) => `bulk${i}@example.com`);
    expect((await server.api("POST", "/v1/suppressions/bulk", { key, body: { emails: emails(MAX_SUPPRESSION_BULK) } })).status).toBe(201);
    refused(
      await server.api("POST", "/v1/suppressions/bulk", { key, body: { emails: emails(MAX_SUPPRESSION_BULK + 1) } }),
      String(MAX_SUPPRESSION_BULK),
    );
  });

  it("batch size", async () => {
    const entries = (n: number) => Array.from({ length: n }, () => ({}));
    // At the limit each (empty) entry fails on its own; past it the request itself is refused.
    expect((await server.api("POST", "/v1/emails/batch", { key, body: entries(MAX_BATCH_EMAILS) })).status).not.toBe(400);
    refused(await server.api("POST", "/v1/emails/batch", { key, body: entries(MAX_BATCH_EMAILS + 1) }), `1 to ${MAX_BATCH_EMAILS}`);
  });

  it("recipients, tags and headers of one send", async () => {
    const base = { from: "a@example.com", to: "b@example.com", subject: "s", text: "t" };
    const to = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `r${i}@example.com`);
    refused(await server.api("POST", "/v1/emails", { key, body: { ...base, to } }), `at most ${MAX_RECIPIENTS} recipients`);
    const tags = Array.from({ length: MAX_TAGS + 1 }, (_, i) => ({ name: `t${i}`, value: "v" }));
    refused(await server.api("POST", "/v1/emails", { key, body: { ...base, tags } }), `at most ${MAX_TAGS} tags`);
    const headers = Object.fromEntries(Array.from({ length: MAX_HEADERS + 1 }, (_, i) => [`X-H${i}`, "v"]));
    refused(await server.api("POST", "/v1/emails", { key, body: { ...base, headers } }), `at most ${MAX_HEADERS} headers`);
    // At the limits the request passes validation (it fails later, on the unverified domain).
    const atLimits = {
      ...base,
      to: to.slice(0, MAX_RECIPIENTS),
      tags: tags.slice(0, MAX_TAGS),
      headers: Object.fromEntries(Object.entries(headers).slice(0, MAX_HEADERS)),
    };
    const res = await server.api("POST", "/v1/emails", { key, body: atLimits });
    expect(res.body.error?.type).toBe("domain_error");
  });

  it("search length", async () => {
    expect((await server.api("GET", `/v1/emails?search=${"s".repeat(MAX_SEARCH_CHARS)}`, { key })).status).toBe(200);
    refused(await server.api("GET", `/v1/emails?search=${"s".repeat(MAX_SEARCH_CHARS + 1)}`, { key }), String(MAX_SEARCH_CHARS));
  });
});
