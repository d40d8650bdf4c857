import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconfigure } from "./support/config";
import { startSmtpReceiver } from "./support/delivery";
import { buildProcessesServer, databaseEnv, startServerProcesses, type ServerProcesses } from "./support/processes";
import { addDomain, uniqueDomain } from "./support/senders";
import { until } from "./support/wait";
import { startWebhookReceiver } from "./support/webhook-receiver";

// `npm start` with WEB_CONCURRENCY=2 (server/cluster), on this run's database: PGlite served
// by the primary to both children, or PostgreSQL. The test process and the CLI reach the
// same database the way an operator's would.

const run = promisify(execFile);
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let database: ReturnType<typeof databaseEnv>;

beforeAll(async () => {
  [smtp, hooks] = await Promise.all([startSmtpReceiver(), startWebhookReceiver(), buildProcessesServer()]);
  database = databaseEnv();
  reconfigure(database.env);
}, 60_000);
afterAll(async () => {
  const { closeDatabase } = await import("../server/db/client");
  await closeDatabase();
  await Promise.all([smtp?.stop(), hooks?.stop()]);
  database?.cleanup();
});

const serverEnv = (extra: Record<string, string> = {}) => ({
  ...database.env,
  MAIL_PROVIDER: "smtp",
  SMTP_URL: smtp.url,
  WEBHOOK_ALLOWED_ORIGINS: hooks.origin,
  ...extra,
});

/** An approved account with a verified domain, made through the code the CLI runs. */
async function account() {
  const { createAccount } = await import("../server/accounts/accounts");
  const created = await createAccount({ email: `processes-${Date.now()}-${Math.random()}@example.com`, plan: "unlimited", approved: true });
  const domain = uniqueDomain("proc");
  await addDomain(created.accountId, domain);
  return { ...created, from: `Acme <hello@${domain}>` };
}

const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "server/cli/index.ts", ...args], { env: { ...process.env, ...database.env } });

/** Asks until `count` different processes have answered `ok`, and none other than ok. */
async function everyProcess(
  server: ServerProcesses,
  ask: () => ReturnType<ServerProcesses["api"]>,
  ok: (status: number, body: any) => boolean,
) {
  const seen = new Set<string>();
  await until(
    async () => {
      const res = await ask();
      if (ok(res.status, res.body) && res.process) seen.add(res.process);
      else seen.clear(); // a process that still answers the old way: start over
      return seen.size;
    },
    (n) => n >= 2,
    10_000,
    "both processes to agree",
  );
}

