import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

// Emails endpoints and GET /v1/usage against spec/api.md and DESIGN.md: corners an audit
// found (each test failed before the fix it came with).
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.stop(); });

let n = 0;

async function sql(query: string, ...params: unknown[]) {
  const { sql: tag } = await import("drizzle-orm");
  const { database } = await import("../server/db/client");
  const d = await database();
  const strings = query.split("?");
  return d.rows<any>(tag(Object.assign(strings, { raw: strings }) as any, ...params));
}

async function refresh(accountId: string) {
  const { invalidateAccount } = await import("../server/accounts/account-cache");
  await invalidateAccount(accountId);
}

async function sender(opts: { plan?: "free" | "pro" | "scale" | "unlimited" } = {}) {
  const account = await server.account(opts);
  const { addVerifiedDomain } = await import("./support/delivery");
  const domain = `audit${process.pid}x${Date.now().toString(36)}${++n}.example.com`;
  await addVerifiedDomain(account.accountId, domain);
  await refresh(account.accountId);
  return { ...account, domain, from: `Acme <hello@${domain}>` };
}

describe("idempotency under the deliverability breaker", () => {
  // DESIGN: "A repeat returns the first message's id with 200"; a single send already does.
  it("a batch of repeated keys answers with the original ids; a batch with a new send is still 403", async () => {
    const s = await sender({ plan: "pro" });
    const entry = { from: s.from, to: "a@example.org", subject: "s", text: "t", idempotency_key: "audit-breaker-1" };
    const first = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [entry] });
    expect(first.status).toBe(200);
    const id = first.body.data[0].id;

    await sql("update accounts set deliverability_blocked_at = now() where id = ?", s.accountId);
    await refresh(s.accountId);
    const single = await server.api("POST", "/v1/emails", { key: s.apiKey, body: entry });
    expect(single.status).toBe(200);
    expect(single.body).toEqual({ id });
    const repeat = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [entry, entry] });
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body).toEqual({ data: [{ id }, { id }], summary: { total: 2, succeeded: 2, failed: 0 } });

    const { idempotency_key: _, ...fresh } = entry;
    const mixed = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [entry, fresh] });
    expect(mixed.status).toBe(403);
    expect(mixed.body.error.type).toBe("deliverability_blocked");
    expect((await sql("select count(*)::int as n from emails where account_id = ?", s.accountId))[0].n).toBe(1);
  });
});

describe("GET /v1/usage", () => {
  // decisions.md: domains.count counts live (pending or verified) domains; failed rows hold no allowance.
  it("does not count failed domains against the allowance", async () => {
    const s = await sender({ plan: "free" });
    const { newId } = await import("../server/lib/ids");
    await sql(`insert into domains (id, account_id, name, status, provider, dns_records, recommended_records, dkim_selector, failure_reason, suspended_at)
      values (?, ?, ?, 'failed', 'sink', '[]'::jsonb, '[]'::jsonb, 'posthaste', 'timed out', now())`,
      newId(), s.accountId, `failed-${s.domain}`);
    const usage = await server.api("GET", "/v1/usage", { key: s.apiKey });
    expect(usage.status).toBe(200);
    expect(usage.body.domains).toEqual({ count: 1, limit: 1, suspended: 0 });
  });
});

describe("GET /v1/emails", () => {
  it("out-of-range query values are 400 naming the field once", async () => {
    const s = await sender();
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
    const s = await sender();
    const nulls = { cc: null, bcc: null, html: null, replyTo: null, attachments: null, tags: null, headers: null, idempotency_key: null, scheduledAt: null, bulk: null };
    const res = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from: s.from, to: "a@example.org", subject: "s", text: "t", ...nulls } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey });
    expect(got.body).toMatchObject({ cc: [], bcc: [], replyTo: [], tags: [], scheduledAt: null });
    const batch = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [{ from: s.from, to: "b@example.org", subject: "s", ...nulls }] });
    expect(batch.body.summary).toEqual({ total: 1, succeeded: 1, failed: 0 });
    const noSubject = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from: s.from, to: "a@example.org", subject: null } });
    expect(noSubject.status).toBe(400);
  });
});
