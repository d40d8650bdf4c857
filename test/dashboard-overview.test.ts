import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { dashboardCaller } from "./support/dashboard-caller";
import { db, sql } from "./support/db";
import { waitForStatus } from "./support/delivery";
import { addDomain, sender, uniqueDomain } from "./support/senders";

/**
 * Issue #17, part 4: the overview's and usage page's reads. Daily counts kept by the status
 * path, the breaker's own numbers, the self-ticking checklist and the plan as enforced.
 */

let server: TestServer;
beforeAll(async () => {
  // Dispatch runs when this file's own sends wake it: on a shared PostgreSQL database an idle
  // loop polling often would also take other test files' mail.
  server = await startTestServer({ MAIL_PROVIDER: "sink", DISPATCH_IDLE_MS: "60000" });
});
afterAll(async () => {
  await server?.stop();
});

const DAY_MS = 86_400_000;
const dayOf = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
const zero = { sent: 0, delivered: 0, bounced: 0, complained: 0 };

/** A message row already handed over (status sent, not due for dispatch), created at `createdAt`. */
async function storedEmail(accountId: string, opts: { createdAt?: Date; status?: string; sentAt?: Date | null; testMode?: boolean } = {}) {
  const { newId } = await import("../server/lib/ids");
  const { emails } = await import("../server/db/schema");
  const id = newId();
  await (await db()).db.insert(emails).values({
    id,
    accountId,
    status: (opts.status ?? "sent") as never,
    from: "n@example.com",
    to: ["r@example.org"],
    subject: "s",
    recipientCount: 1,
    messageId: `<${id}@example.com>`,
    searchText: "",
    createdAt: opts.createdAt ?? new Date(),
    sentAt: opts.sentAt === undefined ? new Date() : opts.sentAt,
    testMode: opts.testMode ?? false,
  });
  return id;
}

/** Moves stored messages through the status path (server/delivery/status.ts) as if it happened at `at`. */
async function happened(accountId: string, at: Date, items: { id: string; types: ("sent" | "delivered" | "bounced" | "complained")[] }[]) {
  const { applyHappenings } = await import("../server/delivery/status");
  const { db: d } = await db();
  await d.transaction((tx) =>
    applyHappenings(
      tx,
      items.map((item) => ({
        email: { id: item.id, accountId, from: "n@example.com", to: ["r@example.org"], subject: "s", tags: [] },
        happenings: item.types.map((type) =>
          type === "sent"
            ? { type, providerId: "p" }
            : type === "delivered"
              ? { type }
              : { type, recipient: `${item.id.slice(-6)}@example.org`, reason: "test" },
        ),
      })),
      at,
    ),
  );
}

describe("activity: daily counts for the charts", () => {
  it("counts real sends today and past happenings on their own UTC day, per account", async () => {
    const s = await sender(server);
    const to = ["success", "success", "success", "bounce", "bounce", "complaint"].map((b, i) => `${b}+${i}@simulator.amazonses.com`);
    const batch = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: to.map((address) => ({ from: s.from, to: address, subject: "count me", text: "t" })),
    });
    expect(batch.body.summary.failed).toBe(0);
    for (const { id } of batch.body.data) await waitForStatus(id, ["delivered", "bounced", "complained"]);

    const other = await sender(server);
    const theirs = await server.api("POST", "/v1/emails", {
      key: other.apiKey,
      body: { from: other.from, to: "success@simulator.amazonses.com", subject: "not yours", text: "t" },
    });
    await waitForStatus(theirs.body.id, ["delivered"]);

    const now = Date.now();
    const threeDaysAgo = new Date(now - 3 * DAY_MS);
    const [a, b] = [await storedEmail(s.accountId), await storedEmail(s.accountId)];
    await happened(s.accountId, threeDaysAgo, [
      { id: a, types: ["sent", "delivered"] },
      { id: b, types: ["sent", "bounced"] },
    ]);
    const old = await storedEmail(s.accountId);
    await happened(s.accountId, new Date(now - 20 * DAY_MS), [{ id: old, types: ["sent", "delivered"] }]);
    // A message reported delivered twice in one statement counts once per kind.
    const late = await storedEmail(s.accountId);
    await happened(s.accountId, threeDaysAgo, [{ id: late, types: ["sent", "delivered", "delivered", "complained"] }]);

    const mine = await dashboardCaller(s.accountId);
    const week = await mine.dashboard.activity({ range: "7d" });
    expect(week.range).toBe("7d");
    expect(week.days.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => dayOf(now - (6 - i) * DAY_MS)));
    const byDay = new Map(week.days.map(({ day, ...counts }) => [day, counts]));
    expect(byDay.get(dayOf(now))).toEqual({ sent: 6, delivered: 4, bounced: 2, complained: 1 });
    expect(byDay.get(dayOf(threeDaysAgo))).toEqual({ sent: 3, delivered: 2, bounced: 1, complained: 1 });
    for (const [day, counts] of byDay) if (day !== dayOf(now) && day !== dayOf(threeDaysAgo)) expect(counts, day).toEqual(zero);

    const month30 = await mine.dashboard.activity({ range: "30d" });
    expect(month30.days).toHaveLength(30);
    expect(month30.days.find((d) => d.day === dayOf(now - 20 * DAY_MS))).toMatchObject({ sent: 1, delivered: 1 });
    expect(month30.days.reduce((n, d) => n + d.sent, 0)).toBe(10);

    const thisMonth = await mine.dashboard.activity({ range: "month" });
    expect(thisMonth.days[0].day).toBe(`${dayOf(now).slice(0, 7)}-01`);
    expect(thisMonth.days[thisMonth.days.length - 1].day).toBe(dayOf(now));

    // Another account's mail never shows; theirs has only their own message.
    const their = await (await dashboardCaller(other.accountId)).dashboard.activity({ range: "7d" });
    expect(their.days[6]).toEqual({ day: dayOf(now), sent: 1, delivered: 1, bounced: 0, complained: 0 });
    expect(their.days.slice(0, 6).every((d) => d.sent === 0)).toBe(true);
  });
});

