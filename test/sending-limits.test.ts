import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hardLimit } from "../server/accounts/plans";
import { startTestServer, type TestServer } from "./support/harness";
import { db, sql } from "./support/db";
import { sender } from "./support/senders";

let server: TestServer;
// Small plan figures keep quota tests quick; rates stay as in the plan table.
const PLANS = JSON.stringify({ pro: { month: 10 }, scale: { month: 5, day: 3 } });
beforeAll(async () => {
  server = await startTestServer({ PLANS });
});
afterAll(async () => {
  await server?.stop();
});

const mail = (from: string, extra: Record<string, unknown> = {}) => ({ from, to: "x@example.org", subject: "s", text: "t", ...extra });

describe("send rate", () => {
  it("free: burst 10 then 429 rate_limited with an integer Retry-After, under a parallel burst", async () => {
    const s = await sender(server, { dkim: false, plan: "free" });
    await server.api("GET", "/v1/usage", { key: s.apiKey }); // warm caches so the burst is quick
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) })),
    );
    const refill = Math.ceil(((Date.now() - started) / 1000) * 2);
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect(ok.length).toBeGreaterThanOrEqual(10);
    expect(ok.length).toBeLessThanOrEqual(10 + refill);
    expect(limited.length).toBe(20 - ok.length);
    const [{ count }] = await sql("select count(*)::int as count from emails where account_id = ?", s.accountId);
    expect(count).toBe(ok.length);
    for (const r of limited) {
      expect(r.body.error.type).toBe("rate_limited");
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    await new Promise((r) => setTimeout(r, 1100));
    expect((await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) })).status).toBe(200);
  });

  it("meters per message: a batch over the burst is admitted only from a full bucket and leaves it in debt", async () => {
    const s = await sender(server, { dkim: false, plan: "free" }); // 2/s, burst 10
    const batch = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: Array.from({ length: 15 }, (_, i) => mail(s.from, { subject: `b${i}` })),
    });
    expect(batch.status).toBe(200);
    expect(batch.body.summary).toEqual({ total: 15, succeeded: 15, failed: 0 });
    const next = await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) });
    expect(next.status).toBe(429);
    expect(next.body.error.type).toBe("rate_limited");
    // 5 tokens of debt plus the one needed, at 2/s: about 3 s.
    expect(Number(next.headers.get("retry-after"))).toBeGreaterThanOrEqual(2);
    expect(Number(next.headers.get("retry-after"))).toBeLessThanOrEqual(3);
    const again = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [mail(s.from), mail(s.from)] });
    expect(again.status).toBe(429);
    expect(again.body.error.type).toBe("rate_limited");
  });
});

describe("monthly quota, grace band and quota.exceeded", () => {
  it("hard_limit is the month limit × 1.1 rounded up, in exact arithmetic", () => {
    expect([3000, 50_000, 200_000, 100, 50, 10, 7, 1].map(hardLimit)).toEqual([3300, 55_000, 220_000, 110, 55, 11, 8, 2]);
  });

  it("sends into the grace band up to hard_limit, fires quota.exceeded once, then 429 quota_exceeded without Retry-After", async () => {
    const s = await sender(server, { dkim: false, plan: "pro" }); // month 10 → hard limit 11
    for (let i = 0; i < 11; i++) {
      const r = await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) });
      expect(r.status, `send ${i + 1}`).toBe(200);
    }
    const over = await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) });
    expect(over.status).toBe(429);
    expect(over.body.error.type).toBe("quota_exceeded");
    expect(over.headers.get("retry-after")).toBeNull();
    const events = await sql("select payload from webhook_events where account_id = ? and type = 'quota.exceeded'", s.accountId);
    expect(events).toHaveLength(1);
    const payload = typeof events[0].payload === "string" ? JSON.parse(events[0].payload) : events[0].payload;
    expect(payload.data).toEqual({ month_count: 11, month_limit: 10, hard_limit: 11 });
    const usage = await server.api("GET", "/v1/usage", { key: s.apiKey });
    expect(usage.body.month).toEqual({ count: 11, limit: 10 });
  });

  it("does not charge scheduled sends at booking, nor cancelled ones", async () => {
    const s = await sender(server, { dkim: false, plan: "pro" });
    const ids = [];
    for (let i = 0; i < 12; i++) {
      const r = await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from, { scheduledAt: Date.now() + 3600_000 }) });
      expect(r.status).toBe(200);
      ids.push(r.body.id);
    }
    for (const id of ids) expect((await server.api("DELETE", `/v1/emails/${id}`, { key: s.apiKey })).status).toBe(200);
    const usage = await server.api("GET", "/v1/usage", { key: s.apiKey });
    expect(usage.body.month.count).toBe(0);
  });

  it("charges a scheduled send when it dispatches (chargeAtDispatch)", async () => {
    const s = await sender(server, { dkim: false, plan: "pro" });
    const { chargeAtDispatch } = await import("../server/limits/charge");
    const d = await db();
    const row = { accountId: s.accountId, scheduledAt: new Date(), recipientCount: 1, testMode: false };
    for (let i = 0; i < 11; i++) expect(await chargeAtDispatch(d.db, row)).toEqual({ ok: true });
    const verdict = await chargeAtDispatch(d.db, row);
    expect(verdict.ok).toBe(false);
    expect(await chargeAtDispatch(d.db, { ...row, scheduledAt: null })).toEqual({ ok: true });
  });
});

