import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { db, rows } from "./support/db";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ APP_URL: "https://mail.example.test" });
});
afterAll(async () => {
  await server?.stop();
});

async function reasonOf(accountId: string, address: string): Promise<string | null> {
  const { sql } = await import("drizzle-orm");
  const [row] = await rows<{ reason: string }>(
    sql`select reason from suppressions where account_id = ${accountId} and address = ${address}`,
  );
  return row?.reason ?? null;
}

describe("suppressions", () => {
  it("adds lower-cased as manual, repeatably, and removes with removed:false instead of 404", async () => {
    const { apiKey } = await server.account();
    const add = await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email: "  Someone@Example.COM " } });
    expect(add.status).toBe(201);
    expect(add.body).toEqual({ address: "someone@example.com", reason: "manual" });
    expect((await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email: "someone@example.com" } })).status).toBe(201);
    const list = await server.api("GET", "/v1/suppressions", { key: apiKey });
    expect(list.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(list.body.data).toEqual([{ address: "someone@example.com", reason: "manual", createdAt: expect.any(Number) }]);
    const del = await server.api("DELETE", `/v1/suppressions/${encodeURIComponent("SomeOne@example.com")}`, { key: apiKey });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ address: "someone@example.com", removed: true });
    const again = await server.api("DELETE", `/v1/suppressions/${encodeURIComponent("someone@example.com")}`, { key: apiKey });
    expect(again.body).toEqual({ address: "someone@example.com", removed: false });
    const plus = await server.api("POST", "/v1/suppressions", { key: apiKey, body: { email: "a+tag@example.com" } });
    expect(plus.status).toBe(201);
    const delPlus = await server.api("DELETE", `/v1/suppressions/${encodeURIComponent("a+tag@example.com")}`, { key: apiKey });
    expect(delPlus.body).toEqual({ address: "a+tag@example.com", removed: true });
  });

  it("validates the body", async () => {
    const { apiKey } = await server.account();
    for (const body of [{}, { email: "" }, { email: "not-an-address" }, { email: 42 }, "{nope"]) {
      const res = await server.api("POST", "/v1/suppressions", { key: apiKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
    }
    for (const body of [
      {},
      { emails: [] },
      { emails: Array.from({ length: 101 }, (_, i) => `u${i}@example.com`) },
      { emails: ["ok@example.com", "bad"] },
    ]) {
      const res = await server.api("POST", "/v1/suppressions/bulk", { key: apiKey, body });
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
    }
  });

  it("orders by address, clamps the limit and pages with a cursor", async () => {
    const { apiKey } = await server.account();
    const emails = Array.from({ length: 100 }, (_, i) => `User${String(i).padStart(3, "0")}@example.com`).reverse();
    const bulk = await server.api("POST", "/v1/suppressions/bulk", { key: apiKey, body: { emails } });
    expect(bulk.status).toBe(201);
    expect(bulk.body.data).toHaveLength(100);
    expect(bulk.body.data[0]).toEqual({ address: "user099@example.com", reason: "manual" });
    await server.api("POST", "/v1/suppressions/bulk", { key: apiKey, body: { emails: ["zed@example.com", "aaa@example.com"] } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await server.api("GET", `/v1/suppressions?limit=40${cursor ? `&cursor=${cursor}` : ""}`, { key: apiKey });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((d: any) => d.address));
      cursor = res.body.nextCursor;
      expect(res.body.hasMore).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toHaveLength(102);
    expect(seen).toEqual([...seen].sort());
    expect(seen[0]).toBe("aaa@example.com");
    expect((await server.api("GET", "/v1/suppressions?limit=1000", { key: apiKey })).body.data).toHaveLength(100);
    expect((await server.api("GET", "/v1/suppressions?limit=0", { key: apiKey })).body.data).toHaveLength(1);
    expect((await server.api("GET", "/v1/suppressions?limit=-5", { key: apiKey })).body.data).toHaveLength(1);
    expect((await server.api("GET", "/v1/suppressions", { key: apiKey })).body.data).toHaveLength(50);
    expect((await server.api("GET", "/v1/suppressions?cursor=!!", { key: apiKey })).status).toBe(400);
  });

  it("applies the upgrade rules for every reason", async () => {
    const { accountId, apiKey } = await server.account();
    const { suppress } = await import("../server/suppressions/suppress");
    const { db: handle } = await db();
    await suppress(handle, accountId, "Bounced@example.com", "hard_bounce");
    await suppress(handle, accountId, "complained@example.com", "complaint");
    await suppress(handle, accountId, "unsub@example.com", "unsubscribe");
    const res = await server.api("POST", "/v1/suppressions/bulk", {
      key: apiKey,
      body: { emails: ["bounced@example.com", "complained@example.com", "unsub@example.com"] },
    });
    expect(res.body.data.map((d: any) => d.reason)).toEqual(["manual", "manual", "manual"]);
    expect(await reasonOf(accountId, "bounced@example.com")).toBe("hard_bounce");
    expect(await reasonOf(accountId, "complained@example.com")).toBe("complaint");
    expect(await reasonOf(accountId, "unsub@example.com")).toBe("manual");
    // Automatic reasons: unsubscribe never downgrades; a complaint outranks a bounce.
    expect(await suppress(handle, accountId, "unsub@example.com", "unsubscribe")).toBe("manual");
    expect(await suppress(handle, accountId, "bounced@example.com", "complaint")).toBe("complaint");
    expect(await suppress(handle, accountId, "complained@example.com", "hard_bounce")).toBe("complaint");
    expect(await suppress(handle, accountId, "unsub@example.com", "hard_bounce")).toBe("hard_bounce");
  });

  it("keeps lists per account and needs a full key", async () => {
    const a = await server.account();
    const b = await server.account();
    await server.api("POST", "/v1/suppressions", { key: a.apiKey, body: { email: "x@example.com" } });
    expect((await server.api("GET", "/v1/suppressions", { key: b.apiKey })).body.data).toEqual([]);
    expect((await server.api("DELETE", "/v1/suppressions/x%40example.com", { key: b.apiKey })).body.removed).toBe(false);
    const send = await server.api("POST", "/v1/api-keys", { key: a.apiKey, body: { name: "s", scope: "send" } });
    const res = await server.api("GET", "/v1/suppressions", { key: send.body.key });
    expect(res.status).toBe(403);
    expect(res.body.error.type).toBe("authentication_error");
  });

  it("one-click unsubscribe: headers, confirmation page, POST adds an unsubscribe suppression", async () => {
    const { accountId, apiKey } = await server.account();
    const { unsubscribeHeaders } = await import("../server/suppressions/unsubscribe");
    const headers = unsubscribeHeaders({ id: "0190-email", accountId }, "reader@example.com");
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(https:\/\/mail\.example\.test\/unsubscribe\/[^>]+)>$/.exec(headers["List-Unsubscribe"])![1];
    const local = server.url + new URL(link).pathname;
    const page = await fetch(local);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("reader@example.com");
    expect(html).toContain('<form method="post"');
    expect(await reasonOf(accountId, "reader@example.com")).toBeNull();
    const post = await fetch(local, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(200);
    expect(await reasonOf(accountId, "reader@example.com")).toBe("unsubscribe");
    expect((await fetch(local, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(200);
    const list = await server.api("GET", "/v1/suppressions", { key: apiKey });
    expect(list.body.data).toEqual([{ address: "reader@example.com", reason: "unsubscribe", createdAt: expect.any(Number) }]);
    const forged = local.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await fetch(forged, { method: "POST" })).status).toBe(400);
  });
});
