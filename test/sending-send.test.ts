import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { sql } from "./support/db";
import { addDomain, sender, uniqueDomain } from "./support/senders";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_MESSAGE_BYTES: "4096" });
});
afterAll(async () => {
  await server?.stop();
});

describe("POST /v1/emails", () => {
  it("accepts a send on a verified domain and returns only the id", async () => {
    const s = await sender(server, { dkim: false });
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: {
        from: s.from,
        to: "Ann <ann@example.org>",
        cc: ["cc@example.org"],
        bcc: ["bcc@example.org"],
        subject: "Hello",
        html: "<p>Hi</p>",
        text: "Hi",
        reply_to: "support@example.org",
        tags: [{ name: "kind", value: "welcome" }],
        headers: { "X-Campaign": "c1" },
        attachments: [{ filename: "a.txt", content: Buffer.from("hello").toString("base64") }],
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["id"]);
    const [row] = await sql("select * from emails e join email_contents c on c.email_id = e.id where e.id = ?", res.body.id);
    expect(row.status).not.toBe("scheduled");
    expect(row.message_id).toBe(`<${res.body.id}@${s.domain}>`);
    expect(row.attachments[0].contentType ?? JSON.parse(row.attachments)[0].contentType).toBe("application/octet-stream");
    expect(row.recipient_count).toBe(3);
    const got = await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: res.body.id,
      from: s.from,
      to: ["Ann <ann@example.org>"],
      cc: ["cc@example.org"],
      bcc: ["bcc@example.org"],
      replyTo: ["support@example.org"],
      subject: "Hello",
      tags: [{ name: "kind", value: "welcome" }],
      scheduledAt: null,
    });
    expect(got.body.status).not.toBe("sending");
    expect(got.body.timeline[0]).toMatchObject({ type: "queued", detail: null });
    expect(typeof got.body.timeline[0].at).toBe("number");
    expect(typeof got.body.createdAt).toBe("number");
  });

  it("validates every field with 400 validation_error", async () => {
    const s = await sender(server, { dkim: false });
    const base = { from: s.from, to: "a@example.org", subject: "x", text: "x" };
    const many = (k: number) => Array.from({ length: k }, (_, i) => `r${i}@example.org`);
    const bad: unknown[] = [
      { ...base, from: undefined },
      { ...base, to: undefined },
      { ...base, to: [] },
      { ...base, to: "not-an-address" },
      { ...base, to: "Ann <ann@>" },
      { ...base, subject: undefined },
      { ...base, subject: 5 },
      { ...base, to: many(30), cc: many(15), bcc: many(6) },
      { ...base, tags: Array.from({ length: 11 }, (_, i) => ({ name: `t${i}`, value: "v" })) },
      { ...base, headers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-H${i}`, "v"])) },
      { ...base, attachments: [{ filename: "a", content: "***" }] },
      { ...base, scheduledAt: "next tuesday" },
      { ...base, bulk: "yes" },
    ];
    for (const body of bad) {
      const res = await server.api("POST", "/v1/emails", { key: s.apiKey, body });
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
    }
    const ok = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...base, to: many(30), cc: many(15), bcc: many(5) } });
    expect(ok.status).toBe(200);
    const malformed = await server.api("POST", "/v1/emails", { key: s.apiKey, body: "{nope" });
    expect(malformed.status).toBe(400);
  });

  it("answers 413 when the message is too large", async () => {
    const s = await sender(server, { dkim: false });
    const big = Buffer.alloc(5000, 1).toString("base64");
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "a@example.org", subject: "x", attachments: [{ filename: "big.bin", content: big }] },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.type).toBe("validation_error");
  });

  it("refuses a from domain that is not verified, not owned or suspended (403 domain_error)", async () => {
    // Free plan: one domain; the second is parked (suspended) by the plan, as after a downgrade.
    const s = await sender(server, { dkim: false, plan: "free" });
    const other = await sender(server, { dkim: false });
    const pending = (await addDomain(s.accountId, uniqueDomain("pend"), { status: "pending", dkim: false })).name;
    const suspended = (await addDomain(s.accountId, uniqueDomain("park"), { suspended: true, dkim: false })).name;
    for (const [label, from] of [
      ["other", `a@${other.domain}`],
      ["pending", `a@${pending}`],
      ["suspended", `a@${suspended}`],
      ["unknown", "a@unknown.example.net"],
    ]) {
      const res = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from, to: "x@example.org", subject: "x" } });
      expect(res.status, label).toBe(403);
      expect(res.body.error.type).toBe("domain_error");
    }
    // Case-insensitive on the address part.
    const upper = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: `A@${s.domain.toUpperCase()}`, to: "x@example.org", subject: "x" },
    });
    expect(upper.status).toBe(200);
  });

  it("takes a send key, refuses paused accounts and the deliverability breaker", async () => {
    const s = await sender(server, { dkim: false });
    const key = await server.api("POST", "/v1/api-keys", { key: s.apiKey, body: { name: "send", scope: "send" } });
    const body = { from: s.from, to: "x@example.org", subject: "x" };
    expect((await server.api("POST", "/v1/emails", { key: key.body.key, body })).status).toBe(200);
    expect((await server.api("GET", "/v1/emails", { key: key.body.key })).status).toBe(403);
    const { pauseAccount, resumeAccount } = await import("../server/accounts/accounts");
    await pauseAccount(s.accountId);
    const paused = await server.api("POST", "/v1/emails", { key: s.apiKey, body });
    expect(paused.status).toBe(403);
    expect(paused.body.error.type).toBe("authentication_error");
    await resumeAccount(s.accountId);
    const { invalidateAccount } = await import("../server/accounts/account-cache");
    await sql("update accounts set deliverability_blocked_at = now() where id = ?", s.accountId);
    await invalidateAccount(s.accountId);
    const blocked = await server.api("POST", "/v1/emails", { key: s.apiKey, body });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.type).toBe("deliverability_blocked");
    const batch = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [body] });
    expect(batch.status).toBe(403);
    await sql("update accounts set deliverability_blocked_at = null where id = ?", s.accountId);
    await invalidateAccount(s.accountId);
    expect((await server.api("POST", "/v1/emails", { key: s.apiKey, body })).status).toBe(200);
  });
});

describe("suppressions at send time", () => {
  it("names every blocked address and reason; unsubscribe blocks only bulk; removal is immediate", async () => {
    const s = await sender(server, { dkim: false });
    for (const [address, reason] of [
      ["hb@example.org", "hard_bounce"],
      ["co@example.org", "complaint"],
      ["un@example.org", "unsubscribe"],
    ]) {
      await sql("insert into suppressions (account_id, address, reason) values (?, ?, ?)", s.accountId, address, reason);
    }
    const body = { from: s.from, to: ["HB@example.org", "ok@example.org"], cc: ["co@example.org"], bcc: ["un@example.org"], subject: "x" };
    const res = await server.api("POST", "/v1/emails", { key: s.apiKey, body });
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe("suppressed_recipient");
    expect(res.body.error.message).toContain("hb@example.org (hard_bounce)");
    expect(res.body.error.message).toContain("co@example.org (complaint)");
    expect(res.body.error.message).not.toContain("un@example.org");
    const bulk = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...body, to: ["ok@example.org"], cc: [], bulk: true } });
    expect(bulk.status).toBe(422);
    expect(bulk.body.error.message).toContain("un@example.org (unsubscribe)");
    expect(
      (await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...body, to: ["un@example.org"], cc: [], bcc: [] } })).status,
    ).toBe(200);
    await sql("delete from suppressions where account_id = ? and address = ?", s.accountId, "hb@example.org");
    expect(
      (await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...body, to: ["hb@example.org"], cc: [], bcc: [] } })).status,
    ).toBe(200);
    // Another account's suppressions do not apply.
    const t = await sender(server, { dkim: false });
    expect((await server.api("POST", "/v1/emails", { key: t.apiKey, body: { ...body, from: t.from, bcc: [] } })).status).toBe(200);
  });
});

describe("suppressions in a batch", () => {
  it("each blocked entry is its own 422 error; the others are stored and charged once", async () => {
    const s = await sender(server, { dkim: false, plan: "pro" });
    for (const [address, reason] of [
      ["hb@example.org", "hard_bounce"],
      ["un@example.org", "unsubscribe"],
    ]) {
      await sql("insert into suppressions (account_id, address, reason) values (?, ?, ?)", s.accountId, address, reason);
    }
    const entry = (to: string, extra: object = {}) => ({ from: s.from, to, subject: "x", text: "t", ...extra });
    const res = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [
        entry("ok1@example.org"),
        entry("HB@example.org"),
        entry("un@example.org"),
        entry("un@example.org", { bulk: true }),
        entry("hb@example.org", { idempotency_key: "k-blocked-first" }),
        entry("ok2@example.org", { idempotency_key: "k-blocked-first" }),
        entry("ok3@example.org", { idempotency_key: "k-blocked-first" }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ total: 7, succeeded: 4, failed: 3 });
    const [ok1, hb, un, unBulk, keyBlocked, keyStored, keyRepeat] = res.body.data;
    expect(ok1.id).toBeTruthy();
    expect(hb.error).toMatchObject({ type: "suppressed_recipient", message: expect.stringContaining("hb@example.org (hard_bounce)") });
    expect(un.id).toBeTruthy();
    expect(unBulk.error).toMatchObject({ type: "suppressed_recipient", message: expect.stringContaining("un@example.org (unsubscribe)") });
    expect(keyBlocked.error.type).toBe("suppressed_recipient");
    expect(keyRepeat.id).toBe(keyStored.id);
    const [stored] = await sql("select count(*)::int as n from emails where account_id = ?", s.accountId);
    expect(stored.n).toBe(3);
    // The bucket (pro: burst 50) was charged for the three stored messages only, once.
    const [bucket] = await sql("select tokens from rate_buckets where account_id = ?", s.accountId);
    expect(Number(bucket.tokens)).toBeGreaterThan(46);
    expect(Number(bucket.tokens)).toBeLessThan(48);
  });
});

describe("test mode and review", () => {
  it("rewrites recipients to the signup email, keeps simulators, caps at 20 a day", async () => {
    const a = await server.account();
    const res = await server.api("POST", "/v1/emails", {
      key: a.apiKey,
      body: {
        from: "Test <onboarding@posthaste.dev>",
        to: ["someone@example.org", "success@simulator.amazonses.com"],
        cc: ["other@example.org"],
        subject: "t",
      },
    });
    expect(res.status).toBe(200);
    const got = await server.api("GET", `/v1/emails/${res.body.id}`, { key: a.apiKey });
    expect(got.body.to).toEqual([a.email, "success@simulator.amazonses.com"]);
    expect(got.body.cc).toEqual([]);
    for (let i = 1; i < 20; i++) {
      const r = await server.api("POST", "/v1/emails", {
        key: a.apiKey,
        body: { from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: `t${i}` },
      });
      expect(r.status).toBe(200);
    }
    const over = await server.api("POST", "/v1/emails", {
      key: a.apiKey,
      body: { from: "onboarding@posthaste.dev", to: a.email, subject: "21st" },
    });
    expect(over.status).toBe(429);
    expect(over.body.error.type).toBe("rate_limited");
    const retry = Number(over.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(86400);
  });

  it("limits accounts pending review to own domains, the account email and simulators", async () => {
    const s = await sender(server, { dkim: false, approved: false });
    const outside = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from: s.from, to: ["x@example.org"], subject: "x" } });
    expect(outside.status).toBe(403);
    expect(outside.body.error.type).toBe("account_pending_review");
    for (const to of [s.email, `team@${s.domain}`, "success@simulator.amazonses.com"]) {
      const ok = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from: s.from, to, subject: "x" } });
      expect(ok.status, to).toBe(200);
    }
    const sandbox = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: "onboarding@posthaste.dev", to: "x@example.org", subject: "x" },
    });
    expect(sandbox.status).toBe(200);
  });
});

describe("idempotency", () => {
  it("returns the original id for a repeated key (body or header), also for concurrent repeats", async () => {
    const s = await sender(server, { dkim: false });
    const body = { from: s.from, to: "x@example.org", subject: "once", idempotency_key: "k-1" };
    const first = await server.api("POST", "/v1/emails", { key: s.apiKey, body });
    const again = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { ...body, idempotency_key: undefined, idempotencyKey: "k-1" },
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const header = await Promise.all(
      Array.from({ length: 12 }, () =>
        server.api("POST", "/v1/emails", {
          key: s.apiKey,
          body: { from: s.from, to: "x@example.org", subject: "race" },
          headers: { "Idempotency-Key": "race-1" },
        }),
      ),
    );
    expect(header.every((r) => r.status === 200)).toBe(true);
    expect(new Set(header.map((r) => r.body.id)).size).toBe(1);
    const [{ count }] = await sql(
      "select count(*)::int as count from emails where account_id = ? and idempotency_key = ?",
      s.accountId,
      "race-1",
    );
    expect(count).toBe(1);
    // Keys are per account.
    const t = await sender(server, { dkim: false });
    const other = await server.api("POST", "/v1/emails", { key: t.apiKey, body: { ...body, from: t.from } });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it("holds under concurrent batches with the same keys", async () => {
    const s = await sender(server, { dkim: false });
    const entries = [1, 2, 3].map((i) => ({ from: s.from, to: "x@example.org", subject: `b${i}`, idempotency_key: `bk-${i}` }));
    const results = await Promise.all(
      Array.from({ length: 6 }, () => server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: entries })),
    );
    for (const r of results) expect(r.status).toBe(200);
    for (let i = 0; i < 3; i++) expect(new Set(results.map((r) => r.body.data[i].id)).size).toBe(1);
    const [{ count }] = await sql("select count(*)::int as count from emails where account_id = ?", s.accountId);
    expect(count).toBe(3);
  });
});

describe("scheduling and cancel", () => {
  it("schedules for later, treats the past as now, cancels only scheduled mail", async () => {
    const s = await sender(server, { dkim: false });
    const later = Date.now() + 3600_000;
    const iso = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "x@example.org", subject: "later", scheduledAt: new Date(later).toISOString() },
    });
    const ms = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "x@example.org", subject: "later2", scheduled_at: later },
    });
    const past = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "x@example.org", subject: "now", scheduledAt: Date.now() - 60_000 },
    });
    for (const r of [iso, ms, past]) expect(r.status).toBe(200);
    const got = await server.api("GET", `/v1/emails/${iso.body.id}`, { key: s.apiKey });
    expect(got.body).toMatchObject({ status: "scheduled", scheduledAt: later });
    expect(got.body.timeline.map((t: any) => t.type)).toEqual(["scheduled"]);
    const pastRow = await server.api("GET", `/v1/emails/${past.body.id}`, { key: s.apiKey });
    expect(pastRow.body.scheduledAt).toBeNull();
    expect(pastRow.body.status).not.toBe("scheduled");

    const cancel = await server.api("DELETE", `/v1/emails/${iso.body.id}`, { key: s.apiKey });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ id: iso.body.id, canceled: true });
    const after = await server.api("GET", `/v1/emails/${iso.body.id}`, { key: s.apiKey });
    expect(after.body.status).toBe("canceled");
    expect(after.body.timeline.map((t: any) => t.type)).toEqual(["scheduled", "canceled"]);
    // The reference's state table: any state other than scheduled, a cancelled one included, is 409.
    expect((await server.api("DELETE", `/v1/emails/${iso.body.id}`, { key: s.apiKey })).status).toBe(409);

    const dispatched = await server.api("DELETE", `/v1/emails/${past.body.id}`, { key: s.apiKey });
    expect(dispatched.status).toBe(409);
    expect(dispatched.body.error.type).toBe("validation_error");
    expect((await server.api("DELETE", "/v1/emails/00000000-0000-7000-8000-000000000000", { key: s.apiKey })).status).toBe(404);
    expect((await server.api("DELETE", "/v1/emails/nope", { key: s.apiKey })).status).toBe(404);
    const t = await sender(server, { dkim: false });
    expect((await server.api("DELETE", `/v1/emails/${ms.body.id}`, { key: t.apiKey })).status).toBe(404);
    expect((await server.api("GET", `/v1/emails/${ms.body.id}`, { key: t.apiKey })).status).toBe(404);
  });
});

describe("POST /v1/emails/batch", () => {
  it("validates and queues each entry independently, in input order", async () => {
    const s = await sender(server, { dkim: false });
    const res = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [
        { from: s.from, to: "a@example.org", subject: "1" },
        { from: s.from, to: "not an address", subject: "2" },
        { from: "x@elsewhere.example.net", to: "a@example.org", subject: "3" },
        { from: s.from, to: "b@example.org", subject: "4", scheduledAt: Date.now() + 600_000 },
        "not an object",
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ total: 5, succeeded: 2, failed: 3 });
    expect(Object.keys(res.body.data[0])).toEqual(["id"]);
    expect(res.body.data[1].error).toMatchObject({ type: "validation_error" });
    expect(res.body.data[1].error.docs_url).toMatch(/\/docs\/errors\/validation_error$/);
    expect(res.body.data[2].error.type).toBe("domain_error");
    expect(res.body.data[3].id).toBeTruthy();
    expect(res.body.data[4].error.type).toBe("validation_error");
  });

  it("rejects a body that is not an array of 1 to 100", async () => {
    const s = await sender(server, { dkim: false });
    const one = { from: s.from, to: "a@example.org", subject: "x" };
    for (const body of [[], Array.from({ length: 101 }, () => one), one]) {
      const res = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body });
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
    }
    const full = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: Array.from({ length: 100 }, () => one) });
    expect(full.status).toBe(200);
    expect(full.body.summary.succeeded).toBe(100);
  });
});