describe("deliverability: the breaker's window against its thresholds", () => {
  it("shows the numbers the breaker judges, and its verdict", async () => {
    const a = await server.account();
    const hourAgo = new Date(Date.now() - 3600_000);
    const { db: d } = await db();
    /** `n` messages that happened `types` at `at`, through the status path as dispatch records them. */
    const seed = async (
      types: ("sent" | "delivered" | "bounced" | "complained")[],
      n: number,
      opts: { at?: Date; testMode?: boolean } = {},
    ) => {
      const items = [];
      for (let i = 0; i < n; i++) items.push({ id: await storedEmail(a.accountId, { testMode: opts.testMode }), types });
      await happened(a.accountId, opts.at ?? hourAgo, items);
    };
    const caller = await dashboardCaller(a.accountId);
    expect(await caller.dashboard.deliverability({})).toMatchObject({ sends: 0, bounceRate: null, complaintRate: null, judged: false });

    await seed(["sent", "delivered"], 90);
    await seed(["sent", "bounced"], 9);
    await seed(["sent", "delivered", "complained"], 1);
    await seed(["sent", "bounced"], 5, { testMode: true }); // test mode never counts
    await seed(["sent", "bounced"], 3, { at: new Date(Date.now() - 2 * DAY_MS) }); // outside the window
    await storedEmail(a.accountId, { status: "queued", sentAt: null }); // not sent yet

    const view = await caller.dashboard.deliverability({});
    expect(view).toEqual({
      windowMs: 86_400_000,
      sends: 100,
      bounces: 9,
      complaints: 1,
      bounceRate: 0.09,
      complaintRate: 0.01,
      minSends: 100,
      bounceThreshold: 0.1,
      complaintThreshold: 0.005,
      judged: true,
      blocked: false,
    });
    // The breaker, run on the same numbers, holds sending (1 % complaints ≥ 0.5 %), and the view says so.
    const { evaluateBreaker } = await import("../server/delivery/breaker");
    await evaluateBreaker(d, [a.accountId]);
    expect((await caller.dashboard.deliverability({})).blocked).toBe(true);
    await sql("update accounts set deliverability_blocked_at = null where id = ?", a.accountId);
  });
});

