import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { killChildServers, startChildServer } from "./support/child-server";
import { reconfigure } from "./support/config";
import { startTestServer, type TestServer } from "./support/harness";
import { sender } from "./support/senders";
import { startWebhookReceiver } from "./support/webhook-receiver";
import { until, waitFor } from "./support/wait";

/** Structured logs (one JSON line per request, with its request id) and the Prometheus endpoint. */
const TOKEN = "metrics-token-for-tests";
let server: TestServer;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  server = await startTestServer({ METRICS_TOKEN: TOKEN, WEBHOOK_ALLOWED_ORIGINS: hooks.origin });
});
afterAll(async () => {
  killChildServers();
  await server?.stop();
  await hooks?.stop();
});

const scrape = async () => {
  const res = await server.api("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text;
};

/** A sample's value in the exposition text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

describe("GET /metrics", () => {
  it("refuses requests without the token, and is absent when METRICS_TOKEN is unset", async () => {
    const none = await server.api("GET", "/metrics");
    expect(none.status).toBe(401);
    expect(none.body.error.type).toBe("authentication_error");
    expect(none.text).not.toContain("posthaste_");
    const wrong = await server.api("GET", "/metrics", { headers: { authorization: "Bearer not-the-token" } });
    expect(wrong.status).toBe(401);
    const sameLength = await server.api("GET", "/metrics", { headers: { authorization: `Bearer ${"x".repeat(TOKEN.length)}` } });
    expect(sameLength.status).toBe(401);

    reconfigure({ METRICS_TOKEN: undefined });
    try {
      const off = await server.api("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(off.status).toBe(404);
    } finally {
      reconfigure({ METRICS_TOKEN: TOKEN });
    }
  });

  it("counts sends accepted and refused, dispatch latency, webhook attempts, queue depths and pool use", async () => {
    const s = await sender(server);
    const hook = await server.api("POST", "/v1/webhooks", { key: s.apiKey, body: { url: `${hooks.origin}/m`, events: ["email.sent"] } });
    expect(hook.status).toBe(201);
    const before = await scrape();

    const ok = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: ["a@example.org"], subject: "m", text: "x" },
    });
    expect(ok.status).toBe(200);
    const bad = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from: s.from, subject: "no recipient" } });
    expect(bad.status).toBe(400);
    const batch = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [
        { from: s.from, to: ["b@example.org"], subject: "m", text: "x" },
        { from: "someone@not-my-domain.example", to: ["c@example.org"], subject: "m", text: "x" },
      ],
    });
    expect(batch.status).toBe(200);
    const refusedType = batch.body.data[1].error.type as string;
    const noKey = await server.api("POST", "/v1/emails", { body: { from: s.from, to: ["a@example.org"], subject: "m", text: "x" } });
    expect(noKey.status).toBe(401);

    await waitFor(() => hooks.received.filter((h) => h.path === "/m").length >= 2, 15_000, "webhooks for both sent messages");
    const after = await until(
      scrape,
      (text) =>
        sample(text, "posthaste_webhook_attempts_total", { outcome: "succeeded" }) >=
        sample(before, "posthaste_webhook_attempts_total", { outcome: "succeeded" }) + 2,
      15_000,
      "webhook attempts counted",
    );
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta("posthaste_sends_accepted_total", { endpoint: "/v1/emails" })).toBe(1);
    expect(delta("posthaste_sends_accepted_total", { endpoint: "/v1/emails/batch" })).toBe(1);
    expect(delta("posthaste_sends_refused_total", { endpoint: "/v1/emails", type: "validation_error" })).toBe(1);
    expect(delta("posthaste_sends_refused_total", { endpoint: "/v1/emails", type: "authentication_error" })).toBe(1);
    expect(delta("posthaste_sends_refused_total", { endpoint: "/v1/emails/batch", type: refusedType })).toBe(1);
    expect(delta("posthaste_dispatch_latency_seconds_count", { provider: "sink" })).toBe(2);
    expect(after).toContain("# TYPE posthaste_dispatch_latency_seconds histogram");
    expect(after).toContain("# TYPE posthaste_provider_errors_total counter");
    for (const queue of ["dispatch_due", "scheduled", "sending", "webhook_due", "webhook_pending", "inbound_unparsed"]) {
      expect(after).toMatch(new RegExp(`^posthaste_queue_depth\\{queue="${queue}"\\} \\d+$`, "m"));
    }
    expect(sample(after, "posthaste_db_pool_connections", { state: "max" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "posthaste_db_pool_connections", { state: "open" })).toBeGreaterThanOrEqual(1);
    expect(after).toContain("posthaste_process_cpu_seconds_total");
  });
});

describe("App Router carriers", () => {
  it("serve /metrics behind the token and echo the request id, as the node:http server does", async () => {
    const route = await import("../app/metrics/route");
    const refused = await route.GET(new Request("http://localhost/metrics", { headers: { "x-request-id": "via-next-1" } }));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-request-id")).toBe("via-next-1");
    const ok = await route.GET(new Request("http://localhost/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(ok.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ok.text()).toContain("# TYPE posthaste_sends_accepted_total counter");
  });
});

describe("request logs", () => {
  it("one JSON line per request with its request id, method, route, status and time; no ids, tokens or queries", async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-logs-"));
    const template = inject("pgliteTemplate");
    if (!process.env.DATABASE_URL && template) fs.cpSync(template, path.join(scratch, "db"), { recursive: true });
    try {
      const child = await startChildServer({ PGLITE_DIR: path.join(scratch, "db"), LOG_LEVEL: "info" }, { createAccount: true });
      const key = child.account!.apiKey;
      const id = "0190a000-0000-7000-8000-000000000001";
      const given = await child.api("GET", `/v1/emails/${id}?secret=shh`, { key, headers: { "x-request-id": "trace-abc.123" } });
      expect(given.status).toBe(404);
      expect(given.headers.get("x-request-id")).toBe("trace-abc.123");
      const made = await child.api("GET", "/t/c/sometoken.signature", { headers: { "x-request-id": "bad id with spaces" } });
      const madeId = made.headers.get("x-request-id")!;
      expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
      const health = await child.api("GET", "/api/health");
      expect(health.headers.get("x-request-id")).toBeTruthy();

      const requestLines = () => child.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
      await waitFor(() => requestLines().length >= 3, 5000, "three request lines");
      const [first, second, third] = requestLines();
      expect(first).toMatchObject({ level: 30, reqId: "trace-abc.123", method: "GET", route: "/v1/emails/{id}", status: 404 });
      expect(typeof first.ms).toBe("number");
      expect(typeof first.time).toBe("string");
      expect(second).toMatchObject({ reqId: madeId, route: "/t/c/{token}" });
      expect(third).toMatchObject({ route: "/api/health", status: 200 });
      const all = child.lines.join("\n");
      for (const secret of [key, id, "shh", "sometoken"]) expect(all).not.toContain(secret);
      child.proc.kill("SIGTERM");
      expect(await child.exited).toBe(0);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
