import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killChildServers, startChildServer } from "./support/child-server";
import { startTestServer, type TestServer } from "./support/harness";
import { until } from "./support/wait";
import { linkToken, mailTo, query, signIn, trpc } from "./support/dashboard";
import { sql } from "./support/db";

/**
 * Issue #28, item 4 and two of item 5's holes: access ends with membership (keys and webhook
 * endpoints record who made them; removing or losing a member revokes them or, at the owner's
 * choice, hands them over), an account awaiting review invites nobody, and test events and
 * resends are rate-limited per endpoint. Dashboard calls go through the tRPC route with real
 * session cookies, /v1 through the real HTTP server.
 */
const PASSWORD = "correct horse battery";
const HOOK = "https://hooks.example.com/posthaste";

let server: TestServer;
let reset: typeof import("../server/auth/password-reset");
let invitations: typeof import("../server/team/invitations");
let accounts: typeof import("../server/accounts/accounts");
let limits: typeof import("../server/limits/constants");

beforeAll(async () => {
  server = await startTestServer({
    APP_URL: "https://access.test",
    TRUSTED_PROXY_HOPS: "1",
    AUTH_SIGNUP_PER_IP: "100",
    AUTH_MAILS_PER_ADDRESS: "10",
    DISPATCH_IDLE_MS: "60000",
  });
  reset = await import("../server/auth/password-reset");
  invitations = await import("../server/team/invitations");
  accounts = await import("../server/accounts/accounts");
  limits = await import("../server/limits/constants");
});
afterAll(async () => {
  await server?.stop();
});

let n = 0;
const unique = (tag: string) => `${tag}-${process.pid}-${++n}-${Date.now()}@example.com`;
const run = Math.floor(Math.random() * 0xffff).toString(16);
const ip = () => `2001:db8:${run}:${(++n).toString(16)}::1`;

/** An account and its owner, signed in through next-auth's route. */
async function owner(opts: { approved?: boolean } = {}) {
  const account = await server.account({ approved: opts.approved ?? true });
  const link = await reset.ownerSignInLink(account.accountId);
  expect(await reset.setPasswordWithLink(new URL(link!.url).searchParams.get("token")!, PASSWORD)).toEqual({ email: account.email });
  const session = await signIn(account.email, PASSWORD, ip());
  expect(session.outcome).toBe("ok");
  const userId = (await query(session.cookie, "account.get")).data.you.userId as string;
  return { ...account, cookie: session.cookie!, userId };
}

/** Invites `email` into the owner's account, accepts and signs in. */
async function member(o: { cookie: string }, role: "member" | "owner" = "member") {
  const email = unique("member");
  const invited = await trpc(o.cookie, "team.invite", { email, role });
  expect(invited.status, JSON.stringify(invited.error)).toBe(200);
  await invitations.acceptInvitation(linkToken((await mailTo(email)).at(-1)!.text, "/accept-invite"), PASSWORD);
  const session = await signIn(email, PASSWORD, ip());
  expect(session.outcome).toBe("ok");
  const userId = (await query(session.cookie, "account.get")).data.you.userId as string;
  return { email, cookie: session.cookie!, userId };
}

/** A key made in the dashboard by the session's user. */
async function dashboardKey(cookie: string, name = "made in the dashboard") {
  const made = await trpc(cookie, "apiKeys.create", { name, scope: "full" });
  expect(made.status, JSON.stringify(made.error)).toBe(200);
  return made.data as { key: string; id: string };
}

async function v1Key(key: string, name = "made through v1") {
  const made = await server.api("POST", "/v1/api-keys", { key, body: { name } });
  expect(made.status).toBe(201);
  return made.body as { key: string; id: string };
}

async function v1Endpoint(key: string, events = ["*"]) {
  const made = await server.api("POST", "/v1/webhooks", { key, body: { url: HOOK, events } });
  expect(made.status, made.text).toBe(201);
  return made.body as { id: string };
}

const creators = async (cookie: string, of: "keyCreators" | "webhookCreators") =>
  new Map(((await query(cookie, `dashboard.${of}`)).data.data as any[]).map((c) => [c.id, c]));

const works = async (key: string) => (await server.api("GET", "/v1/api-keys", { key })).status;

