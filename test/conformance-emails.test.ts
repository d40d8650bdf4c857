import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { invalidateAccount } from "../server/accounts/account-cache";
import { sql } from "./support/db";
import { addDomain, sender, uniqueDomain } from "./support/senders";

// Spec sections "Send request", "SentEmail", "EmailStatus", "Emails" endpoints and list
// rules, "States: Email", test mode and review rules of "Authentication", and docs/design.md's
// decisions on wire names, addresses, idempotency, cancelling and the timeline.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_MESSAGE_BYTES: "8192" });
});
afterAll(async () => {
  await server?.stop();
});

const SANDBOX = "onboarding@posthaste.dev";
const SIM = "success@simulator.amazonses.com";

function expectError(res: { status: number; body: any; headers: Headers }, status: number, type: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body)).toEqual(["error", "statusCode", "name", "message"]);
  expect(Object.keys(res.body.error).sort()).toEqual(["docs_url", "message", "type"]);
  expect(res.body.error.type).toBe(type);
  expect(res.body).toMatchObject({ statusCode: status, name: type, message: res.body.error.message });
  if (type !== "rate_limited") expect(res.headers.get("retry-after")).toBeNull();
}

const EMAIL_STATUS_KEYS = [
  "bcc",
  "cc",
  "createdAt",
  "error",
  "from",
  "id",
  "replyTo",
  "scheduledAt",
  "sentAt",
  "sesMessageId",
  "source",
  "status",
  "subject",
  "tags",
  "template_id",
  "template_version_id",
  "timeline",
  "to",
];
// DESIGN's addition to both: `source` ("api" | "smtp", how the message arrived).
const LIST_ITEM_KEYS = ["createdAt", "from", "id", "sentAt", "source", "status", "subject", "tags", "to"];

