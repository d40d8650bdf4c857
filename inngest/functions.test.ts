import { InngestTestEngine } from "@inngest/test";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../test/support/harness";
import { emailRow, enqueue, sinkCopies, timeline } from "../test/support/delivery";
import { rows } from "../test/support/db";
import { startDnsServer, type TestDnsServer } from "../test/support/dns-server";
import { addDomain, uniqueDomain } from "../test/support/senders";
import { startWebhookReceiver } from "../test/support/webhook-receiver";
import { waitFor } from "../test/support/wait";

let server: TestServer;
let dns: TestDnsServer;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
// JOBS_DRIVER=inngest: no embedded loops, so only the Inngest function moves the queue.
// Every "could not signal" line from the file's first wake on (earlier tests send mail, and
// a failure already logged is not logged again): the count is then exact, not "at most one".
const signalFailures: string[] = [];
beforeAll(async () => {
  dns = await startDnsServer();
  hooks = await startWebhookReceiver();
  server = await startTestServer({
    JOBS_DRIVER: "inngest",
    MAIL_PROVIDER: "sink",
    DNS_SERVERS: dns.address,
    WEBHOOK_ALLOWED_ORIGINS: hooks.origin,
    WEBHOOK_RETRY_SCHEDULE: "0.2,0.2",
  });
  const { log } = await import("../server/ops/log");
  const logger = log();
  const error = logger.error.bind(logger);
  vi.spyOn(logger, "error").mockImplementation(((fields: unknown, msg?: string) => {
    if (msg?.includes("could not signal")) signalFailures.push(msg);
    else error(fields as object, msg);
  }) as typeof logger.error);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server?.stop();
  await dns?.stop();
  await hooks?.stop();
});

/** Runs one task's Inngest function once, as Inngest would on its wake event, and returns what it reports. */
async function runFunction(task: string): Promise<{ handled: number; more: boolean }> {
  const { functionFor } = await import("./functions");
  const { allTasks } = await import("../server/jobs/task-list");
  const fn = functionFor(allTasks().find((t) => t.name === task)!);
  const engine = new InngestTestEngine({ function: fn, events: [{ name: `posthaste/${task}.wake`, data: { provider: "sink" } }] });
  const { result, error } = await engine.execute();
  expect(error).toBeUndefined();
  return result as { handled: number; more: boolean };
}

describe("Inngest functions", () => {
  it("registers a function per task with the provider concurrency key and a sweep cron", async () => {
    const { inngestFunctions } = await import("./functions");
    const ids = inngestFunctions().map((f) => f.id());
    expect(ids).toEqual(expect.arrayContaining(["dispatch", "deliverability-breaker", "webhook-delivery"]));
  });

  it("dispatch drains due mail into the sink with the same outcomes as the embedded driver", async () => {
    const { functionFor } = await import("./functions");
    const { allTasks } = await import("../server/jobs/task-list");
    const a = await server.account();
    const domain = await addDomain(a.accountId, `inngest-${Date.now()}.example.com`);
    const ok = await enqueue(a.accountId, { domainId: domain.id, from: `n@${domain.name}`, to: ["someone@example.org"], text: "hi" });
    const bounce = await enqueue(a.accountId, {
      domainId: domain.id,
      from: `n@${domain.name}`,
      to: ["bounce@simulator.amazonses.com"],
      text: "hi",
    });
    expect((await emailRow(ok)).status).toBe("queued");

    const fn = functionFor(allTasks().find((t) => t.name === "dispatch")!);
    const engine = new InngestTestEngine({ function: fn, events: [{ name: "posthaste/dispatch.wake", data: { provider: "sink" } }] });
    const { result } = await engine.execute();
    expect(result).toMatchObject({ more: false });
    expect((result as { handled: number }).handled).toBeGreaterThanOrEqual(2);

    expect((await emailRow(ok)).status).toBe("delivered");
    expect((await emailRow(bounce)).status).toBe("bounced");
    expect((await timeline(ok)).map((t) => t.type)).toEqual(["queued", "sent", "delivered"]);
    const [stored] = await sinkCopies(ok);
    expect(stored.raw).toMatch(/DKIM-Signature: [^]*?d=inngest-/);
  });
});