describe("keys and endpoints record who made them", () => {
  it("in the dashboard the user; through /v1 the user who made the calling key, and that key; a new account's first key its owner", async () => {
    const o = await owner();
    const m = await member(o);
    const inDashboard = await dashboardKey(m.cookie);
    const throughKey = await v1Key(inDashboard.key);
    const endpoint = await v1Endpoint(throughKey.key);
    const byOwner = await trpc(o.cookie, "webhooks.create", { url: HOOK, events: ["email.bounced"] });
    expect(byOwner.status).toBe(200);

    const keys = await creators(o.cookie, "keyCreators");
    const [first] = (await query(o.cookie, "apiKeys.list")).data.data;
    expect(keys.get(first.id)).toEqual({ id: first.id, user: o.email, viaKey: null });
    expect(keys.get(inDashboard.id)).toEqual({ id: inDashboard.id, user: m.email, viaKey: null });
    expect(keys.get(throughKey.id)).toEqual({
      id: throughKey.id,
      user: m.email,
      viaKey: { name: "made in the dashboard", last4: inDashboard.key.slice(-4), revoked: false },
    });
    const hooks = await creators(m.cookie, "webhookCreators");
    expect(hooks.get(endpoint.id)).toMatchObject({ user: m.email, viaKey: { name: "made through v1" } });
    expect(hooks.get(byOwner.data.id)).toEqual({ id: byOwner.data.id, user: o.email, viaKey: null });
    // The team page counts what each member made.
    const team = (await query(o.cookie, "team.list")).data.members as any[];
    expect(team.find((x) => x.email === m.email).made).toEqual({ keys: 2, webhooks: 1 });
    expect(team.find((x) => x.email === o.email).made).toEqual({ keys: 1, webhooks: 1 });
  });

  it("rows made before creators were recorded show an unknown creator; /v1 shapes are the reference's", async () => {
    const o = await owner();
    const [first] = (await query(o.cookie, "apiKeys.list")).data.data;
    await sql("update api_keys set created_by_user_id = null where id = ?", first.id);
    expect((await creators(o.cookie, "keyCreators")).get(first.id)).toEqual({ id: first.id, user: null, viaKey: null });
    // A key made with that key has no known creator either, but names the key.
    const made = await v1Key(o.apiKey);
    expect((await creators(o.cookie, "keyCreators")).get(made.id)).toMatchObject({ user: null, viaKey: { name: "Default" } });
    const listed = await server.api("GET", "/v1/api-keys", { key: o.apiKey });
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(["createdAt", "id", "last4", "lastUsedAt", "name", "scope"]);
    const endpoint = await v1Endpoint(o.apiKey);
    const got = await server.api("GET", `/v1/webhooks/${endpoint.id}`, { key: o.apiKey });
    expect(JSON.stringify(got.body)).not.toMatch(/created_?by/i);
  });

  it("a key cannot see creators of another account's rows", async () => {
    const a = await owner();
    const b = await owner();
    const theirs = await v1Endpoint(b.apiKey);
    expect((await creators(a.cookie, "webhookCreators")).has(theirs.id)).toBe(false);
  });
});

