import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconfigure } from "./support/config";
import { sql } from "./support/db";
import { buildProcessesServer, databaseEnv, startServerProcesses, type ServerProcesses } from "./support/processes";
import { addDomain, uniqueDomain } from "./support/senders";
import { until } from "./support/wait";

// GET /metrics answers for the whole server: under `npm start` with WEB_CONCURRENCY=2 the
// child a scrape reaches gathers every child's samples through the primary; a
// POSTHASTE_ROLE=worker process serves it too.

const TOKEN = "cluster-metrics-token";
let database: ReturnType<typeof databaseEnv>;

beforeAll(async () => {
  await buildProcessesServer();
  database = databaseEnv();
  reconfigure(database.env);
}, 60_000);
afterAll(async () => {
  const { closeDatabase } = await import("../server/db/client");
  await closeDatabase();
  database?.cleanup();
});

const serverEnv = (extra: Record<string, string>) => ({ ...database.env, METRICS_TOKEN: TOKEN, ...extra });

async function account() {
  const { createAccount } = await import("../server/accounts/accounts");
  const created = await createAccount({ email: `metrics-${Date.now()}-${Math.random()}@example.com`, plan: "unlimited", approved: true });
  const domain = uniqueDomain("metrics");
  await addDomain(created.accountId, domain);
  return { ...created, from: `Acme <hello@${domain}>` };
}

/** A sample's value in the exposition text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

async function scrape(server: ServerProcesses) {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, connection: "close" } });
  expect(res.status).toBe(200);
  return { text: await res.text(), process: res.headers.get("x-posthaste-process") };
}

describe("GET /metrics under npm start with WEB_CONCURRENCY=2", () => {
  let server: ServerProcesses;
  beforeAll(async () => {
    server = await startServerProcesses(serverEnv({ WEB_CONCURRENCY: "2" }));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("counts every child's sends and dispatches whichever child answers, and database gauges once", async () => {
    const { apiKey, from } = await account();
    const before = await scrape(server);
    const accepted = (text: string) => sample(text, "posthaste_sends_accepted_total", { endpoint: "/v1/emails" });
    const dispatched = (text: string) => sample(text, "posthaste_dispatch_latency_seconds_count", { provider: "sink" });
    const N = 6;
    const answeredBy = new Set<string>();
    for (let i = 0; i < N; i++) {
      const res = await server.api("POST", "/v1/emails", {
        key: apiKey,
        body: { from, to: `r${i}@example.net`, subject: "m", text: "hi" },
      });
      expect(res.status, res.text).toBe(200);
      answeredBy.add(res.process ?? "none");
    }
    expect(answeredBy.size).toBe(2);
    // Scheduled far ahead: they wait in the `scheduled` queue for the rest of the test.
    const later = new Date(Date.now() + 24 * 3600_000).toISOString();
    for (let i = 0; i < 2; i++) {
      const res = await server.api("POST", "/v1/emails", {
        key: apiKey,
        body: { from, to: "later@example.net", subject: "s", text: "x", scheduledAt: later },
      });
      expect(res.status, res.text).toBe(200);
    }

    const scrapedBy = new Set<string>();
    await until(
      async () => {
        const after = await scrape(server);
        expect(accepted(after.text) - accepted(before.text)).toBe(N + 2);
        if (dispatched(after.text) - dispatched(before.text) === N && after.process) scrapedBy.add(after.process);
        const [{ n }] = await sql("select count(*)::int as n from emails where status = 'scheduled'");
        expect(sample(after.text, "posthaste_queue_depth", { queue: "scheduled" })).toBe(n);
        expect(sample(after.text, "posthaste_metrics_processes", { state: "answered" })).toBe(2);
        expect(sample(after.text, "posthaste_metrics_processes", { state: "missing" })).toBe(0);
        // One version line, not one per process.
        expect(after.text.match(/^posthaste_nodejs_version_info\{/gm)).toHaveLength(1);
        return scrapedBy.size;
      },
      (n) => n === 2,
      15_000,
      "both children to answer a scrape with every dispatch counted",
    );
  });

  it("refuses a scrape without the token", async () => {
    const res = await server.api("GET", "/metrics");
    expect(res.status).toBe(401);
    expect(res.body.error.type).toBe("authentication_error");
  });

  it("a child that does not answer is left out and counted missing, not holding the scrape", async () => {
    const [stuck] = await server.children();
    process.kill(stuck, "SIGSTOP");
    try {
      // A connection the primary hands to the stopped child hangs: try again (the next goes to the other).
      const text = await until(
        () =>
          fetch(`${server.url}/metrics`, {
            headers: { authorization: `Bearer ${TOKEN}`, connection: "close" },
            signal: AbortSignal.timeout(5000),
          })
            .then((res) => res.text())
            .catch(() => ""),
        Boolean,
        15_000,
        "a scrape answered by the running child",
      );
      expect(sample(text, "posthaste_metrics_processes", { state: "answered" })).toBe(1);
      expect(sample(text, "posthaste_metrics_processes", { state: "missing" })).toBe(1);
    } finally {
      process.kill(stuck, "SIGCONT");
    }
  }, 30_000);
});

describe("a POSTHASTE_ROLE=worker process's /metrics", () => {
  it("is served with the token, refused without it, and absent without METRICS_TOKEN", async () => {
    // The cluster above is gone: reopen this run's database here (with PGlite, its primary held it).
    const { closeDatabase } = await import("../server/db/client");
    await closeDatabase();
    const { createHealthServer } = await import("../server/http/health-server");
    const health = createHealthServer();
    await new Promise<void>((resolve) => health.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(health.address() as AddressInfo).port}/metrics`;
    const get = (headers: Record<string, string> = {}) => fetch(url, { headers: { connection: "close", ...headers } });
    try {
      reconfigure({ METRICS_TOKEN: TOKEN });
      const ok = await get({ authorization: `Bearer ${TOKEN}` });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("# TYPE posthaste_dispatch_latency_seconds histogram");
      const refused = await get();
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe("Bearer");
      reconfigure({ METRICS_TOKEN: undefined });
      expect((await get({ authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    } finally {
      reconfigure({ METRICS_TOKEN: undefined });
      await new Promise((resolve) => (health as http.Server).close(resolve));
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    "as a server of its own on PostgreSQL (two worker processes)",
    async () => {
      const worker = await startServerProcesses(serverEnv({ POSTHASTE_ROLE: "worker", WEB_CONCURRENCY: "2" }));
      try {
        const text = (await scrape(worker)).text;
        expect(text).toContain("# TYPE posthaste_webhook_attempts_total counter");
        expect(sample(text, "posthaste_metrics_processes", { state: "answered" })).toBe(2);
        expect((await worker.api("GET", "/metrics")).status).toBe(401);
      } finally {
        await worker.stop();
      }
    },
    60_000,
  );
});
