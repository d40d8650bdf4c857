import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../client/webhooks";
import { startTestServer, type TestServer } from "./support/harness";
import { dashboardCaller } from "./support/dashboard-caller";
import { db, sql } from "./support/db";
import { startWebhookReceiver } from "./support/webhook-receiver";
import { until } from "./support/wait";

/**
 * Issue #17, part 6: a test event per endpoint through the real delivery path, each
 * attempt's payload, and failure counts that tell the truth while retries fail.
 */

let server: TestServer;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  hooks = await startWebhookReceiver();
  // A second retry a minute away: a failing delivery stays under way long enough to look at.
  server = await startTestServer({ WEBHOOK_ALLOWED_ORIGINS: hooks.origin, WEBHOOK_RETRY_SCHEDULE: "0.2,60", DISPATCH_IDLE_MS: "60000" });
});
afterAll(async () => {
  await server?.stop();
  await hooks?.stop();
});

async function endpoint(apiKey: string, path: string, events = ["*"]) {
  const res = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: hooks.origin + path, events } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

async function attempts(apiKey: string, id: string) {
  return (await server.api("GET", `/v1/webhooks/${id}/attempts`, { key: apiKey })).body.data as any[];
}

async function refusal(call: Promise<unknown>): Promise<string> {
  const { toApiError } = await import("../server/errors");
  try {
    await call;
  } catch (err) {
    return toApiError(err).type;
  }
  return "no error";
}

describe("send test event", () => {
  it("arrives signed as an email.sent marked test, is logged, and leaves the endpoint's fields alone", async () => {
    const a = await server.account();
    // Subscribed to other types only: a test goes to the endpoint it was sent to all the same.
    const ep = await endpoint(a.apiKey, "/test-ok", ["email.bounced"]);
    const caller = await dashboardCaller(a.accountId);
    const queued = await caller.dashboard.webhookTest({ id: ep.id });
    expect(queued.endpointId).toBe(ep.id);

    const [got] = await until(
      () => hooks.at("/test-ok"),
      (l) => l.length === 1,
    );
    const event = verifyWebhook<any>({ secret: ep.secret, rawBody: got.raw, signature: got.headers["posthaste-signature"] as string });
    expect(event).toMatchObject({ id: queued.eventId, type: "email.sent", data: { test: true, to: [a.email], tags: [] } });
    expect(got.headers["posthaste-event-id"]).toBe(queued.eventId);

    const log = await until(
      () => attempts(a.apiKey, ep.id),
      (l) => l.length === 1 && l[0].deliveryStatus === "succeeded",
    );
    expect(log[0]).toMatchObject({
      eventId: queued.eventId,
      eventType: "email.sent",
      attempt: 1,
      responseStatus: 200,
      responseBodyHead: "ok",
    });
    // The payload the dashboard shows beside the attempt is the body that arrived, byte for byte.
    const { data: bodies } = await caller.dashboard.webhookEvents({ ids: [queued.eventId] });
    expect(bodies).toEqual([{ id: queued.eventId, test: true, body: got.raw.toString("utf8") }]);

    const after = (await server.api("GET", `/v1/webhooks/${ep.id}`, { key: a.apiKey })).body;
    expect(after).toMatchObject({ lastAttemptAt: null, lastResponseStatus: null, consecutiveFailures: 0, enabled: true });
    // Nobody else can read that body.
    const b = await server.account();
    expect((await (await dashboardCaller(b.accountId)).dashboard.webhookEvents({ ids: [queued.eventId] })).data).toEqual([]);
  });

  it("a failing test is tried once and never counts toward disabling the endpoint", async () => {
    const a = await server.account();
    const ep = await endpoint(a.apiKey, "/test-down");
    hooks.answer("/test-down", { status: 500 });
    // One exhausted delivery short of auto-disable (AUTO_DISABLE_AFTER = 20).
    await sql("update webhook_endpoints set consecutive_failures = 19 where id = ?", ep.id);
    const caller = await dashboardCaller(a.accountId);
    const queued = await caller.dashboard.webhookTest({ id: ep.id });
    const log = await until(
      () => attempts(a.apiKey, ep.id),
      (l) => l.length === 1 && l[0].deliveryStatus === "failed",
    );
    expect(log[0]).toMatchObject({ eventId: queued.eventId, responseStatus: 500, responseBodyHead: "receiver says no" });
    // Longer than the retry schedule: no second attempt comes.
    await new Promise((r) => setTimeout(r, 800));
    expect(hooks.at("/test-down")).toHaveLength(1);
    const after = (await server.api("GET", `/v1/webhooks/${ep.id}`, { key: a.apiKey })).body;
    expect(after).toMatchObject({ enabled: true, consecutiveFailures: 19, lastError: null, autoDisabledAt: null });
    expect((await caller.dashboard.webhookHealth({})).data).toEqual([{ id: ep.id, attempts: 0, failed: 0 }]);
  });

  it("is refused for a disabled endpoint and another account's", async () => {
    const a = await server.account();
    const ep = await endpoint(a.apiKey, "/test-off");
    await server.api("PATCH", `/v1/webhooks/${ep.id}`, { key: a.apiKey, body: { enabled: false } });
    const caller = await dashboardCaller(a.accountId);
    expect(await refusal(caller.dashboard.webhookTest({ id: ep.id }))).toBe("validation_error");
    const b = await server.account();
    expect(await refusal((await dashboardCaller(b.accountId)).dashboard.webhookTest({ id: ep.id }))).toBe("not_found");
    expect(hooks.at("/test-off")).toHaveLength(0);
  });
});

