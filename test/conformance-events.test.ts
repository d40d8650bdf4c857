import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { startWebhookReceiver, type ReceivedHook } from "./support/webhook-receiver";
import { waitFor } from "./support/wait";

// Spec section "Events" end to end: simulator recipients through the default (sink)
// provider, delivered to a real HTTP receiver, signatures checked as the spec describes.
let server: TestServer;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let origin = "";

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  origin = hooks.origin;
  server = await startTestServer({ WEBHOOK_ALLOWED_ORIGINS: origin, WEBHOOK_RETRY_SCHEDULE: "0.2,0.2" });
});
afterAll(async () => {
  await server?.stop();
  await hooks?.stop();
});

async function subscribe(path: string, events: string[] = ["*"]) {
  const account = await server.account();
  const res = await server.api("POST", "/v1/webhooks", { key: account.apiKey, body: { url: origin + path, events } });
  expect(res.status).toBe(201);
  return { ...account, secret: res.body.secret as string };
}

const at = (path: string) => hooks.at(path);

function expectSigned(d: ReceivedHook, secret: string) {
  const header = String(d.headers["posthaste-signature"]);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(m, header).not.toBeNull();
  const expected = crypto.createHmac("sha256", secret).update(`${m![1]}.${d.raw}`).digest("hex");
  expect(m![2]).toBe(expected);
  expect(d.headers["posthaste-event-id"]).toBe(d.body.id);
  expect(d.headers["posthaste-timestamp"]).toBe(m![1]);
}

describe("Events", () => {
  it("a simulator success gives email.sent and email.delivered with the spec's payload, signed", async () => {
    const s = await subscribe("/ok");
    const sent = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: {
        from: "onboarding@posthaste.dev",
        to: "success@simulator.amazonses.com",
        subject: "Hello",
        text: "t",
        tags: [{ name: "k", value: "v" }],
      },
    });
    expect(sent.status).toBe(200);
    const events = await waitFor(
      () => {
        const e = at("/ok");
        return e.length >= 2 && e;
      },
      20_000,
      "two events",
    );
    const types = events.map((e) => e.body.type).sort();
    expect(types).toEqual(["email.delivered", "email.sent"]);
    for (const e of events) {
      expectSigned(e, s.secret);
      expect(Object.keys(e.body).sort()).toEqual(["created_at", "data", "id", "type"]);
      expect(new Date(e.body.created_at).toISOString()).toBe(e.body.created_at);
      expect(e.body.data).toEqual({
        email_id: sent.body.id,
        from: "onboarding@posthaste.dev",
        to: ["success@simulator.amazonses.com"],
        subject: "Hello",
        tags: [{ name: "k", value: "v" }],
      });
    }
    const sentEvent = events.find((e) => e.body.type === "email.sent")!;
    const deliveredEvent = events.find((e) => e.body.type === "email.delivered")!;
    expect(sentEvent.body.created_at <= deliveredEvent.body.created_at).toBe(true);
    const got = await server.api("GET", `/v1/emails/${sent.body.id}`, { key: s.apiKey });
    expect(got.body.status).toBe("delivered");
    expect(typeof got.body.sesMessageId).toBe("string");
    expect(Number.isInteger(got.body.sentAt)).toBe(true);
    expect(got.body.timeline.map((t: any) => t.type)).toEqual(["queued", "sent", "delivered"]);
  });

  it("a simulator bounce gives email.bounced with recipient and reason, and suppresses the address", async () => {
    const s = await subscribe("/bounce", ["email.bounced"]);
    const sent = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: "onboarding@posthaste.dev", to: "bounce@simulator.amazonses.com", subject: "B", text: "t" },
    });
    const [event] = await waitFor(
      () => {
        const e = at("/bounce");
        return e.length >= 1 && e;
      },
      20_000,
      "bounce event",
    );
    expect(event.body.type).toBe("email.bounced");
    expect(event.body.data).toMatchObject({ email_id: sent.body.id, recipient: "bounce@simulator.amazonses.com" });
    expect(typeof event.body.data.reason).toBe("string");
    const list = await server.api("GET", "/v1/suppressions", { key: s.apiKey });
    expect(list.body.data).toEqual([{ address: "bounce@simulator.amazonses.com", reason: "hard_bounce", createdAt: expect.any(Number) }]);
    expect((await server.api("GET", `/v1/emails/${sent.body.id}`, { key: s.apiKey })).body.status).toBe("bounced");
  });

  it("a simulator complaint is delivered, then complained, and suppresses the address", async () => {
    const s = await subscribe("/complaint");
    const sent = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: "onboarding@posthaste.dev", to: "complaint@simulator.amazonses.com", subject: "C", text: "t" },
    });
    const events = await waitFor(
      () => {
        const e = at("/complaint");
        return e.some((x) => x.body.type === "email.complained") && e;
      },
      20_000,
      "complaint event",
    );
    const complained = events.find((e) => e.body.type === "email.complained")!;
    expect(complained.body.data).toMatchObject({ email_id: sent.body.id, recipient: "complaint@simulator.amazonses.com" });
    await waitFor(() => at("/complaint").some((x) => x.body.type === "email.delivered"), 20_000, "delivered event");
    const list = await server.api("GET", "/v1/suppressions", { key: s.apiKey });
    expect(list.body.data.map((e: any) => [e.address, e.reason])).toEqual([["complaint@simulator.amazonses.com", "complaint"]]);
    expect((await server.api("GET", `/v1/emails/${sent.body.id}`, { key: s.apiKey })).body.status).toBe("complained");
  });
});