describe("npm start with WEB_CONCURRENCY=2", () => {
  let server: ServerProcesses;
  beforeAll(async () => {
    server = await startServerProcesses(serverEnv({ WEB_CONCURRENCY: "2" }));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("sends spread over both processes reach the relay once each, and each email.sent webhook arrives once", async () => {
    const { apiKey, from } = await account();
    const hook = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: `${hooks.origin}/sent`, events: ["email.sent"] } });
    expect(hook.status, hook.text).toBe(201);
    const ids: string[] = [];
    const recipients: string[] = [];
    const answeredBy = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const to = `r${i}-${Date.now()}@example.net`;
      const res = await server.api("POST", "/v1/emails", { key: apiKey, body: { from, to, subject: `m${i}`, text: "hi" } });
      expect(res.status, res.text).toBe(200);
      ids.push(res.body.id);
      recipients.push(to);
      answeredBy.add(res.process ?? "none");
    }
    expect(answeredBy.size, [...answeredBy].join()).toBe(2);
    await until(
      () => ids.filter((id) => hooks.at("/sent").some((h) => h.body?.data?.email_id === id)).length,
      (n) => n === ids.length,
      15_000,
      "every email.sent webhook",
    );
    // Give a duplicate (a second process claiming the same message) time to show.
    await new Promise((r) => setTimeout(r, 500));
    for (const to of recipients) expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    for (const id of ids) expect(hooks.at("/sent").filter((h) => h.body?.data?.email_id === id)).toHaveLength(1);
  });

  it("each child says what it runs: on PostgreSQL the loops run in one, on PGlite in both", async () => {
    const looping = process.env.DATABASE_URL ? 1 : 2;
    const said = () => (server.output().match(/process \d+: /g) ?? []).length;
    await until(said, (n) => n >= 2, 10_000, "both children to say what they run");
    expect(server.output().match(/process \d+: HTTP, SMTP submission, the MX listener and the background tasks/g)).toHaveLength(looping);
    // The other keeps role all: it serves HTTP, SMTP submission and the MX listener too, and
    // parses received mail (a task that scales with cores), without the other loops.
    expect(
      server
        .output()
        .match(
          /process \d+: HTTP, SMTP submission, the MX listener and the inbound parse \(the other background tasks run in another process\)/g,
        ) ?? [],
    ).toHaveLength(2 - looping);
    expect(server.output()).not.toMatch(/process \d+: HTTP only/);
  });

  it("a pause made with the CLI and a key revoked through one process are seen by every process", async () => {
    const { accountId, apiKey, from } = await account();
    const spare = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "spare" } });
    expect(spare.status).toBe(201);
    // Both processes cache the account and the spare key.
    await everyProcess(
      server,
      () => server.api("GET", "/v1/api-keys", { key: spare.body.key }),
      (s) => s === 200,
    );
    const send = () => server.api("POST", "/v1/emails", { key: apiKey, body: { from, to: "a@example.net", subject: "s", text: "t" } });
    await everyProcess(server, send, (s) => s === 200);

    await cli("accounts", "pause", "--account", accountId);
    await everyProcess(server, send, (s) => s === 403);
    await cli("accounts", "resume", "--account", accountId);
    await everyProcess(server, send, (s) => s === 200);

    const keys = await server.api("GET", "/v1/api-keys", { key: apiKey });
    const spareId = keys.body.data.find((k: { name: string }) => k.name === "spare").id;
    expect((await server.api("DELETE", `/v1/api-keys/${spareId}`, { key: apiKey })).status).toBe(200);
    await everyProcess(
      server,
      () => server.api("GET", "/v1/api-keys", { key: spare.body.key }),
      (s) => s === 401,
    );
  });

  it("set-plan with the CLI returns with the plan's allowances in force, and every process answers with it", async () => {
    const { accountId, apiKey } = await account();
    for (const path of ["/a", "/b"]) {
      const created = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: hooks.origin + path, events: ["email.sent"] } });
      expect(created.status, created.text).toBe(201);
    }
    const usage = () => server.api("GET", "/v1/usage", { key: apiKey });
    await everyProcess(server, usage, (s, body) => s === 200 && body.webhooks.limit === null);
    await cli("accounts", "set-plan", "--account", accountId, "--plan", "free");
    const parked = await server.api("GET", "/v1/webhooks", { key: apiKey });
    expect(parked.body.data.map((e: { suspendedByPlan: boolean }) => e.suspendedByPlan).sort()).toEqual([false, true]);
    await everyProcess(server, usage, (s, body) => s === 200 && body.webhooks.limit === 1 && body.webhooks.suspended === 1);
  });

  it("a process that dies is replaced", async () => {
    const [victim] = await server.children();
    process.kill(victim, "SIGKILL");
    await until(server.output, (out) => /process \d+ exited \(SIGKILL\)/.test(out), 5_000, "the primary to notice");
    await everyProcess(
      server,
      () => server.api("GET", "/api/health"),
      (s) => s === 200,
    );
    expect((await server.children()).filter((pid) => pid !== victim)).toHaveLength(2);
  });

  it("SIGTERM drains every process and exits 0", async () => {
    expect(await server.stop()).toBe(0);
    expect(server.output().match(/SIGTERM: shutting down process \d+/g)).toHaveLength(2);
  });
});

describe.runIf(process.env.DATABASE_URL)("POSTHASTE_ROLE=web and POSTHASTE_ROLE=worker on one database", () => {
  let web: ServerProcesses;
  let worker: ServerProcesses;
  beforeAll(async () => {
    // A 60 s idle poll: only the web process's wake can get mail out in time.
    const idle = { DISPATCH_IDLE_MS: "60000" };
    [web, worker] = await Promise.all([
      startServerProcesses(serverEnv({ POSTHASTE_ROLE: "web", WEB_CONCURRENCY: "1", ...idle })),
      startServerProcesses(serverEnv({ POSTHASTE_ROLE: "worker", WEB_CONCURRENCY: "1", ...idle })),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([web?.stop(), worker?.stop()]);
  });

  it("a send accepted by the web process wakes the worker at once", async () => {
    const { apiKey, from } = await account();
    const to = `split-${Date.now()}@example.net`;
    const res = await web.api("POST", "/v1/emails", { key: apiKey, body: { from, to, subject: "split", text: "hi" } });
    expect(res.status, res.text).toBe(200);
    const accepted = Date.now();
    await until(() => smtp.messages.some((m) => m.to.includes(to)), Boolean, 5_000, "the relay to get the message");
    // The idle poll would have taken 60 s; the target is 2 s from acceptance (a loaded CI runner gets slack).
    expect(Date.now() - accepted).toBeLessThan(5_000);
  });

  it("the worker serves the health check and nothing else", async () => {
    expect((await worker.api("GET", "/api/health")).status).toBe(200);
    const api = await worker.api("GET", "/v1/emails");
    expect(api.status).toBe(404);
    expect(api.body.error.type).toBe("not_found");
  });
});