describe("hourly counts: past days fold into one row a day", () => {
  it("keeps every day's counts and the breaker's window, with a row per day and mode", async () => {
    const a = await server.account();
    const caller = await dashboardCaller(a.accountId);
    const threeDaysAgo = Date.now() - 3 * DAY_MS;
    const day = dayOf(threeDaysAgo);
    // A past day as busy writers leave it: several hours, every shard, both modes.
    await sql(
      `insert into email_hourly_counts (account_id, hour, test_mode, shard, sent, delivered, bounced, complained)
       select ?, ?::timestamptz + h * interval '1 hour', m, s, 10, 8, 1, 1
       from generate_series(0, 23, 5) h, (values (false), (true)) v(m), generate_series(0, 7) s`,
      a.accountId,
      `${day}T00:00:00Z`,
    );
    const old = await storedEmail(a.accountId);
    await happened(a.accountId, new Date(threeDaysAgo), [{ id: old, types: ["sent", "delivered"] }]);
    const recent = await storedEmail(a.accountId);
    await happened(a.accountId, new Date(Date.now() - 3600_000), [{ id: recent, types: ["sent", "bounced"] }]);
    const chart = await caller.dashboard.activity({ range: "7d" });
    const judged = await caller.dashboard.deliverability({});
    expect(chart.days.find((d) => d.day === day)).toEqual({ day, sent: 801, delivered: 641, bounced: 80, complained: 80 });

    const { foldPastHours } = await import("../server/delivery/hourly-counts");
    while ((await foldPastHours()) > 0);
    expect(await caller.dashboard.activity({ range: "7d" })).toEqual(chart);
    expect(await caller.dashboard.deliverability({})).toEqual(judged);
    const left = await sql(
      "select hour, test_mode, shard from email_hourly_counts where account_id = ? order by hour, test_mode",
      a.accountId,
    );
    expect(left.map((r) => [new Date(r.hour).toISOString(), r.test_mode, r.shard])).toEqual([
      [`${day}T00:00:00.000Z`, false, 0],
      [`${day}T00:00:00.000Z`, true, 0],
      [expect.any(String), false, expect.any(Number)], // the window's hour stays as it is
    ]);
  });
});

describe("onboarding checklist", () => {
  it("ticks each step off from the account's own rows", async () => {
    const a = await server.account({ plan: "pro" });
    await sql("delete from api_keys where account_id = ?", a.accountId);
    const caller = await dashboardCaller(a.accountId);
    const steps = () => caller.dashboard.checklist({});
    expect(await steps()).toEqual({
      apiKeyCreated: false,
      emailSent: false,
      domainAdded: false,
      domainVerified: false,
      webhookAdded: false,
    });

    const { key } = await caller.apiKeys.create({ name: "first", scope: "full" });
    expect(await steps()).toMatchObject({ apiKeyCreated: true, emailSent: false });

    const sent = await server.api("POST", "/v1/emails", {
      key,
      body: { from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: "hi", text: "t" },
    });
    expect(sent.status).toBe(200);
    expect(await steps()).toMatchObject({ emailSent: true, domainAdded: false });

    const pending = await addDomain(a.accountId, uniqueDomain("check"), { status: "pending", dkim: false });
    expect(await steps()).toMatchObject({ domainAdded: true, domainVerified: false });
    await sql("update domains set status = 'verified', verified_at = now() where id = ?", pending.id);
    expect(await steps()).toMatchObject({ domainVerified: true, webhookAdded: false });

    await caller.webhooks.create({ url: "https://hooks.example.com/x", events: ["*"] });
    expect(await steps()).toEqual({ apiKeyCreated: true, emailSent: true, domainAdded: true, domainVerified: true, webhookAdded: true });

    // Another account's rows tick nothing here.
    const b = await server.account();
    await sql("delete from api_keys where account_id = ?", b.accountId);
    expect(await (await dashboardCaller(b.accountId)).dashboard.checklist({})).toMatchObject({ apiKeyCreated: false, emailSent: false });
  });
});

describe("plan limits for the usage page", () => {
  it("gives the plan's allowances and send rate as enforced", async () => {
    const free = await server.account({ plan: "free" });
    expect(await (await dashboardCaller(free.accountId)).dashboard.plan({})).toEqual({
      plan: "free",
      month: 3000,
      hardLimit: 3300,
      day: { limit: 100, unit: "messages", kind: "plan" },
      domains: 1,
      webhooks: 1,
      rate: { perSecond: 2, burst: 10 },
    });
    const throttled = await server.account({ plan: "pro" });
    await sql("update accounts set throttle_per_day = 25 where id = ?", throttled.accountId);
    const { invalidateAccount } = await import("../server/accounts/account-cache");
    await invalidateAccount(throttled.accountId);
    expect(await (await dashboardCaller(throttled.accountId)).dashboard.plan({})).toMatchObject({
      plan: "pro",
      month: 50000,
      day: { limit: 25, unit: "recipients", kind: "throttle" },
      rate: { perSecond: 14, burst: 50 },
    });
  });
});