describe("Inngest signalling without an event key", () => {
  it("logs a failing wake once, not on every send", async () => {
    const { wake } = await import("../server/jobs/tasks");
    for (let i = 0; i < 5; i++) wake("dispatch");
    await waitFor(() => signalFailures.length > 0, 5000, "the first signalling failure to be logged");
    await new Promise((r) => setTimeout(r, 1000));
    expect(signalFailures).toHaveLength(1);
  });
});

/**
 * Every background workflow runs on Inngest as it does on the embedded driver (issue #15):
 * registered with its wake event and sweep cron, and doing its work when Inngest calls it.
 * Plan parking is no background work: it happens inside the plan change's own transaction.
 */
describe("every background workflow as an Inngest function", () => {
  it("one function per task, triggered by its wake event and its sweep cron", async () => {
    const { inngestFunctions } = await import("./functions");
    const registered = Object.fromEntries(inngestFunctions().map((f) => [f.id(), f.opts.triggers]));
    const expected = {
      dispatch: "* * * * *",
      "deliverability-breaker": "*/5 * * * *",
      "domain-poll": "* * * * *",
      "domain-health": "*/15 * * * *",
      "domain-release": "* * * * *",
      "webhook-delivery": "* * * * *",
      retention: "17 * * * *",
      "search-summary": "* * * * *",
      "inbound-parse": "* * * * *",
      "counts-fold": "41 * * * *",
    };
    expect(Object.keys(registered).sort()).toEqual(Object.keys(expected).sort());
    for (const [id, cron] of Object.entries(expected)) {
      expect(registered[id], id).toEqual([{ event: `posthaste/${id}.wake` }, { cron }]);
    }
  });

  it("scheduled sends: a scheduled message whose time has come is dispatched", async () => {
    const a = await server.account();
    const domain = await addDomain(a.accountId, uniqueDomain("sched"));
    const id = await enqueue(a.accountId, {
      domainId: domain.id,
      from: `n@${domain.name}`,
      to: ["someone@example.org"],
      text: "later",
      scheduledAt: new Date(Date.now() - 1000),
    });
    expect((await emailRow(id)).status).toBe("scheduled");
    expect((await runFunction("dispatch")).handled).toBeGreaterThanOrEqual(1);
    expect((await emailRow(id)).status).toBe("delivered");
    expect((await timeline(id)).map((t) => t.type)).toEqual(["scheduled", "queued", "sent", "delivered"]);
  });

  it("DNS polling verifies a pending domain, and the health check notices a record gone", async () => {
    const { apiKey } = await server.account();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name: uniqueDomain("poll") } })).body;
    for (const r of d.dnsRecords) dns.set(r.name, r.type, [r.value]);
    await rows(sql`update domains set next_check_at = now() where id = ${d.id}`);
    expect((await runFunction("domain-poll")).handled).toBeGreaterThanOrEqual(1);
    expect((await server.api("GET", `/v1/domains/${d.id}`, { key: apiKey })).body.status).toBe("verified");

    dns.remove(d.dnsRecords[0].name);
    await rows(sql`update domains set next_check_at = now() where id = ${d.id}`);
    expect((await runFunction("domain-health")).handled).toBeGreaterThanOrEqual(1);
    const regressed = (await server.api("GET", `/v1/domains/${d.id}`, { key: apiKey })).body;
    expect(regressed).toMatchObject({ status: "verified" });
    expect(regressed.dnsRegressedAt).toBeGreaterThan(0);
  });

  it("webhook retries: a failed delivery is tried again on a later run and delivered", async () => {
    const { accountId, apiKey } = await server.account();
    const path = `/inngest-${Date.now()}`;
    hooks.answer(path, { status: 500 });
    const ep = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: hooks.origin + path, events: ["*"] } });
    expect(ep.status).toBe(201);
    const { recordEvents } = await import("../server/events/record");
    const { database } = await import("../server/db/client");
    await recordEvents((await database()).db, [
      {
        accountId,
        type: "email.delivered",
        emailId: "email-inngest",
        data: { email_id: "email-inngest", from: "a@example.com", to: ["b@example.com"], subject: "s", tags: [] },
      },
    ]);
    await runFunction("webhook-delivery");
    expect(hooks.at(path)).toHaveLength(1);
    hooks.answer(path, { status: 200 });
    await new Promise((r) => setTimeout(r, 300)); // WEBHOOK_RETRY_SCHEDULE: 0.2 s
    await runFunction("webhook-delivery");
    expect(hooks.at(path)).toHaveLength(2);
    expect(hooks.at(path)[1].headers["webhook-id"]).toBe(hooks.at(path)[0].headers["webhook-id"]);
    await new Promise((r) => setTimeout(r, 300));
    await runFunction("webhook-delivery");
    expect(hooks.at(path)).toHaveLength(2);
  });

  it("the breaker trips: bounces recorded by the dispatch function over 100 sends at 10 % hold sending, and the breaker keeps the hold", async () => {
    const a = await server.account();
    const domain = await addDomain(a.accountId, uniqueDomain("trip"));
    // 90 good sends earlier in the window (as the status path counts them), then 10 hard bounces through the dispatch function.
    await rows(sql`
      insert into email_hourly_counts (account_id, hour, test_mode, shard, sent, delivered)
      values (${a.accountId}, date_trunc('hour', now() - interval '1 hour'), false, 0, 90, 90)`);
    const bounces = [];
    for (let i = 0; i < 10; i++) {
      bounces.push(
        await enqueue(a.accountId, { domainId: domain.id, from: `n@${domain.name}`, to: [`bounce+${i}@simulator.amazonses.com`] }),
      );
    }
    await runFunction("dispatch");
    for (const id of bounces) expect((await emailRow(id)).status).toBe("bounced");
    const held = async () =>
      (await rows(sql`select deliverability_blocked_at from accounts where id = ${a.accountId}`))[0].deliverability_blocked_at;
    expect(await held()).not.toBeNull();
    // The rates are still over: the breaker's review keeps the hold, and sends are refused.
    await runFunction("deliverability-breaker");
    expect(await held()).not.toBeNull();
    const refused = await server.api("POST", "/v1/emails", {
      key: a.apiKey,
      body: { from: `n@${domain.name}`, to: ["ok@example.org"], subject: "s", text: "x" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.type).toBe("deliverability_blocked");
  });

  it("the breaker lifts a hold once the account's window holds no bad sends", async () => {
    const a = await server.account();
    await rows(sql`update accounts set deliverability_blocked_at = now() where id = ${a.accountId}`);
    await runFunction("deliverability-breaker");
    const [row] = await rows(sql`select deliverability_blocked_at from accounts where id = ${a.accountId}`);
    expect(row.deliverability_blocked_at).toBeNull();
  });

  it("retention: the function prunes what is older than RETENTION_DAYS", async () => {
    const { reconfigure } = await import("../test/support/config");
    const { newId } = await import("../server/lib/ids");
    const a = await server.account();
    const domain = await addDomain(a.accountId, uniqueDomain("retain"));
    const email = await enqueue(a.accountId, { domainId: domain.id, from: `n@${domain.name}`, to: ["someone@example.org"] });
    // A timeline event 40 days old (its id made then, as the service makes ids): past 30 days.
    const at = Date.now() - 40 * 24 * 3600 * 1000;
    const old = newId(at);
    await rows(
      sql`insert into email_events (id, email_id, type, at) values (${old}, ${email}, 'queued', ${new Date(at).toISOString()}::timestamptz)`,
    );
    reconfigure({ RETENTION_DAYS: "30" });
    try {
      expect((await runFunction("retention")).handled).toBeGreaterThanOrEqual(1);
    } finally {
      reconfigure({ RETENTION_DAYS: undefined });
    }
    expect(await rows(sql`select id from email_events where id = ${old}`)).toEqual([]);
  });

  it("search summary: the function runs the task to the end and reports what it summarized", async () => {
    const { searchSummaryTask } = await import("../server/sending/search-summary");
    const summarize = vi.spyOn(searchSummaryTask, "runOnce");
    try {
      const result = await runFunction("search-summary");
      expect(summarize).toHaveBeenCalled();
      const counts = await Promise.all(summarize.mock.results.map((r) => r.value as Promise<number>));
      expect(result).toEqual({ handled: counts.reduce((x, y) => x + y, 0), more: false });
    } finally {
      summarize.mockRestore();
    }
  });
});