describe("daily caps", () => {
  it("plan daily quota: 429 quota_exceeded", async () => {
    const s = await sender(server, { dkim: false, plan: "scale" }); // day 3
    for (let i = 0; i < 3; i++) expect((await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) })).status).toBe(200);
    const over = await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) });
    expect(over.status).toBe(429);
    expect(over.body.error.type).toBe("quota_exceeded");
    expect(over.headers.get("retry-after")).toBeNull();
    const usage = await server.api("GET", "/v1/usage", { key: s.apiKey });
    expect(usage.body.day).toEqual({ count: 3, limit: 3 });
  });

  it("books a scheduled send when dispatches have taken the day past its cap: booking charges nothing", async () => {
    const s = await sender(server, { dkim: false, plan: "scale" }); // day 3, month 5 (hard limit 6)
    for (let i = 0; i < 3; i++) expect((await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) })).status).toBe(200);
    // A scheduled send dispatching today is charged past the day's cap (only the month's hard limit holds then).
    const { chargeAtDispatch } = await import("../server/limits/charge");
    const d = await db();
    expect(await chargeAtDispatch(d.db, { accountId: s.accountId, scheduledAt: new Date(), recipientCount: 1, testMode: false })).toEqual({
      ok: true,
    });
    expect((await server.api("GET", "/v1/usage", { key: s.apiKey })).body.day).toEqual({ count: 4, limit: 3 });
    const booked = await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from, { scheduledAt: Date.now() + 3600_000 }) });
    expect(booked.status).toBe(200);
    const batch = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [mail(s.from, { scheduledAt: Date.now() + 3600_000 }), mail(s.from, { scheduledAt: Date.now() + 7200_000 })],
    });
    expect(batch.body.summary).toEqual({ total: 2, succeeded: 2, failed: 0 });
    const now = await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) });
    expect(now.status).toBe(429);
    expect(now.body.error.type).toBe("quota_exceeded");
    expect((await server.api("GET", "/v1/usage", { key: s.apiKey })).body.day).toEqual({ count: 4, limit: 3 });
  });

  it("review throttle counts recipients and answers rate_limited with seconds to UTC midnight", async () => {
    const s = await sender(server, { dkim: false });
    const { throttleAccount, unthrottleAccount } = await import("../server/accounts/accounts");
    await throttleAccount(s.accountId, 5);
    expect(
      (
        await server.api("POST", "/v1/emails", {
          key: s.apiKey,
          body: mail(s.from, { to: ["a@example.org", "b@example.org"], cc: ["c@example.org"] }),
        })
      ).status,
    ).toBe(200);
    const over = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: mail(s.from, { to: ["a@example.org", "b@example.org", "c@example.org"] }),
    });
    expect(over.status).toBe(429);
    expect(over.body.error.type).toBe("rate_limited");
    const retry = Number(over.headers.get("retry-after"));
    const { secondsToUtcMidnight } = await import("../server/lib/time");
    expect(Math.abs(retry - secondsToUtcMidnight())).toBeLessThanOrEqual(2);
    expect(
      (await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from, { to: ["a@example.org", "b@example.org"] }) })).status,
    ).toBe(200);
    const usage = await server.api("GET", "/v1/usage", { key: s.apiKey });
    expect(usage.body.day).toEqual({ count: 5, limit: 5 });
    await unthrottleAccount(s.accountId);
    const after = await server.api("GET", "/v1/usage", { key: s.apiKey });
    expect(after.body.day).toEqual({ count: 2, limit: null });
  });
});