describe("recent attempt health", () => {
  it("counts failed attempts while retries are under way, though consecutiveFailures still reads 0", async () => {
    const a = await server.account();
    const ep = await endpoint(a.apiKey, "/flaky");
    hooks.answer("/flaky", { status: 503 });
    const { recordEvents } = await import("../server/events/record");
    const { db: d } = await db();
    await recordEvents(d, [
      {
        accountId: a.accountId,
        type: "email.delivered",
        emailId: null,
        data: { email_id: "e1", from: "a@example.com", to: ["b@example.com"], subject: "s", tags: [] },
      },
    ]);
    // Two attempts failed; the third (the last) is a minute away, so no delivery is exhausted yet.
    const log = await until(
      () => attempts(a.apiKey, ep.id),
      (l) => l.length === 2,
    );
    expect(log.every((x) => x.deliveryStatus === "pending" && x.responseStatus === 503)).toBe(true);
    const caller = await dashboardCaller(a.accountId);
    expect((await caller.dashboard.webhookHealth({})).data).toEqual([{ id: ep.id, attempts: 2, failed: 2 }]);
    expect((await server.api("GET", `/v1/webhooks/${ep.id}`, { key: a.apiKey })).body).toMatchObject({
      consecutiveFailures: 0,
      lastResponseStatus: 503,
    });
  });

  it("looks at the newest 20 attempts of each endpoint, test events left out, account-scoped", async () => {
    const a = await server.account();
    const ep = await endpoint(a.apiKey, "/stored-log");
    const quiet = await endpoint(a.apiKey, "/stored-quiet");
    const { newId } = await import("../server/lib/ids");
    const base = Date.now() - 3600_000;
    const store = async (test: boolean, statuses: (number | null)[], offset: number) => {
      const eventId = newId(base + offset);
      const deliveryId = newId(base + offset);
      await sql(
        `insert into webhook_events (id, account_id, type, payload, test) values (?, ?, 'email.sent', '{}'::jsonb, ?)`,
        eventId,
        a.accountId,
        test,
      );
      await sql(
        `insert into webhook_deliveries (id, event_id, endpoint_id, account_id, status, attempts) values (?, ?, ?, ?, 'failed', ?)`,
        deliveryId,
        eventId,
        ep.id,
        a.accountId,
        statuses.length,
      );
      for (const [i, status] of statuses.entries()) {
        const at = base + offset + i * 1000;
        await sql(
          `insert into webhook_attempts (id, delivery_id, endpoint_id, at, duration_ms, response_status) values (?, ?, ?, ?::timestamptz, 5, ?::int)`,
          newId(at),
          deliveryId,
          ep.id,
          new Date(at).toISOString(),
          status,
        );
      }
    };
    // 25 attempts, oldest first: 5 old failures, then 20 of which 3 fail; a newer test attempt that failed.
    await store(false, [500, 500, 500, 500, 500], 0);
    await store(false, [...Array<number>(17).fill(200), 404, null, 502], 100_000);
    await store(true, [500], 200_000);
    const caller = await dashboardCaller(a.accountId);
    expect((await caller.dashboard.webhookHealth({})).data).toEqual([
      { id: ep.id, attempts: 20, failed: 3 },
      { id: quiet.id, attempts: 0, failed: 0 },
    ]);
    const b = await server.account();
    expect((await (await dashboardCaller(b.accountId)).dashboard.webhookHealth({})).data).toEqual([]);
  });
});
