import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { sql } from "./support/db";

let server: TestServer;
beforeAll(async () => {
  // The scale plan gets no endpoints here, to see the "plan has none" refusal.
  server = await startTestServer({ PLANS: JSON.stringify({ scale: { webhooks: 0 } }), WEBHOOK_ALLOWED_ORIGINS: "" });
});
afterAll(async () => {
  await server?.stop();
});

const good = { url: "https://hooks.example.com/posthaste", events: ["email.sent", "email.delivered"] };

describe("webhook endpoints", () => {
  it("creates with a secret shown once, lists and patches without it", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { ...good, description: "prod" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: good.url,
      events: good.events,
      enabled: true,
      description: "prod",
      consecutiveFailures: 0,
      lastAttemptAt: null,
      lastResponseStatus: null,
      lastError: null,
      suspendedByPlan: false,
      autoDisabledAt: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await server.api("GET", "/v1/webhooks", { key: apiKey });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty("secret");
    expect(list.text).not.toContain(created.body.secret);
    const patched = await server.api("PATCH", `/v1/webhooks/${created.body.id}`, {
      key: apiKey,
      body: { events: ["*"], description: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ events: ["*"], description: null, url: good.url });
    expect(patched.body).not.toHaveProperty("secret");
    const off = await server.api("PATCH", `/v1/webhooks/${created.body.id}`, { key: apiKey, body: { enabled: false } });
    expect(off.body.enabled).toBe(false);
  });

  it("validates url, events and description", async () => {
    const { apiKey } = await server.account();
    const bad: unknown[] = [
      {},
      { events: ["email.sent"] },
      { url: "http://hooks.example.com/x", events: ["email.sent"] },
      { url: "https://hooks.example.com:8443/x", events: ["email.sent"] },
      { url: "not a url", events: ["email.sent"] },
      { url: good.url },
      { url: good.url, events: [] },
      { url: good.url, events: ["email.sent", "email.exploded"] },
      { url: good.url, events: "email.sent" },
      { url: good.url, events: ["email.sent"], description: "x".repeat(501) },
      { url: good.url, events: ["email.sent"], enabled: "no" },
    ];
    for (const body of bad) {
      const res = await server.api("POST", "/v1/webhooks", { key: apiKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
    }
    const ok = await server.api("POST", "/v1/webhooks", {
      key: apiKey,
      body: { ...good, url: "https://hooks.example.com:443/x", description: "x".repeat(500) },
    });
    expect(ok.status).toBe(201);
    const patch = await server.api("PATCH", `/v1/webhooks/${ok.body.id}`, { key: apiKey, body: { url: "https://127.0.0.1/x" } });
    expect(patch.status).toBe(400);
    expect(patch.body.error.type).toBe("validation_error");
    for (const body of [{ enabled: "no" }, { events: [] }, { description: "x".repeat(501) }]) {
      const res = await server.api("PATCH", `/v1/webhooks/${ok.body.id}`, { key: apiKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("refuses private, loopback, link-local, CGNAT, multicast and unspecified hosts in every spelling", async () => {
    const { apiKey } = await server.account();
    const hosts = [
      "127.0.0.1",
      "2130706433",
      "0x7f000001",
      "0177.0.0.1",
      "0x7f.0.0.1",
      "127.1",
      "017700000001",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "[::1]",
      "[::]",
      "[fe80::1]",
      "[fc00::1]",
      "[fd12:3456::1]",
      "[ff02::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[::ffff:10.0.0.1]",
      "[64:ff9b::7f00:1]",
      "localhost",
      "app.localhost",
      "intranet",
    ];
    for (const host of hosts) {
      const res = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: `https://${host}/hook`, events: ["*"] } });
      expect(res.status, host).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
    }
    const publicIp = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: "https://93.184.216.34/hook", events: ["*"] } });
    expect(publicIp.status).toBe(201);
  });

  it("normalises events: '*' means all, duplicates collapse", async () => {
    const { apiKey } = await server.account();
    const star = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: good.url, events: ["email.sent", "*"] } });
    expect(star.body.events).toEqual(["*"]);
    const dup = await server.api("POST", "/v1/webhooks", {
      key: apiKey,
      body: { url: good.url, events: ["quota.exceeded", "quota.exceeded"] },
    });
    expect(dup.body.events).toEqual(["quota.exceeded"]);
    // "*" does not excuse a type that does not exist.
    const unknown = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: good.url, events: ["*", "email.nope"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.type).toBe("validation_error");
    const patched = await server.api("PATCH", `/v1/webhooks/${star.body.id}`, { key: apiKey, body: { events: ["email.nope", "*"] } });
    expect(patched.status).toBe(400);
  });

  it("enforces the plan's allowance", async () => {
    const free = await server.account({ plan: "free" });
    expect((await server.api("POST", "/v1/webhooks", { key: free.apiKey, body: good })).status).toBe(201);
    const second = await server.api("POST", "/v1/webhooks", { key: free.apiKey, body: good });
    expect(second.status).toBe(400);
    expect(second.body.error.type).toBe("validation_error");
    const none = await server.account({ plan: "scale" });
    const refused = await server.api("POST", "/v1/webhooks", { key: none.apiKey, body: good });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/no webhook endpoints/);
    const unlimited = await server.account();
    const many = await Promise.all(
      Array.from({ length: 12 }, () => server.api("POST", "/v1/webhooks", { key: unlimited.apiKey, body: good })),
    );
    expect(many.every((r) => r.status === 201)).toBe(true);
  });

  it("parallel creates cannot pass the allowance together (the account's webhooks lock)", async () => {
    const free = await server.account({ plan: "free" });
    const all = await Promise.all(Array.from({ length: 6 }, () => server.api("POST", "/v1/webhooks", { key: free.apiKey, body: good })));
    expect(all.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    expect((await server.api("GET", "/v1/webhooks", { key: free.apiKey })).body.data).toHaveLength(1);
  });

  it("re-enabling clears autoDisabledAt and the count, but not while parked by the plan", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/webhooks", { key: apiKey, body: good });
    const id = created.body.id;
    await sql("update webhook_endpoints set enabled = false, auto_disabled_at = now(), consecutive_failures = 20 where id = ?", id);
    const still = await server.api("PATCH", `/v1/webhooks/${id}`, { key: apiKey, body: { description: "x" } });
    expect(still.body).toMatchObject({ enabled: false, consecutiveFailures: 20 });
    expect(still.body.autoDisabledAt).toEqual(expect.any(Number));
    const on = await server.api("PATCH", `/v1/webhooks/${id}`, { key: apiKey, body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, consecutiveFailures: 0, autoDisabledAt: null });

    await sql("update webhook_endpoints set enabled = false, suspended_by_plan = true where id = ?", id);
    const parked = await server.api("PATCH", `/v1/webhooks/${id}`, { key: apiKey, body: { enabled: true } });
    expect(parked.status).toBe(400);
    expect(parked.body.error.type).toBe("validation_error");
    const list = await server.api("GET", "/v1/webhooks", { key: apiKey });
    expect(list.body.data[0]).toMatchObject({ enabled: false, suspendedByPlan: true });

    // Parking keeps `enabled` as it was: an enabled, parked endpoint refuses enabled: true too, changing nothing.
    await sql("update webhook_endpoints set enabled = true where id = ?", id);
    const parkedOn = await server.api("PATCH", `/v1/webhooks/${id}`, { key: apiKey, body: { enabled: true, description: "changed" } });
    expect(parkedOn.status).toBe(400);
    expect(parkedOn.body.error.type).toBe("validation_error");
    const after = await server.api("GET", "/v1/webhooks", { key: apiKey });
    expect(after.body.data[0].description).not.toBe("changed");
  });

  it("rotates the secret, deletes, and keeps ids account-scoped", async () => {
    const a = await server.account();
    const b = await server.account();
    const created = await server.api("POST", "/v1/webhooks", { key: a.apiKey, body: good });
    const id = created.body.id;
    const rotated = await server.api("POST", `/v1/webhooks/${id}/rotate-secret`, { key: a.apiKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ id, secret: expect.stringMatching(/^whsec_/), signing_secret: rotated.body.secret, object: "webhook" });
    expect(rotated.body.secret).not.toBe(created.body.secret);
    for (const [method, path] of [
      ["PATCH", `/v1/webhooks/${id}`],
      ["DELETE", `/v1/webhooks/${id}`],
      ["POST", `/v1/webhooks/${id}/rotate-secret`],
    ]) {
      const res = await server.api(method, path, { key: b.apiKey, body: method === "PATCH" ? { enabled: false } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.type).toBe("not_found");
    }
    expect((await server.api("PATCH", "/v1/webhooks/nope", { key: a.apiKey, body: { enabled: true } })).status).toBe(404);
    // Its deliveries and their delivery log go with it.
    await sql(
      `with ev as (insert into webhook_events (id, account_id, type, payload) values (gen_random_uuid()::text, ?, 'email.sent', '{}') returning id),
       d as (insert into webhook_deliveries (id, event_id, endpoint_id, account_id, status) select gen_random_uuid()::text, ev.id, ?, ?, 'succeeded' from ev returning id)
       insert into webhook_attempts (id, delivery_id, endpoint_id, duration_ms, response_status) select gen_random_uuid()::text, d.id, ?, 5, 200 from d`,
      a.accountId,
      id,
      a.accountId,
      id,
    );
    const left = async () =>
      (
        await sql(
          `select (select count(*)::int from webhook_deliveries where endpoint_id = ?) as deliveries,
            (select count(*)::int from webhook_attempts where endpoint_id = ?) as attempts`,
          id,
          id,
        )
      )[0];
    expect(await left()).toEqual({ deliveries: 1, attempts: 1 });
    const del = await server.api("DELETE", `/v1/webhooks/${id}`, { key: a.apiKey });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id, deleted: true });
    expect(await left()).toEqual({ deliveries: 0, attempts: 0 });
    expect((await server.api("DELETE", `/v1/webhooks/${id}`, { key: a.apiKey })).status).toBe(404);
  });

  it("needs a full-scope key", async () => {
    const { apiKey } = await server.account();
    const send = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "s", scope: "send" } });
    const res = await server.api("GET", "/v1/webhooks", { key: send.body.key });
    expect(res.status).toBe(403);
    expect(res.body.error.type).toBe("authentication_error");
    expect((await server.api("GET", "/v1/webhooks")).status).toBe(401);
  });
});