describe("POST /v1/emails", () => {
  it("answers 200 with only the id; GET shows EmailStatus plus DESIGN's additions", async () => {
    const s = await sender(server);
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: {
        from: s.from,
        to: "Ann Example <ann@example.org>",
        cc: ["cc@example.org"],
        bcc: ["bcc@example.org"],
        subject: "Hi",
        html: "<p>hi</p>",
        replyTo: "Help <help@example.org>",
        tags: [{ name: "k", value: "v" }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(String) });
    const got = await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey });
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual(EMAIL_STATUS_KEYS);
    expect(got.body).toMatchObject({
      id: res.body.id,
      from: s.from,
      to: ["Ann Example <ann@example.org>"],
      cc: ["cc@example.org"],
      bcc: ["bcc@example.org"],
      replyTo: ["Help <help@example.org>"],
      subject: "Hi",
      tags: [{ name: "k", value: "v" }],
      scheduledAt: null,
      error: null,
    });
    expect(["queued", "sent", "delivered"]).toContain(got.body.status);
    expect(Number.isInteger(got.body.createdAt)).toBe(true);
    expect(got.body.timeline.length).toBeGreaterThan(0);
    for (const t of got.body.timeline) {
      expect(Object.keys(t).sort()).toEqual(["at", "detail", "type"]);
      expect(Number.isInteger(t.at)).toBe(true);
    }
    expect(got.body.timeline[0].type).toBe("queued");
  });

  it("compares the from address case-insensitively and accepts quoted display names", async () => {
    const s = await sender(server);
    for (const from of [`Acme <HELLO@${s.domain.toUpperCase()}>`, `"Acme, Inc." <news@${s.domain}>`, `<bare@${s.domain}>`]) {
      const res = await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { from, to: '"Doe, Jane" <jane@example.org>', subject: "s", text: "t" },
      });
      expect(res.status, `${from}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it.each([["replyTo"], ["reply_to"]])("accepts %s", async (field) => {
    const s = await sender(server);
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "a@example.org", subject: "s", text: "t", [field]: "r@example.org" },
    });
    expect(res.status).toBe(200);
    expect((await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey })).body.replyTo).toEqual(["r@example.org"]);
  });

  it.each([
    ["scheduledAt", "iso"],
    ["scheduled_at", "iso"],
    ["scheduledAt", "ms"],
    ["scheduled_at", "ms"],
  ])("accepts %s as %s", async (field, form) => {
    const s = await sender(server);
    const at = Date.now() + 3_600_000;
    const value = form === "iso" ? new Date(at).toISOString() : at;
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "a@example.org", subject: "s", text: "t", [field]: value },
    });
    expect(res.status).toBe(200);
    const got = await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey });
    expect(got.body.status).toBe("scheduled");
    expect(Math.abs(got.body.scheduledAt - at)).toBeLessThan(1000);
  });

  it("a scheduledAt date-time without an offset is UTC, whatever the server's zone", async () => {
    const s = await sender(server);
    vi.stubEnv("TZ", "America/New_York");
    try {
      const res = await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { from: s.from, to: "a@example.org", subject: "s", text: "t", scheduledAt: "2031-01-15T13:00:00" },
      });
      expect(res.status).toBe(200);
      const got = await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey });
      expect(got.body.scheduledAt).toBe(Date.UTC(2031, 0, 15, 13));
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("a scheduledAt in the past or within a few seconds is send-now, not rejected", async () => {
    const s = await sender(server);
    for (const value of [Date.now() - 60_000, new Date(Date.now() + 1000).toISOString()]) {
      const res = await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { from: s.from, to: "a@example.org", subject: "s", text: "t", scheduledAt: value },
      });
      expect(res.status).toBe(200);
      expect((await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey })).body.status).not.toBe("scheduled");
    }
  });

  it("idempotency: idempotency_key, idempotencyKey and the Idempotency-Key header return the first id with 200", async () => {
    const s = await sender(server);
    const body = { from: s.from, to: "a@example.org", subject: "s", text: "t" };
    for (const [extra, headers] of [
      [{ idempotency_key: `k1-${s.domain}` }, {}],
      [{ idempotencyKey: `k2-${s.domain}` }, {}],
      [{}, { "idempotency-key": `k3-${s.domain}` }],
    ] as [Record<string, string>, Record<string, string>][]) {
      const first = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...body, ...extra }, headers });
      const again = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...body, ...extra }, headers });
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ id: first.body.id });
    }
    // The two field spellings name the same key.
    const a = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...body, idempotency_key: `same-${s.domain}` } });
    const b = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...body, idempotencyKey: `same-${s.domain}` } });
    expect(b.body.id).toBe(a.body.id);
    const [{ c }] = await sql("select count(*)::int as c from emails where account_id = ?", s.accountId);
    expect(c).toBe(4);
  });

  it("count limits are 400 validation_error: 51 recipients, 11 tags, 11 headers; 50/10/10 pass", async () => {
    const s = await sender(server);
    const base = { from: s.from, subject: "s", text: "t" };
    const rcpt = (k: number) => Array.from({ length: k }, (_, i) => `r${i}@example.org`);
    expect(
      (await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...base, to: rcpt(30), cc: rcpt(50).slice(30), bcc: [] } })).status,
    ).toBe(200);
    expectError(
      await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { ...base, to: rcpt(30), cc: rcpt(20).map((a) => "c" + a), bcc: ["x@example.org"] },
      }),
      400,
      "validation_error",
    );
    const tags = (k: number) => Array.from({ length: k }, (_, i) => ({ name: `t${i}`, value: "v" }));
    expect((await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...base, to: "a@example.org", tags: tags(10) } })).status).toBe(
      200,
    );
    expectError(
      await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...base, to: "a@example.org", tags: tags(11) } }),
      400,
      "validation_error",
    );
    const headers = (k: number) => Object.fromEntries(Array.from({ length: k }, (_, i) => [`X-H${i}`, "v"]));
    expect(
      (await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...base, to: "a@example.org", headers: headers(10) } })).status,
    ).toBe(200);
    expectError(
      await server.api("POST", "/v1/emails", { key: s.apiKey, body: { ...base, to: "a@example.org", headers: headers(11) } }),
      400,
      "validation_error",
    );
  });

  it("missing or invalid fields are 400; an oversized message is 413", async () => {
    const s = await sender(server);
    for (const body of [
      { to: "a@example.org", subject: "s" },
      { from: s.from, subject: "s" },
      { from: s.from, to: "not an address", subject: "s" },
      { from: s.from, to: [], subject: "s" },
      { from: s.from, to: "a@example.org", subject: "s", scheduledAt: "tomorrow" },
      { from: s.from, to: "a@example.org", subject: "s", attachments: [{ filename: "a", content: "%%%" }] },
    ]) {
      expectError(await server.api("POST", "/v1/emails", { key: s.apiKey, body }), 400, "validation_error");
    }
    const big = Buffer.alloc(9000, 1).toString("base64");
    expectError(
      await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { from: s.from, to: "a@example.org", subject: "s", attachments: [{ filename: "a.bin", content: big }] },
      }),
      413,
      "validation_error",
    );
  });

  it("domain_error 403 for a from domain not on the account, not verified, or another account's", async () => {
    const s = await sender(server);
    const other = await sender(server);
    const pending = uniqueDomain("pend");
    await addDomain(s.accountId, pending, { status: "pending", dkim: false });
    for (const from of ["a@unknown-domain.example", `a@${pending}`, `a@${other.domain}`, `Name <a@${other.domain}>`]) {
      expectError(
        await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from, to: "a@example.org", subject: "s", text: "t" } }),
        403,
        "domain_error",
      );
    }
  });

  it("suppressed_recipient 422 names the address and reason; unsubscribe blocks only bulk", async () => {
    const s = await sender(server);
    await server.api("POST", "/v1/suppressions", { key: s.apiKey, body: { email: "Blocked@Example.org" } });
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "Someone <blocked@example.org>", subject: "s", text: "t" },
    });
    expectError(res, 422, "suppressed_recipient");
    expect(res.body.error.message).toContain("blocked@example.org");
    expect(res.body.error.message).toContain("manual");
    await sql(`insert into suppressions (account_id, address, reason) values (?, 'unsub@example.org', 'unsubscribe')`, s.accountId);
    expect(
      (await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from: s.from, to: "unsub@example.org", subject: "s", text: "t" } }))
        .status,
    ).toBe(200);
    expectError(
      await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { from: s.from, to: "unsub@example.org", subject: "s", text: "t", bulk: true },
      }),
      422,
      "suppressed_recipient",
    );
  });

  it("deliverability_blocked is 403 while the breaker holds the account", async () => {
    const s = await sender(server);
    await sql("update accounts set deliverability_blocked_at = now() where id = ?", s.accountId);
    await invalidateAccount(s.accountId);
    expectError(
      await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from: s.from, to: "a@example.org", subject: "s", text: "t" } }),
      403,
      "deliverability_blocked",
    );
    const batch = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [{ from: s.from, to: "a@example.org", subject: "s", text: "t" }],
    });
    expect(batch.status).toBe(403);
    expect(batch.body.error.type).toBe("deliverability_blocked");
  });
});

describe("Review and test mode", () => {
  it("an account awaiting review reaches only its domains, its email and simulators (account_pending_review 403)", async () => {
    const s = await sender(server, { approved: false });
    const send = (to: string, from = s.from) =>
      server.api("POST", "/v1/emails", { key: s.apiKey, body: { from, to, subject: "s", text: "t" } });
    expectError(await send("stranger@example.org"), 403, "account_pending_review");
    expect((await send(`someone@${s.domain}`)).status).toBe(200);
    expect((await send(s.email.toUpperCase())).status).toBe(200);
    expect((await send(SIM)).status).toBe(200);
    // Test mode is unaffected.
    expect((await send("stranger@example.org", SANDBOX)).status).toBe(200);
  });

  it("test mode rewrites other recipients to the signup email, keeps simulators, accepts a display name", async () => {
    const { apiKey, email } = await server.account();
    const res = await server.api("POST", "/v1/emails", {
      key: apiKey,
      body: { from: `Posthaste <${SANDBOX}>`, to: ["someone@example.org", SIM], subject: "s", text: "t" },
    });
    expect(res.status).toBe(200);
    const got = await server.api("GET", `/v1/emails/${res.body.id}`, { key: apiKey });
    expect(got.body.to.map((a: string) => a.toLowerCase())).toEqual([email.toLowerCase(), SIM]);
  });

  it("the 21st test-mode send of the day is 429 rate_limited with integer seconds to UTC midnight; simulator sends count", async () => {
    const { apiKey } = await server.account();
    for (let i = 0; i < 20; i++) {
      const res = await server.api("POST", "/v1/emails", { key: apiKey, body: { from: SANDBOX, to: SIM, subject: `s${i}`, text: "t" } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const over = await server.api("POST", "/v1/emails", { key: apiKey, body: { from: SANDBOX, to: SIM, subject: "s", text: "t" } });
    expectError(over, 429, "rate_limited");
    const retry = over.headers.get("retry-after")!;
    expect(retry).toMatch(/^\d+$/);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(Math.abs(Number(retry) - (midnight.getTime() - Date.now()) / 1000)).toBeLessThan(5);
  });

  it("a scheduled test-mode send counts on the day it goes: past the cap it fails at dispatch", async () => {
    const { apiKey } = await server.account();
    const later = await server.api("POST", "/v1/emails", {
      key: apiKey,
      body: { from: SANDBOX, to: SIM, subject: "later", text: "t", scheduledAt: Date.now() + 6000 },
    });
    expect(later.status).toBe(200);
    for (let i = 0; i < 20; i++) {
      expect(
        (await server.api("POST", "/v1/emails", { key: apiKey, body: { from: SANDBOX, to: SIM, subject: `s${i}`, text: "t" } })).status,
      ).toBe(200);
    }
    const deadline = Date.now() + 20_000;
    let got;
    do {
      await new Promise((r) => setTimeout(r, 250));
      got = await server.api("GET", `/v1/emails/${later.body.id}`, { key: apiKey });
    } while (got.body.status === "scheduled" && Date.now() < deadline);
    expect(got.body.status).toBe("failed");
    expect(got.body.error).toMatch(/Test-mode daily cap/);
  });

  it("sandbox_recipient 422 when the account has no signup email to rewrite to", async () => {
    const { apiKey, accountId } = await server.account();
    await sql("update accounts set email = '' where id = ?", accountId);
    await invalidateAccount(accountId);
    expectError(
      await server.api("POST", "/v1/emails", { key: apiKey, body: { from: SANDBOX, to: "someone@example.org", subject: "s", text: "t" } }),
      422,
      "sandbox_recipient",
    );
    expect(
      (await server.api("POST", "/v1/emails", { key: apiKey, body: { from: SANDBOX, to: SIM, subject: "s", text: "t" } })).status,
    ).toBe(200);
  });
});

describe("POST /v1/emails/batch", () => {
  it("answers 200 { data, summary } in input order; entry errors are full error objects", async () => {
    const s = await sender(server);
    const res = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [
        { from: s.from, to: "a@example.org", subject: "1", text: "t" },
        { from: "x@unknown-domain.example", to: "a@example.org", subject: "2", text: "t" },
        { from: s.from, subject: "3" },
        { from: s.from, to: "b@example.org", subject: "4", text: "t" },
      ],
    });
    expect(res.status).toBe(200);
    // `errors` is the one field added for Resend's SDK (docs/resend-compat.md).
    expect(Object.keys(res.body).sort()).toEqual(["data", "errors", "summary"]);
    expect(res.body.summary).toEqual({ total: 4, succeeded: 2, failed: 2 });
    expect(res.body.errors).toEqual([1, 2].map((index) => ({ index, message: res.body.data[index].error.message })));
    expect(res.body.data[0]).toEqual({ id: expect.any(String) });
    expect(Object.keys(res.body.data[1])).toEqual(["error"]);
    expect(Object.keys(res.body.data[1].error).sort()).toEqual(["docs_url", "message", "type"]);
    expect(res.body.data[1].error.type).toBe("domain_error");
    expect(res.body.data[2].error.type).toBe("validation_error");
    expect(res.body.data[3]).toEqual({ id: expect.any(String) });
  });

  it("0 or 101 entries are 400 validation_error; 100 pass", async () => {
    const s = await sender(server);
    const one = { from: s.from, to: "a@example.org", subject: "s", text: "t" };
    expectError(await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [] }), 400, "validation_error");
    expectError(await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: Array(101).fill(one) }), 400, "validation_error");
    const ok = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: Array(100).fill(one) });
    expect(ok.status).toBe(200);
    expect(ok.body.summary).toEqual({ total: 100, succeeded: 100, failed: 0 });
  });
});

describe("GET /v1/emails/{id} and DELETE /v1/emails/{id}", () => {
  it("404 not_found for a malformed, unknown or foreign id (GET and DELETE)", async () => {
    const s = await sender(server);
    const other = await sender(server);
    const foreign = (
      await server.api("POST", "/v1/emails", {
        key: other.apiKey,
        body: { from: other.from, to: "a@example.org", subject: "s", text: "t" },
      })
    ).body.id;
    for (const id of ["nope", "0190a0b0-0000-7000-8000-000000000000", foreign, "%20"]) {
      expectError(await server.api("GET", `/v1/emails/${id}`, { key: s.apiKey }), 404, "not_found");
      expectError(await server.api("DELETE", `/v1/emails/${id}`, { key: s.apiKey }), 404, "not_found");
    }
  });

  it("cancelling a scheduled message: { id, canceled: true }, status canceled, timeline entry; again is 409", async () => {
    const s = await sender(server);
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "a@example.org", subject: "s", text: "t", scheduledAt: Date.now() + 3_600_000 },
    });
    const del = await server.api("DELETE", `/v1/emails/${res.body.id}`, { key: s.apiKey });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: res.body.id, canceled: true });
    const got = await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey });
    expect(got.body.status).toBe("canceled");
    expect(got.body.timeline.map((t: any) => t.type)).toEqual(["scheduled", "canceled"]);
    expectError(await server.api("DELETE", `/v1/emails/${res.body.id}`, { key: s.apiKey }), 409, "validation_error");
    const list = await server.api("GET", "/v1/emails?status=canceled", { key: s.apiKey });
    expect(list.body.data.map((e: any) => e.id)).toEqual([res.body.id]);
  });

  it("cancelling a dispatched message is 409 validation_error", async () => {
    const s = await sender(server);
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "a@example.org", subject: "s", text: "t" },
    });
    await sql("update emails set status = 'sent', sent_at = now() where id = ?", res.body.id);
    expectError(await server.api("DELETE", `/v1/emails/${res.body.id}`, { key: s.apiKey }), 409, "validation_error");
  });
});

describe("GET /v1/emails", () => {
  it("pages newest first with EmailListItem; nextCursor null on the last page", async () => {
    const s = await sender(server);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await server.api("POST", "/v1/emails", {
            key: s.apiKey,
            body: { from: s.from, to: "a@example.org", subject: `m${i}`, text: "t", tags: [{ name: "i", value: String(i) }] },
          })
        ).body.id,
      );
    const p1 = await server.api("GET", "/v1/emails?limit=2", { key: s.apiKey });
    expect(p1.status).toBe(200);
    expect(Object.keys(p1.body).sort()).toEqual(["data", "hasMore", "has_more", "nextCursor"]);
    expect(Object.keys(p1.body.data[0]).sort()).toEqual(LIST_ITEM_KEYS);
    expect(p1.body.data.map((e: any) => e.id)).toEqual([ids[2], ids[1]]);
    expect(p1.body.hasMore).toBe(true);
    const p2 = await server.api("GET", `/v1/emails?limit=2&cursor=${encodeURIComponent(p1.body.nextCursor)}`, { key: s.apiKey });
    expect(p2.body.data.map((e: any) => e.id)).toEqual([ids[0]]);
    expect(p2.body.hasMore).toBe(false);
    expect(p2.body.nextCursor).toBeNull();
    const all = await server.api("GET", "/v1/emails", { key: s.apiKey });
    expect(all.body.data).toHaveLength(3);
  });

  it.each([
    "limit=0",
    "limit=101",
    "limit=abc",
    "limit=1.5",
    "status=bogus",
    "status=sending",
    `search=${"a".repeat(513)}`,
    `search=${Array.from({ length: 17 }, (_, i) => `t${i}`).join("%20")}`,
    "cursor=garbage",
  ])("400 validation_error for %s", async (query) => {
    const s = await sender(server);
    expectError(await server.api("GET", `/v1/emails?${query}`, { key: s.apiKey }), 400, "validation_error");
  });

  it("search of 512 characters and 16 terms is accepted", async () => {
    const s = await sender(server);
    expect((await server.api("GET", `/v1/emails?search=${"a".repeat(512)}`, { key: s.apiKey })).status).toBe(200);
    expect(
      (await server.api("GET", `/v1/emails?search=${Array.from({ length: 16 }, (_, i) => `t${i}`).join("%20")}`, { key: s.apiKey })).status,
    ).toBe(200);
  });

  it("status=queued includes mid-dispatch messages, reported as queued", async () => {
    const s = await sender(server);
    const id = (
      await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { from: s.from, to: "a@example.org", subject: "midflight", text: "t", scheduledAt: Date.now() + 3_600_000 },
      })
    ).body.id;
    await sql("update emails set status = 'sending' where id = ?", id);
    const list = await server.api("GET", "/v1/emails?status=queued", { key: s.apiKey });
    const item = list.body.data.find((e: any) => e.id === id);
    expect(item?.status).toBe("queued");
    expect((await server.api("GET", `/v1/emails/${id}`, { key: s.apiKey })).body.status).toBe("queued");
    expect((await server.api("GET", "/v1/emails", { key: s.apiKey })).body.data.find((e: any) => e.id === id).status).toBe("queued");
    // With search, status is matched exactly against the index: the mid-dispatch row is left out.
    const searched = await server.api("GET", "/v1/emails?search=midflight&status=queued", { key: s.apiKey });
    expect(searched.status).toBe(200);
    expect(searched.body.data.map((e: any) => e.id)).not.toContain(id);
    expect((await server.api("GET", "/v1/emails?search=midflight", { key: s.apiKey })).body.data.map((e: any) => e.id)).toContain(id);
  });

  it("test mode in a batch: the cap counts each entry; a batch that would pass 20 is refused whole", async () => {
    const { apiKey } = await server.account();
    const one = { from: SANDBOX, to: SIM, subject: "s", text: "t" };
    const over = await server.api("POST", "/v1/emails/batch", { key: apiKey, body: Array(25).fill(one) });
    expectError(over, 429, "rate_limited");
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    const ok = await server.api("POST", "/v1/emails/batch", { key: apiKey, body: Array(20).fill(one) });
    expect(ok.body.summary).toEqual({ total: 20, succeeded: 20, failed: 0 });
    expectError(await server.api("POST", "/v1/emails", { key: apiKey, body: one }), 429, "rate_limited");
  });
});

// Corners an audit against the reference found (each test failed before its fix).
describe("idempotency under the deliverability breaker", () => {
  // DESIGN: "A repeat returns the first message's id with 200"; a single send already does.
  it("a batch of repeated keys answers with the original ids; a batch with a new send is still 403", async () => {
    const s = await sender(server, { plan: "pro" });
    const entry = { from: s.from, to: "a@example.org", subject: "s", text: "t", idempotency_key: "audit-breaker-1" };
    const first = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [entry] });
    expect(first.status).toBe(200);
    const id = first.body.data[0].id;

    await sql("update accounts set deliverability_blocked_at = now() where id = ?", s.accountId);
    await invalidateAccount(s.accountId);
    const single = await server.api("POST", "/v1/emails", { key: s.apiKey, body: entry });
    expect(single.status).toBe(200);
    expect(single.body).toEqual({ id });
    const repeat = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [entry, entry] });
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body).toEqual({ data: [{ id }, { id }], summary: { total: 2, succeeded: 2, failed: 0 }, errors: [] });

    const { idempotency_key: _, ...fresh } = entry;
    const mixed = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [entry, fresh] });
    expect(mixed.status).toBe(403);
    expect(mixed.body.error.type).toBe("deliverability_blocked");
    expect((await sql("select count(*)::int as n from emails where account_id = ?", s.accountId))[0].n).toBe(1);
  });
});

describe("GET /v1/usage", () => {
  // decisions/: domains.count counts live (pending or verified) domains; failed rows hold no allowance.
  it("does not count failed domains against the allowance", async () => {
    const s = await sender(server, { plan: "free" });
    const { newId } = await import("../server/lib/ids");
    await sql(
      `insert into domains (id, account_id, name, status, provider, dns_records, recommended_records, dkim_selector, failure_reason, suspended_at)
      values (?, ?, ?, 'failed', 'sink', '[]'::jsonb, '[]'::jsonb, 'posthaste', 'timed out', now())`,
      newId(),
      s.accountId,
      `failed-${s.domain}`,
    );
    const usage = await server.api("GET", "/v1/usage", { key: s.apiKey });
    expect(usage.status).toBe(200);
    expect(usage.body.domains).toEqual({ count: 1, limit: 1, suspended: 0 });
  });
});

describe("GET /v1/emails", () => {
  it("out-of-range query values are 400 naming the field once", async () => {
    const s = await sender(server);
    for (const [query, message] of [
      [`search=${"a".repeat(513)}`, "search: at most 512 characters"],
      ["limit=0", "limit: must be an integer from 1 to 100"],
      ["status=lost", "status: must be one of"],
    ]) {
      const res = await server.api("GET", `/v1/emails?${query}`, { key: s.apiKey });
      expect(res.status, query).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
      expect(res.body.error.message.startsWith(message), res.body.error.message).toBe(true);
    }
  });
});

describe("POST /v1/emails", () => {
  it("an optional field sent as null is absent; a required one is still required", async () => {
    const s = await sender(server);
    const nulls = {
      cc: null,
      bcc: null,
      html: null,
      replyTo: null,
      attachments: null,
      tags: null,
      headers: null,
      idempotency_key: null,
      scheduledAt: null,
      bulk: null,
    };
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "a@example.org", subject: "s", text: "t", ...nulls },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey });
    expect(got.body).toMatchObject({ cc: [], bcc: [], replyTo: [], tags: [], scheduledAt: null });
    const batch = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [{ from: s.from, to: "b@example.org", subject: "s", ...nulls }],
    });
    expect(batch.body.summary).toEqual({ total: 1, succeeded: 1, failed: 0 });
    const noSubject = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from: s.from, to: "a@example.org", subject: null } });
    expect(noSubject.status).toBe(400);
  });
});
