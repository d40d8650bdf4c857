import { Resend } from "resend";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyList, BatchResult, Domain, Email, EmailList, WebhookEndpoint } from "../client";
import { verifyStandardWebhook, verifyWebhookRequest } from "../client/webhooks";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { sender, uniqueDomain } from "./support/senders";
import { waitFor } from "./support/wait";
import { startWebhookReceiver } from "./support/webhook-receiver";

// Resend's official Node SDK (pinned in devDependencies) against the real server: every
// call a sending application makes, the outcome, and every error reaching the SDK's
// error.message, error.name and error.statusCode (docs/design.md, "Resend-compatible aliases").
let server: TestServer;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let dns: TestDnsServer;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  dns = await startDnsServer();
  server = await startTestServer({ WEBHOOK_ALLOWED_ORIGINS: hooks.origin, WEBHOOK_RETRY_SCHEDULE: "0.2,0.2", DNS_SERVERS: dns.address });
});
afterAll(async () => {
  await server?.stop();
  await hooks?.stop();
  await dns?.stop();
});

const sdk = (key: string) => new Resend(key, { baseUrl: `${server.url}/v1` });

/**
 * An answer read for our own fields, which the SDK's types do not name (docs/resend-compat.md,
 * "What differs"): typed by our client's schema. Fields the SDK's types do name are read
 * through them, so the test proves they carry real values.
 */
const ours = <T>(data: unknown) => data as T;

/** What the SDK hands an application for a failed call: our status, type and message. */
function expectSdkError(result: { data: unknown; error: any }, statusCode: number, name: string, message?: RegExp) {
  expect(result.data).toBeNull();
  expect(result.error).toMatchObject({ statusCode, name, message: expect.any(String) });
  expect(result.error.message.length).toBeGreaterThan(0);
  if (message) expect(result.error.message).toMatch(message);
}

const HOUR = 3600_000;

