import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

// Fields a tenant may not set because the service (or a server along the way, or the
// provider) speaks through them: custom headers that would slip past the address rules and
// be DKIM-signed, and tags SES would confuse with the service's own.
let server: TestServer;
let key = "";
beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account()).apiKey;
});
afterAll(async () => {
  await server?.stop();
});

const send = (extra: Record<string, unknown>) =>
  server.api("POST", "/v1/emails", {
    key,
    body: { from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: "Hi", text: "Hello", ...extra },
  });

describe("custom headers the service owns are refused, naming the header", () => {
  it.each([
    "Sender",
    "cc",
    "REPLY-TO",
    "From",
    "Message-ID",
    "Authentication-Results",
    "DKIM-Signature",
    "Received",
    "Return-Path",
    "Resent-From",
    "Content-Type",
    "ARC-Seal",
    "X-Posthaste-Email-Id",
    "X-SES-CONFIGURATION-SET",
    "X-SES-MESSAGE-TAGS",
  ])("%s", async (name) => {
    const res = await send({ headers: { [name]: "security@bank.example" } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.type).toBe("validation_error");
    expect(res.body.error.message).toContain(name);
  });

  it("other custom headers still go (X-Entity-Ref-ID; List-Unsubscribe on transactional mail)", async () => {
    const res = await send({ headers: { "X-Entity-Ref-ID": "123", "List-Unsubscribe": "<mailto:u@example.com>" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("List-Unsubscribe on bulk mail is the service's (one link per recipient)", async () => {
    const res = await send({ bulk: true, headers: { "List-Unsubscribe": "<https://evil.example/u>" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("List-Unsubscribe");
  });
});

describe("tags", () => {
  it("names starting with posthaste_ are reserved (SES matches events by posthaste_email_id)", async () => {
    const res = await send({ tags: [{ name: "posthaste_email_id", value: "01a20c59-273d-765e-ab17-fa90955df7b5" }] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/tags\[0\]\.name.*reserved/);
    expect((await send({ tags: [{ name: "campaign", value: "x" }] })).status).toBe(200);
  });
});

describe("display names", () => {
  it("a fullwidth @ or < in a display name is refused like the real one", async () => {
    for (const from of ['"support＠bank.example" <onboarding@posthaste.dev>', "Bank ＜support＞ <onboarding@posthaste.dev>"]) {
      const res = await send({ from });
      expect(res.status, from).toBe(400);
      expect(res.body.error.message).toMatch(/^from: /);
    }
  });
});