describe("GET /v1/usage", () => {
  it("reports the Usage object exactly", async () => {
    const s = await sender(server, { dkim: false, plan: "free" });
    await server.api("POST", "/v1/emails", { key: s.apiKey, body: mail(s.from) });
    const usage = await server.api("GET", "/v1/usage", { key: s.apiKey });
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      plan: "free",
      month: { count: 1, limit: 3000 },
      day: { count: 1, limit: 100 },
      domains: { count: 1, limit: 1, suspended: 0 },
      webhooks: { count: 0, limit: 1, suspended: 0 },
    });
    const u = await sender(server, { dkim: false });
    await server.api("POST", "/v1/emails/batch", { key: u.apiKey, body: [mail(u.from), mail(u.from)] });
    const unl = await server.api("GET", "/v1/usage", { key: u.apiKey });
    expect(unl.body).toMatchObject({ plan: "unlimited", month: { count: 2, limit: null }, day: { count: 2, limit: null } });
  });
});

describe("GET /v1/emails", () => {
  it("pages newest first with an opaque cursor, filters by status, searches by relevance", async () => {
    const s = await sender(server, { dkim: false });
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: mail(s.from, {
          to: `user${i}@example.org`,
          subject: i === 3 ? "Invoice ready invoice" : `Hello ${i}`,
          tags: [{ name: "i", value: String(i) }],
        }),
      });
      sent.push(r.body.id);
    }
    const sched = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: mail(s.from, { subject: "Invoice later", scheduledAt: Date.now() + 3600_000 }),
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await server.api("GET", `/v1/emails?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
        key: s.apiKey,
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((e: any) => e.id));
      expect(page.body.hasMore).toBe(page.body.nextCursor !== null);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([sched.body.id, ...[...sent].reverse()]);
    const first = await server.api("GET", "/v1/emails?limit=1", { key: s.apiKey });
    expect(Object.keys(first.body.data[0]).sort()).toEqual([
      "createdAt",
      "from",
      "id",
      "sentAt",
      "source",
      "status",
      "subject",
      "tags",
      "to",
    ]);

    const scheduled = await server.api("GET", "/v1/emails?status=scheduled", { key: s.apiKey });
    expect(scheduled.body.data.map((e: any) => e.id)).toEqual([sched.body.id]);

    const search = await server.api("GET", "/v1/emails?search=invoice", { key: s.apiKey });
    expect(search.body.data.map((e: any) => e.id)).toEqual([sent[3], sched.body.id]);
    const byRecipient = await server.api("GET", `/v1/emails?search=${encodeURIComponent("user5@example.org")}`, { key: s.apiKey });
    expect(byRecipient.body.data.map((e: any) => e.id)).toEqual([sent[5]]);
    const byFrom = await server.api("GET", `/v1/emails?search=${encodeURIComponent(s.domain)}&limit=2`, { key: s.apiKey });
    expect(byFrom.body.data).toHaveLength(2);
    expect(byFrom.body.hasMore).toBe(true);
    const next = await server.api(
      "GET",
      `/v1/emails?search=${encodeURIComponent(s.domain)}&limit=10&cursor=${encodeURIComponent(byFrom.body.nextCursor)}`,
      { key: s.apiKey },
    );
    expect(next.body.data).toHaveLength(6);
    const searchStatus = await server.api("GET", "/v1/emails?search=invoice&status=scheduled", { key: s.apiKey });
    expect(searchStatus.body.data.map((e: any) => e.id)).toEqual([sched.body.id]);

    // Mid-dispatch rows are `queued` on the list.
    await sql("update emails set status = 'sending' where id = ?", sent[0]);
    const queued = await server.api("GET", "/v1/emails?status=queued&limit=100", { key: s.apiKey });
    const item = queued.body.data.find((e: any) => e.id === sent[0]);
    expect(item?.status).toBe("queued");
    expect((await server.api("GET", `/v1/emails/${sent[0]}`, { key: s.apiKey })).body.status).toBe("queued");

    // Other accounts see nothing of it.
    const t = await sender(server, { dkim: false });
    expect((await server.api("GET", "/v1/emails?search=invoice", { key: t.apiKey })).body.data).toEqual([]);
  });

  it("rejects out-of-range limits, unknown statuses, long searches and foreign cursors with 400", async () => {
    const s = await sender(server, { dkim: false });
    const long = "a".repeat(513);
    const terms = Array.from({ length: 17 }, (_, i) => `t${i}`).join(" ");
    for (const q of [
      "limit=0",
      "limit=101",
      "limit=abc",
      "status=nope",
      `search=${long}`,
      `search=${encodeURIComponent(terms)}`,
      "cursor=garbage",
    ]) {
      const res = await server.api("GET", `/v1/emails?${q}`, { key: s.apiKey });
      expect(res.status, q).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
    }
    expect(
      (
        await server.api("GET", `/v1/emails?search=${encodeURIComponent(Array.from({ length: 16 }, (_, i) => `t${i}`).join(" "))}`, {
          key: s.apiKey,
        })
      ).status,
    ).toBe(200);
  });
});