describe("Resend Node SDK against Posthaste", () => {
  it("sends with every field, then gets, reschedules and cancels the scheduled message", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    const before = Date.now();
    const sent = await resend.emails.send(
      {
        from: s.from,
        to: ["ann@example.com", "bob@example.com"],
        cc: ["cat@example.com"],
        bcc: ["dan@example.com"],
        replyTo: "reply@example.com",
        subject: "Every field",
        html: "<p>Hello</p>",
        text: "Hello",
        attachments: [{ filename: "a.txt", content: Buffer.from("attached"), contentType: "text/plain" }],
        tags: [{ name: "kind", value: "welcome" }],
        headers: { "X-Entity-Ref-ID": "123" },
        scheduledAt: "in 1 hour",
      },
      { idempotencyKey: "every-field-1" },
    );
    expect(sent.error).toBeNull();
    const id = sent.data!.id;

    // The same idempotency key answers with the original id.
    const again = await resend.emails.send(
      { from: s.from, to: "ann@example.com", subject: "x", text: "x" },
      { idempotencyKey: "every-field-1" },
    );
    expect(again.data).toEqual({ id });

    const got = await resend.emails.get(id);
    expect(got.error).toBeNull();
    const detail = ours<Email>(got.data);
    expect(detail).toMatchObject({
      id,
      status: "scheduled",
      subject: "Every field",
      cc: ["cat@example.com"],
      bcc: ["dan@example.com"],
      replyTo: ["reply@example.com"],
      tags: [{ name: "kind", value: "welcome" }],
    });
    expect(detail.to).toEqual(["ann@example.com", "bob@example.com"]);
    expect(detail.scheduledAt).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(detail.scheduledAt).toBeLessThanOrEqual(Date.now() + HOUR + 1000);

    // emails.update is PATCH /v1/emails/{id} with scheduled_at: "tomorrow at 9am" in UTC.
    const moved = await resend.emails.update({ id, scheduledAt: "tomorrow at 9am" });
    expect(moved.error).toBeNull();
    const tomorrow = new Date();
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const nine = Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 9);
    expect(moved.data).toEqual({ id, scheduledAt: nine });
    expect(ours<Email>((await resend.emails.get(id)).data).scheduledAt).toBe(nine);

    // emails.cancel is POST /v1/emails/{id}/cancel.
    const canceled = await resend.emails.cancel(id);
    expect(canceled).toMatchObject({ data: { id, canceled: true }, error: null });
    expectSdkError(await resend.emails.cancel(id), 409, "validation_error", /already been canceled/);
    expectSdkError(await resend.emails.update({ id, scheduledAt: "in 2 hours" }), 409, "validation_error", /no longer scheduled/);
    expectSdkError(await resend.emails.get("00000000-0000-4000-8000-000000000000"), 404, "not_found");
  });

  it("a reschedule to now dispatches the message at once", async () => {
    const { apiKey } = await server.account();
    const resend = sdk(apiKey);
    const sim = { from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: "Later", text: "t" };
    const { data } = await resend.emails.send({ ...sim, scheduledAt: "in 2 hours" });
    const moved = await resend.emails.update({ id: data!.id, scheduledAt: new Date(Date.now() - 60_000).toISOString() });
    expect(moved.data).toEqual({ id: data!.id, scheduledAt: expect.any(Number) });
    const got = await waitFor(async () => {
      const e = ours<Email>((await resend.emails.get(data!.id)).data);
      return e.status === "delivered" && e;
    });
    expect(got.timeline.map((t) => t.type).slice(0, 3)).toEqual(["scheduled", "rescheduled", "queued"]);
  });

  it("surfaces every kind of send error with its status, type and message", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    const base = { from: s.from, to: "ann@example.com", subject: "s", text: "t" };
    expectSdkError(await resend.emails.send({ ...base, from: "x@not-ours.example.com" }), 403, "domain_error");
    expectSdkError(await resend.emails.send({ ...base, to: "not an address" }), 400, "validation_error", /^to: /);
    // The SDK sends scheduled_at, Resend's name, which takes phrases; ours (scheduledAt) keeps the reference's forms.
    expectSdkError(await resend.emails.send({ ...base, scheduledAt: "whenever" }), 400, "validation_error", /^scheduled_at: /);
    expectSdkError(await resend.emails.send({ ...base, scheduledAt: "yesterday" }), 400, "validation_error", /in the past/);
    // Resend fields with no equivalent here are refused by name, never dropped.
    expectSdkError(await resend.emails.send({ ...base, topicId: "t1" }), 400, "validation_error", /topic_id: not supported/);
    expectSdkError(
      await resend.emails.send({ ...base, attachments: [{ filename: "r.png", path: "https://example.com/r.png" }] }),
      400,
      "validation_error",
      /attachments\[0\]\.path: not supported/,
    );
    expectSdkError(await sdk("re_not_a_key").emails.send(base), 401, "authentication_error");
    const ours = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...base, scheduledAt: "in 1 hour" } });
    expect(ours.status).toBe(400);
    expect(ours.body.message).toMatch(/^scheduledAt: /);
  });

  it("sends a batch; a strict batch (the SDK's default) refuses as a whole, a permissive one per entry", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    const good = (n: number) => ({ from: s.from, to: `r${n}@example.com`, subject: `b${n}`, text: "t" });
    const ok = await resend.batch.send([good(1), good(2)]);
    expect(ok.error).toBeNull();
    expect(ok.data!.data).toEqual([{ id: expect.any(String) }, { id: expect.any(String) }]);
    expect(ours<BatchResult>(ok.data).summary).toEqual({ total: 2, succeeded: 2, failed: 0 });

    const bad = [good(3), { ...good(4), to: "nope" }];
    expectSdkError(await resend.batch.send(bad), 400, "validation_error", /^emails\[1\]\.?.*to: /);
    const listed = await resend.emails.list({ limit: 10 });
    expect(listed.data!.data.map((e) => e.subject)).not.toContain("b3");

    const permissive = await resend.batch.send(bad, { batchValidation: "permissive" });
    expect(ours<BatchResult>(permissive.data).summary).toEqual({ total: 2, succeeded: 1, failed: 1 });
    // The SDK's permissive type reads the failures as `errors`.
    expect(permissive.data!.errors).toEqual([{ index: 1, message: expect.stringMatching(/^to: /) }]);
  });

  it("a batch's Idempotency-Key (batch.send's idempotencyKey) answers a repeat with the first ids and sends nothing again", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    const entry = (n: number) => ({ from: s.from, to: `r${n}@example.com`, subject: `i${n}`, text: "t" });
    const first = await resend.batch.send([entry(1), entry(2)], { idempotencyKey: "batch-1" });
    expect(first.error).toBeNull();
    const ids = first.data!.data.map((e) => e.id);
    expect(new Set(ids).size).toBe(2);
    expect((await resend.batch.send([entry(1), entry(2)], { idempotencyKey: "batch-1" })).data!.data.map((e) => e.id)).toEqual(ids);
    // Our own batch (no x-batch-validation), the same header: the same ids.
    const ours = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [entry(1), entry(2)],
      headers: { "idempotency-key": "batch-1" },
    });
    expect(ours.body.data).toEqual(ids.map((id) => ({ id })));
    const listed = await server.api("GET", "/v1/emails?limit=100", { key: s.apiKey });
    expect(listed.body.data.map((e: { id: string }) => e.id).sort()).toEqual([...ids].sort());

    // Another header is another batch; an entry's own key beside the header is refused by name.
    const other = await resend.batch.send([entry(1)], { idempotencyKey: "batch-2" });
    expect(ids).not.toContain(other.data!.data[0].id);
    const own = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [entry(3), { ...entry(4), idempotency_key: "own" }],
      headers: { "idempotency-key": "batch-3" },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toMatch(/^emails\[1\]\.idempotency_key: cannot be combined with the Idempotency-Key header/);
    const tooLong = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [entry(5)],
      headers: { "idempotency-key": "k".repeat(257) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/^Idempotency-Key: must be 1 to 256 characters/);
    expect((await server.api("GET", "/v1/emails?limit=100", { key: s.apiKey })).body.data).toHaveLength(3);
  });

  it("a Resend name given beside ours must agree with it: 400 naming the alias, the same value is fine", async () => {
    const s = await sender(server, { dkim: false });
    const key = s.apiKey;
    const base = { from: s.from, to: "ann@example.com", subject: "s", text: "t" };
    const at = Date.now() + 2 * HOUR;
    const attachment = { filename: "a.txt", content: Buffer.from("a").toString("base64") };
    const disagree: [string, string, Record<string, unknown>, Record<string, string>?][] = [
      ["POST", "/v1/emails", { ...base, scheduledAt: at, scheduled_at: "in 5 hours" }],
      ["POST", "/v1/emails", { ...base, replyTo: "a@example.com", reply_to: "b@example.com" }],
      ["POST", "/v1/emails", { ...base, attachments: [{ ...attachment, contentType: "text/plain", content_type: "text/html" }] }],
      ["POST", "/v1/emails", { ...base, idempotency_key: "k1", idempotencyKey: "k2" }],
      ["POST", "/v1/emails", { ...base, idempotency_key: "k1" }, { "idempotency-key": "k2" }],
      ["POST", "/v1/webhooks", { url: `${hooks.origin}/a`, endpoint: `${hooks.origin}/b`, events: ["email.sent"] }],
      ["POST", "/v1/webhooks", { url: `${hooks.origin}/a`, events: ["email.sent"], enabled: true, status: "disabled" }],
      ["POST", "/v1/api-keys", { name: "k", scope: "full", permission: "sending_access" }],
      ["POST", "/v1/domains", { name: uniqueDomain("rs"), trackEngagement: true, open_tracking: false }],
    ];
    const names = [
      "scheduled_at",
      "reply_to",
      "attachments[0].content_type",
      "idempotencyKey",
      "Idempotency-Key",
      "endpoint",
      "status",
      "permission",
      "open_tracking",
    ];
    for (const [i, [method, path, body, headers]] of disagree.entries()) {
      const res = await server.api(method, path, { key, body, headers });
      expect(res.status, `${names[i]}: ${res.text}`).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^${names[i].replace(/[[\]]/g, "\\$&")}: disagrees with `));
    }

    const same = await server.api("POST", "/v1/emails", {
      key,
      body: {
        ...base,
        scheduledAt: new Date(at).toISOString(),
        scheduled_at: at,
        replyTo: "Ann <A@Example.com>",
        reply_to: ["Ann <a@example.com>"],
        attachments: [{ ...attachment, contentType: "text/plain", content_type: "text/plain" }],
        idempotency_key: "agree-1",
        idempotencyKey: "agree-1",
      },
      headers: { "idempotency-key": "agree-1" },
    });
    expect(same.status, same.text).toBe(200);
    const got = (await server.api("GET", `/v1/emails/${same.body.id}`, { key })).body;
    expect(got).toMatchObject({ status: "scheduled", scheduledAt: at, replyTo: ["Ann <a@example.com>"] });

    // The reschedule takes both names too, under the same rule.
    const move = (body: Record<string, unknown>) => server.api("PATCH", `/v1/emails/${same.body.id}`, { key, body });
    const moved = await move({ scheduledAt: at + HOUR, scheduled_at: "in 7 hours" });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toMatch(/^scheduled_at: disagrees with scheduledAt/);
    expect((await move({ scheduledAt: at + HOUR, scheduled_at: new Date(at + HOUR).toISOString() })).body).toEqual({
      id: same.body.id,
      scheduledAt: at + HOUR,
    });
  });

  it("lists with Resend's after / before paging and has_more beside our cursor", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await resend.emails.send({ from: s.from, to: "ann@example.com", subject: `p${i}`, text: "t" })).data!.id);
    }
    const newest = [...ids].reverse();
    const page1 = (await resend.emails.list({ limit: 2 })).data!;
    expect(page1.data.map((e) => e.id)).toEqual(newest.slice(0, 2));
    expect(page1).toMatchObject({ has_more: true, hasMore: true, nextCursor: expect.any(String) });
    const page2 = (await resend.emails.list({ limit: 2, after: page1.data[1].id })).data!;
    expect(page2.data.map((e) => e.id)).toEqual(newest.slice(2, 4));
    const page3 = (await resend.emails.list({ limit: 2, after: page2.data[1].id })).data!;
    expect(page3.data.map((e) => e.id)).toEqual(newest.slice(4));
    expect(page3).toMatchObject({ has_more: false, hasMore: false, nextCursor: null });
    // before: the page just above an email, newest first; has_more says newer ones remain.
    const back = (await resend.emails.list({ limit: 2, before: newest[4] })).data!;
    expect(back.data.map((e) => e.id)).toEqual(newest.slice(2, 4));
    expect(back).toMatchObject({ has_more: true, nextCursor: null });
    const top = (await resend.emails.list({ limit: 2, before: newest[2] })).data!;
    expect(top.data.map((e) => e.id)).toEqual(newest.slice(0, 2));
    expect(top.has_more).toBe(false);

    expectSdkError(await resend.emails.list({ after: "00000000-0000-4000-8000-000000000000" }), 400, "validation_error", /^after: /);
    const both = await server.api("GET", `/v1/emails?after=${ids[0]}&cursor=${ours<EmailList>(page1).nextCursor}`, { key: s.apiKey });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/give one of cursor, after and before/);
  });

  it("refuses Resend's paging on the lists that return everything at once, rather than answer page one again", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    expectSdkError(await resend.apiKeys.list({ after: "k1" }), 400, "validation_error", /^after: not supported/);
    expectSdkError(await resend.domains.list({ limit: 10 }), 400, "validation_error", /^limit: not supported/);
    for (const path of ["/v1/webhooks?before=w1", "/v1/domains?after=d1"]) {
      expect((await server.api("GET", path, { key: s.apiKey })).status, path).toBe(400);
    }
    expect((await resend.apiKeys.list()).error).toBeNull();
  });

  it("manages domains with Resend's open_tracking / click_tracking", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    const name = uniqueDomain("rs");
    const created = await resend.domains.create({ name, openTracking: false, clickTracking: false });
    expect(created.error).toBeNull();
    const domain = created.data!;
    expect(ours<Domain>(domain)).toMatchObject({ name, status: "pending", trackEngagement: false });

    expect(ours<Domain>((await resend.domains.get(domain.id)).data).trackEngagement).toBe(false);
    expect((await resend.domains.list()).data!.data.map((d) => d.name)).toContain(name);
    const on = await resend.domains.update({ id: domain.id, openTracking: true, clickTracking: true });
    expect(ours<Domain>(on.data).trackEngagement).toBe(true);
    expectSdkError(
      await resend.domains.update({ id: domain.id, openTracking: true, clickTracking: false }),
      400,
      "validation_error",
      /click_tracking: .*disagree/,
    );
    expectSdkError(await resend.domains.update({ id: domain.id, tls: "enforced" }), 400, "validation_error", /tls/);
    expectSdkError(
      await resend.domains.create({ name: uniqueDomain("rs"), region: "eu-west-1" }),
      400,
      "validation_error",
      /region: not supported/,
    );
    expect((await resend.domains.verify(domain.id)).data!.id).toBe(domain.id);

    // Receiving with Resend's capabilities: on adds the Receiving MX record, off removes it.
    expect(domain.capabilities).toEqual({ sending: "enabled", receiving: "disabled" });
    const receiving = await resend.domains.update({ id: domain.id, capabilities: { receiving: "enabled" } });
    expect(receiving.error).toBeNull();
    const withMx = ours<Domain>(receiving.data);
    expect(withMx.capabilities).toEqual({ sending: "enabled", receiving: "enabled" });
    expect(withMx.dnsRecords.at(-1)).toMatchObject({ record: "Receiving", type: "MX", name, priority: 10 });
    const off = ours<Domain>((await resend.domains.update({ id: domain.id, capabilities: { receiving: "disabled" } })).data);
    expect(off.dnsRecords.some((r) => r.record === "Receiving")).toBe(false);
    expectSdkError(
      await resend.domains.update({ id: domain.id, capabilities: { sending: "disabled" } }),
      400,
      "validation_error",
      /capabilities\.sending: not supported/,
    );
    const inbound = await resend.domains.create({ name: uniqueDomain("rs"), capabilities: { receiving: "enabled" } });
    expect(ours<Domain>(inbound.data).capabilities.receiving).toBe("enabled");
    await resend.domains.remove(inbound.data!.id);

    expect((await resend.domains.remove(domain.id)).data).toEqual({ id: domain.id, deleted: true });
    expectSdkError(await resend.domains.get(domain.id), 404, "not_found");
  });

  it("creates API keys with both permissions; a sending_access key may only send", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    const sending = await resend.apiKeys.create({ name: "sender", permission: "sending_access" });
    expect(sending.error).toBeNull();
    // The SDK's type reads { id, token }: the key's id and its plaintext.
    const sendKey = sending.data!.token;
    const full = await resend.apiKeys.create({ name: "admin", permission: "full_access" });
    const fullKey = full.data!.token;
    expect(sendKey).toMatch(/^ph_/);

    const keys = ours<ApiKeyList>((await resend.apiKeys.list()).data).data;
    expect(keys.find((k) => k.id === sending.data!.id)).toMatchObject({ name: "sender", scope: "send" });
    expect(keys.find((k) => k.id === full.data!.id)).toMatchObject({ name: "admin", scope: "full" });

    expect((await sdk(sendKey).emails.send({ from: s.from, to: "ann@example.com", subject: "s", text: "t" })).error).toBeNull();
    expectSdkError(await sdk(sendKey).emails.list(), 403, "authentication_error");
    expect((await sdk(fullKey).emails.list()).error).toBeNull();

    expectSdkError(await resend.apiKeys.create({ name: "x", permission: "read" as never }), 400, "validation_error", /permission/);
    expectSdkError(
      await resend.apiKeys.create({ name: "x", permission: "sending_access", domain_id: "d1" } as never),
      400,
      "validation_error",
      /domain_id: not supported/,
    );
    expect((await resend.apiKeys.remove(sending.data!.id)).error).toBeNull();
    expectSdkError(
      await sdk(sendKey).emails.send({ from: s.from, to: "ann@example.com", subject: "s", text: "t" }),
      401,
      "authentication_error",
    );
  });

  it("manages webhooks by endpoint and status; a real delivery verifies with resend.webhooks.verify and standardwebhooks", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    const created = await resend.webhooks.create({ endpoint: `${hooks.origin}/resend`, events: ["email.sent", "email.delivered"] });
    expect(created.error).toBeNull();
    // The SDK's type reads { object, id, signing_secret }; `secret` is ours, the same value.
    const hook = created.data!;
    expect(hook.object).toBe("webhook");
    expect(hook.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(ours<WebhookEndpoint & { secret: string }>(hook)).toMatchObject({ url: `${hooks.origin}/resend`, secret: hook.signing_secret });

    await resend.emails.send({ from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: "Hook", text: "t" });
    const [delivery] = await waitFor(() => hooks.at("/resend").length > 0 && hooks.at("/resend"));
    const h = delivery.headers;
    expect(h["webhook-id"]).toBe(h["posthaste-event-id"]);
    expect(h["webhook-timestamp"]).toBe(h["posthaste-timestamp"]);
    expect(h["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const payload = delivery.raw.toString("utf8");
    const headers = { id: String(h["webhook-id"]), timestamp: String(h["webhook-timestamp"]), signature: String(h["webhook-signature"]) };

    const viaResend = resend.webhooks.verify({ payload, headers, webhookSecret: hook.signing_secret });
    expect(ours<{ id: string }>(viaResend).id).toBe(h["webhook-id"]);
    const viaStandard = new Webhook(hook.signing_secret).verify(payload, {
      "webhook-id": headers.id,
      "webhook-timestamp": headers.timestamp,
      "webhook-signature": headers.signature,
    }) as { type: string };
    expect(viaStandard.type).toMatch(/^email\./);
    // Our client verifies either signature; a wrong secret fails every verifier.
    expect(verifyWebhookRequest({ secret: hook.signing_secret, rawBody: delivery.raw, headers: h }).id).toBe(headers.id);
    const standardOnly = { ...h, "posthaste-signature": undefined };
    expect(verifyWebhookRequest({ secret: hook.signing_secret, rawBody: delivery.raw, headers: standardOnly }).id).toBe(headers.id);
    const other = "whsec_" + Buffer.alloc(32, 7).toString("base64");
    expect(() => resend.webhooks.verify({ payload, headers, webhookSecret: other })).toThrow();
    expect(() => verifyStandardWebhook({ secret: other, rawBody: payload, ...headers })).toThrow(/does not match/);

    const off = await resend.webhooks.update(hook.id, { status: "disabled" });
    expect(ours<WebhookEndpoint>(off.data).enabled).toBe(false);
    // Resend's types read `status` off a get: the one core call that failed before.
    expect((await resend.webhooks.get(hook.id)).data!.status).toBe("disabled");
    const on = await resend.webhooks.update(hook.id, { status: "enabled", endpoint: `${hooks.origin}/moved` });
    expect(on.data).toMatchObject({ enabled: true, url: `${hooks.origin}/moved` });
    expectSdkError(await resend.webhooks.update(hook.id, { status: "paused" as never }), 400, "validation_error", /status/);
    expectSdkError(await resend.webhooks.create({ endpoint: "http://10.0.0.1/x", events: ["email.sent"] }), 400, "validation_error");

    const rotated = await resend.webhooks.rotateSigningSecret(hook.id);
    expect(rotated.data).toEqual({
      object: "webhook",
      id: hook.id,
      signing_secret: expect.stringMatching(/^whsec_/),
      secret: rotated.data!.signing_secret,
    });
    expect(rotated.data!.signing_secret).not.toBe(hook.signing_secret);
    expect((await resend.webhooks.get(hook.id)).data).toMatchObject({ id: hook.id });
    expect((await resend.webhooks.list()).data!.data.map((w) => w.id)).toContain(hook.id);
    expect((await resend.webhooks.remove(hook.id)).data).toEqual({ id: hook.id, deleted: true });
    expectSdkError(await resend.webhooks.get(hook.id), 404, "not_found");
  });
  it("templates: create, get, list, update, publish, duplicate, remove, and emails.send({ template })", async () => {
    const s = await sender(server, { dkim: false });
    const resend = sdk(s.apiKey);
    const created = await resend.templates.create({
      name: "Welcome",
      alias: "sdk-welcome",
      from: s.from,
      subject: "Welcome, {{{NAME}}}",
      html: "<p>Hello {{{NAME}}}, you have {{{CREDITS}}} credits</p>",
      replyTo: "help@example.com",
      variables: [
        { key: "NAME", type: "string", fallbackValue: "friend" },
        { key: "CREDITS", type: "number", fallbackValue: 5 },
      ],
    });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ object: "template", id: expect.any(String) });
    const id = created.data!.id;

    const got = await resend.templates.get("sdk-welcome");
    expect(got.data).toMatchObject({ id, name: "Welcome", status: "draft", reply_to: ["help@example.com"], current_version_id: null });
    expect(got.data!.variables).toMatchObject([
      { key: "NAME", type: "string", fallback_value: "friend" },
      { key: "CREDITS", type: "number", fallback_value: 5 },
    ]);
    expect((await resend.templates.list()).data!.data.map((t) => t.id)).toContain(id);

    // A draft cannot send; published, it does.
    expectSdkError(await resend.emails.send({ to: "ann@example.com", template: { id } }), 422, "validation_error", /draft/);
    expect((await resend.templates.publish(id)).data).toEqual({ object: "template", id });
    expect((await resend.templates.update(id, { subject: "Hi {{{NAME}}}" })).data).toEqual({ object: "template", id });
    expect((await resend.templates.get(id)).data).toMatchObject({ status: "published", has_unpublished_versions: true });

    const sent = await resend.emails.send({
      to: "ann@example.com",
      template: { id: "sdk-welcome", variables: { NAME: "<Ann>", CREDITS: 9 } },
    });
    expect(sent.error).toBeNull();
    const email = ours<Email & { template_id: string }>((await resend.emails.get(sent.data!.id)).data);
    expect(email).toMatchObject({ subject: "Welcome, <Ann>", template_id: id, from: s.from });
    expectSdkError(
      await resend.emails.send({ to: "ann@example.com", html: "<p>x</p>", template: { id } } as never),
      400,
      "validation_error",
      /cannot be combined with html/,
    );
    expectSdkError(
      await resend.emails.send({ from: s.from, subject: "x", to: "ann@example.com", template: { id: "no-such-template" } }),
      404,
      "not_found",
    );

    const copy = await resend.templates.duplicate(id);
    expect(copy.data).toEqual({ object: "template", id: expect.any(String) });
    expect((await resend.templates.remove(copy.data!.id)).data).toEqual({ object: "template", id: copy.data!.id, deleted: true });
    expectSdkError(await resend.templates.get(copy.data!.id), 404, "not_found");
  });
});