describe("removing a member ends what they made", () => {
  it("by default their keys are revoked at once (also those their keys made) and their endpoints deleted", async () => {
    const o = await owner();
    const m = await member(o);
    const theirs = await dashboardKey(m.cookie);
    const grandchild = await v1Key(theirs.key);
    const hook = await v1Endpoint(grandchild.key);
    const ownersOwn = await dashboardKey(o.cookie);
    // Both keys are cached by this process now: the removal must drop them.
    expect(await works(theirs.key)).toBe(200);
    expect(await works(grandchild.key)).toBe(200);

    const removed = await trpc(o.cookie, "team.removeMember", { userId: m.userId });
    expect(removed).toMatchObject({
      status: 200,
      data: { userId: m.userId, removed: true, keys: { revoked: 2, handedOver: 0 }, webhooks: { removed: 1, handedOver: 0 } },
    });
    expect(await works(theirs.key)).toBe(401);
    expect(await works(grandchild.key)).toBe(401);
    expect((await server.api("GET", `/v1/webhooks/${hook.id}`, { key: o.apiKey })).status).toBe(404);
    expect(await sql("select id from webhook_endpoints where id = ?", hook.id)).toEqual([]);
    // The owner's own keys are untouched.
    expect(await works(ownersOwn.key)).toBe(200);
    expect(await works(o.apiKey)).toBe(200);
    expect((await query(o.cookie, "apiKeys.list")).data.data.map((k: any) => k.id).sort()).toEqual(
      [
        ownersOwn.id,
        ...(await sql("select id from api_keys where account_id = ? and name = 'Default'", o.accountId)).map((r) => r.id),
      ].sort(),
    );
  });

  it("handed over, their keys keep working and their endpoints keep receiving, now the removing owner's", async () => {
    const o = await owner();
    const co = await member(o, "owner");
    const m = await member(o);
    const theirs = await dashboardKey(m.cookie);
    const hook = await v1Endpoint(theirs.key);
    const removed = await trpc(co.cookie, "team.removeMember", { userId: m.userId, keysAndWebhooks: "hand_over" });
    expect(removed).toMatchObject({ status: 200, data: { keys: { revoked: 0, handedOver: 1 }, webhooks: { removed: 0, handedOver: 1 } } });
    expect((await query(m.cookie, "account.get")).status).toBe(401);
    expect(await works(theirs.key)).toBe(200);
    expect((await server.api("GET", `/v1/webhooks/${hook.id}`, { key: theirs.key })).body.enabled).toBe(true);
    expect((await creators(o.cookie, "keyCreators")).get(theirs.id)).toMatchObject({ user: co.email });
    expect((await creators(o.cookie, "webhookCreators")).get(hook.id)).toMatchObject({ user: co.email });
    // Now the co-owner's: if they go, so do the keys.
    expect((await trpc(co.cookie, "team.leave", {})).data).toMatchObject({ keys: { revoked: 1 }, webhooks: { removed: 1 } });
    expect(await works(theirs.key)).toBe(401);
  });

  it("a member who leaves takes what they made with them", async () => {
    const o = await owner();
    const m = await member(o);
    const theirs = await dashboardKey(m.cookie);
    const hook = await v1Endpoint(theirs.key);
    expect(await works(theirs.key)).toBe(200);
    const left = await trpc(m.cookie, "team.leave", {});
    expect(left).toMatchObject({ status: 200, data: { left: true, keys: { revoked: 1, handedOver: 0 }, webhooks: { removed: 1 } } });
    expect(await works(theirs.key)).toBe(401);
    expect((await server.api("GET", `/v1/webhooks/${hook.id}`, { key: o.apiKey })).status).toBe(404);
  });

  it("a key or endpoint made by the member while they are being removed is never left behind", async () => {
    const o = await owner();
    const m = await member(o);
    const theirs = await dashboardKey(m.cookie);
    const racing = Array.from({ length: 6 }, (_, i) =>
      i % 2 === 0
        ? server.api("POST", "/v1/api-keys", { key: theirs.key, body: { name: `race ${i}` } })
        : server.api("POST", "/v1/webhooks", { key: theirs.key, body: { url: HOOK, events: ["*"] } }),
    );
    const [removed, ...made] = await Promise.all([trpc(o.cookie, "team.removeMember", { userId: m.userId }), ...racing]);
    expect(removed.status).toBe(200);
    for (const res of made) expect([201, 401]).toContain(res.status);
    // Whatever the member's key made before the removal was revoked or deleted with it.
    const [left] = await sql(
      `select (select count(*)::int from api_keys where account_id = ? and revoked_at is null and (created_by_key_id = ? or created_by_user_id is null)) as keys,
        (select count(*)::int from webhook_endpoints where account_id = ?) as hooks`,
      o.accountId,
      theirs.id,
      o.accountId,
    );
    expect(left).toEqual({ keys: 0, hooks: 0 });
  });

  it("bad choices are a 400, and a member still cannot remove anyone", async () => {
    const o = await owner();
    const m = await member(o);
    const bad = await trpc(o.cookie, "team.removeMember", { userId: m.userId, keysAndWebhooks: "keep" });
    expect(bad).toMatchObject({ status: 400, error: { type: "validation_error" } });
    const refused = await trpc(m.cookie, "team.removeMember", { userId: o.userId, keysAndWebhooks: "hand_over" });
    expect(refused.status).toBe(403);
    expect((await query(m.cookie, "account.get")).status).toBe(200);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("another process on the same PostgreSQL", () => {
  it("drops a removed member's cached keys at once, well inside its cache's 5 s expiry", async () => {
    const child = await startChildServer({});
    try {
      const o = await owner();
      const m = await member(o);
      const theirs = await dashboardKey(m.cookie);
      // Cached by the other process now.
      expect((await child.api("GET", "/v1/api-keys", { key: theirs.key })).status).toBe(200);
      expect((await trpc(o.cookie, "team.removeMember", { userId: m.userId })).status).toBe(200);
      const started = Date.now();
      await until(
        async () => (await child.api("GET", "/v1/api-keys", { key: theirs.key })).status,
        (status) => status === 401,
        4000,
        "the other process refusing the removed member's key",
      );
      expect(Date.now() - started).toBeLessThan(2000);
      expect((await child.api("GET", "/v1/api-keys", { key: o.apiKey })).status).toBe(200);
    } finally {
      child.proc.kill("SIGTERM");
      await child.exited;
      killChildServers();
    }
  }, 90_000);
});

describe("an account awaiting review invites nobody", () => {
  it("403 account_pending_review, no mail to the address; approval lifts it", async () => {
    const o = await owner({ approved: false });
    const stranger = unique("stranger");
    const refused = await trpc(o.cookie, "team.invite", { email: stranger, role: "member" });
    expect(refused).toMatchObject({ status: 403, error: { type: "account_pending_review" } });
    expect(refused.error!.message).toMatch(/awaits review/);
    expect(await mailTo(stranger)).toEqual([]);
    expect((await query(o.cookie, "team.list")).data.invitations).toEqual([]);
    await accounts.approveAccount(o.accountId);
    expect((await trpc(o.cookie, "team.invite", { email: stranger, role: "member" })).status).toBe(200);
    expect(await mailTo(stranger)).toHaveLength(1);
  });
});

describe("test events and resends are rate-limited per endpoint", () => {
  it(`share ${10} a minute per endpoint; the next is 429 rate_limited with Retry-After, on /v1 and in the dashboard`, async () => {
    const o = await owner();
    const a = await v1Endpoint(o.apiKey);
    const b = await v1Endpoint(o.apiKey);
    const max = limits.MAX_MANUAL_WEBHOOK_DELIVERIES;
    expect(max).toBe(10);
    const first = await trpc(o.cookie, "dashboard.webhookTest", { id: a.id });
    expect(first.status).toBe(200);
    const eventId = first.data.eventId as string;
    for (let i = 1; i < max; i++) {
      const res =
        i % 2 === 0
          ? await trpc(o.cookie, "dashboard.webhookTest", { id: a.id })
          : await server.api("POST", `/v1/webhooks/${a.id}/resend`, { key: o.apiKey, body: { eventId } });
      expect([200, 202], `manual delivery ${i + 1}`).toContain(res.status);
    }
    const resend = await server.api("POST", `/v1/webhooks/${a.id}/resend`, { key: o.apiKey, body: { eventId } });
    expect(resend.status).toBe(429);
    expect(resend.body.error).toMatchObject({ type: "rate_limited" });
    expect(resend.body.error.message).toContain(String(max));
    const retryAfter = Number(resend.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(limits.MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS);
    const test = await trpc(o.cookie, "dashboard.webhookTest", { id: a.id });
    expect(test).toMatchObject({ status: 429, error: { type: "rate_limited" } });
    // Nothing more was queued to the endpoint past the limit.
    const [owed] = await sql("select count(*)::int as n from webhook_deliveries where endpoint_id = ?", a.id);
    expect(owed.n).toBe(max);
    // Another endpoint of the account has its own allowance; the count lives in the database, shared by every process.
    expect((await server.api("POST", `/v1/webhooks/${b.id}/resend`, { key: o.apiKey, body: { eventId } })).status).toBe(202);
    const [counter] = await sql("select count from auth_rate_limits where key = ?", `webhook-manual:${a.id}`);
    expect(counter.count).toBeGreaterThan(max);
    // A new window (as a minute later) lets it through again.
    await sql("update auth_rate_limits set window_started_at = now() - interval '61 seconds' where key = ?", `webhook-manual:${a.id}`);
    expect((await server.api("POST", `/v1/webhooks/${a.id}/resend`, { key: o.apiKey, body: { eventId } })).status).toBe(202);
  });

  it("a refused request (unknown event, disabled endpoint) spends nothing", async () => {
    const o = await owner();
    const a = await v1Endpoint(o.apiKey);
    for (let i = 0; i < 12; i++) {
      const res = await server.api("POST", `/v1/webhooks/${a.id}/resend`, {
        key: o.apiKey,
        body: { eventId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" },
      });
      expect(res.status).toBe(404);
    }
    expect((await trpc(o.cookie, "dashboard.webhookTest", { id: a.id })).status).toBe(200);
  });
});
