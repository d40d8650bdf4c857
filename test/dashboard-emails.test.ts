import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { dashboardCaller } from "./support/dashboard-caller";
import { db, rows, sql } from "./support/db";
import { waitForStatus } from "./support/delivery";
import { sender } from "./support/senders";

/**
 * Issue #17, part 6: the email list's date and tag filters (dashboard only), live statuses,
 * and the message behind a suppression.
 */

let server: TestServer;
beforeAll(async () => {
  // Dispatch runs when this file's own sends wake it (see dashboard-overview.test.ts).
  server = await startTestServer({ MAIL_PROVIDER: "sink", DISPATCH_IDLE_MS: "60000" });
});
afterAll(async () => {
  await server?.stop();
});

const DAY_MS = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * A stored message that dispatch leaves alone (already delivered unless `status` says
 * otherwise), created at `createdAt`. Its id is made now: the retention task walks ids, and a
 * back-dated id would move its shared cursor past other test files' rows (ops-retention).
 */
async function stored(
  accountId: string,
  opts: { createdAt: Date; tags?: { name: string; value: string }[]; status?: string; search?: string },
): Promise<string> {
  const { newId } = await import("../server/lib/ids");
  const { emails } = await import("../server/db/schema");
  const id = newId();
  await (await db()).db.insert(emails).values({
    id,
    accountId,
    status: (opts.status ?? "delivered") as never,
    from: "n@example.com",
    to: ["r@example.org"],
    subject: opts.search ?? "s",
    tags: opts.tags ?? [],
    recipientCount: 1,
    messageId: `<${id}@example.com>`,
    searchText: opts.search ?? "s",
    createdAt: opts.createdAt,
  });
  return id;
}

/** The API error a call fails with (the tRPC caller throws; the type is what /v1 and the dashboard show). */
async function refusal(call: Promise<unknown>): Promise<string> {
  const { toApiError } = await import("../server/errors");
  try {
    await call;
  } catch (err) {
    return toApiError(err).type;
  }
  return "no error";
}

/** Every id a dashboard list gives, following cursors. */
async function all(caller: Awaited<ReturnType<typeof dashboardCaller>>, input: Record<string, unknown>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await caller.dashboard.emails({ ...input, cursor } as never);
    ids.push(...page.data.map((e) => e.id));
    expect(page.hasMore).toBe(page.nextCursor !== null);
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error("too many pages");
}

describe("email list filters", () => {
  it("date range and tag return exactly the account's matching rows, newest first", async () => {
    const now = Date.now();
    // Noon of each day, so a day's rows are inside its UTC day whatever the hour now.
    const noon = (daysAgo: number) => new Date(Date.parse(`${dayOf(now - daysAgo * DAY_MS)}T12:00:00Z`));
    const spring = [{ name: "campaign", value: "spring" }];
    const a = await server.account();
    const b = await server.account();
    const rows: Record<string, string> = {};
    for (const [account, prefix] of [
      [a, "a"],
      [b, "b"],
    ] as const) {
      rows[`${prefix}10`] = await stored(account.accountId, { createdAt: noon(10), tags: spring });
      rows[`${prefix}5`] = await stored(account.accountId, { createdAt: noon(5) });
      rows[`${prefix}5s`] = await stored(account.accountId, { createdAt: noon(5), tags: [...spring, { name: "x", value: "y" }] });
      rows[`${prefix}2`] = await stored(account.accountId, {
        createdAt: noon(2),
        tags: [{ name: "campaign", value: "autumn" }],
        search: "invoice",
      });
      rows[`${prefix}2s`] = await stored(account.accountId, { createdAt: noon(2), tags: spring, search: "invoice", status: "bounced" });
      rows[`${prefix}1`] = await stored(account.accountId, { createdAt: new Date(Date.parse(`${dayOf(now - DAY_MS)}T23:59:59.999Z`)) });
    }
    const caller = await dashboardCaller(a.accountId);
    const ids = (...keys: string[]) => keys.map((k) => rows[k]);

    expect(await all(caller, { limit: 100 })).toEqual(ids("a1", "a2s", "a2", "a5s", "a5", "a10"));
    // Both days included: from 5 days ago 00:00 to the end of 2 days ago.
    expect(await all(caller, { from: dayOf(now - 5 * DAY_MS), to: dayOf(now - 2 * DAY_MS), limit: 100 })).toEqual(
      ids("a2s", "a2", "a5s", "a5"),
    );
    expect(await all(caller, { from: dayOf(now - DAY_MS), limit: 100 })).toEqual(ids("a1"));
    expect(await all(caller, { to: dayOf(now - 5 * DAY_MS), limit: 100 })).toEqual(ids("a5s", "a5", "a10"));
    expect(await all(caller, { tag: { name: "campaign", value: "spring" }, limit: 100 })).toEqual(ids("a2s", "a5s", "a10"));
    expect(await all(caller, { tag: { name: "campaign", value: "spring" }, limit: 1 })).toEqual(ids("a2s", "a5s", "a10"));
    expect(await all(caller, { tag: { name: "campaign", value: "spring" }, from: dayOf(now - 6 * DAY_MS), limit: 100 })).toEqual(
      ids("a2s", "a5s"),
    );
    expect(await all(caller, { tag: { name: "campaign", value: "spring" }, status: "bounced", limit: 100 })).toEqual(ids("a2s"));
    expect(await all(caller, { tag: { name: "campaign", value: "Spring" }, limit: 100 })).toEqual([]);
    expect(await all(caller, { tag: { name: "x", value: "y" }, limit: 100 })).toEqual(ids("a5s"));
    // With a search, the filters hold on its matches.
    expect(await all(caller, { search: "invoice", limit: 100 })).toEqual(expect.arrayContaining(ids("a2s", "a2")));
    expect(await all(caller, { search: "invoice", tag: { name: "campaign", value: "autumn" }, limit: 100 })).toEqual(ids("a2"));
    expect(await all(caller, { search: "invoice", from: dayOf(now - DAY_MS), limit: 100 })).toEqual([]);

    // GET /v1/emails keeps its behaviour: the dashboard's parameters change nothing there.
    const key = (await server.account()).apiKey;
    expect((await server.api("GET", "/v1/emails?limit=5", { key })).body.data).toEqual([]);
    const v1 = await server.api("GET", `/v1/emails?limit=100`, { key: a.apiKey });
    const v1Filtered = await server.api("GET", `/v1/emails?limit=100&from=${dayOf(now - DAY_MS)}&tag=campaign`, { key: a.apiKey });
    expect(v1Filtered.status).toBe(200);
    expect(v1Filtered.body.data.map((e: any) => e.id)).toEqual(v1.body.data.map((e: any) => e.id));
    expect(v1.body.data.map((e: any) => e.id)).toEqual(ids("a1", "a2s", "a2", "a5s", "a5", "a10"));
  });

  it("a tag page reads a bounded slice of the index and goes on by cursor", async () => {
    const { TAG_SCAN_ROWS } = await import("../server/sending/list");
    const a = await server.account();
    const old = await stored(a.accountId, { createdAt: new Date(Date.now() - 3 * DAY_MS), tags: [{ name: "k", value: "v" }] });
    // More untagged rows than a page reads, all newer than the tagged one (ids made now, as in stored()).
    const { newId } = await import("../server/lib/ids");
    const ids = Array.from({ length: TAG_SCAN_ROWS + 100 }, () => newId());
    const { sql: q } = await import("drizzle-orm");
    await rows(q`
      insert into emails (id, account_id, status, "from", "to", recipient_count, message_id, search_text, created_at)
      select g.id, ${a.accountId}, 'delivered', 'n@example.com', '["r@example.org"]'::jsonb, 1, g.id, '',
             now() - interval '1 day' - g.n * interval '1 second'
      from unnest(${q.param(ids)}::text[]) with ordinality as g(id, n)`);
    const caller = await dashboardCaller(a.accountId);
    const first = await caller.dashboard.emails({ tag: { name: "k", value: "v" }, limit: 50 });
    expect(first.data).toEqual([]);
    expect(first.hasMore).toBe(true);
    const second = await caller.dashboard.emails({ tag: { name: "k", value: "v" }, limit: 50, cursor: first.nextCursor! });
    expect(second.data.map((e) => e.id)).toEqual([old]);
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it("validates and caps the filters", async () => {
    const a = await server.account();
    const caller = await dashboardCaller(a.accountId);
    const bad: Record<string, unknown>[] = [
      { from: "2026-02-30" },
      { from: "26-01-01" },
      { to: "2026-01-01T00:00:00Z" },
      { from: "1999-12-31" },
      { from: "2026-03-02", to: "2026-03-01" },
      { tag: { name: "", value: "x" } },
      { tag: { name: "n".repeat(257), value: "x" } },
      { tag: { name: "n", value: "v".repeat(257) } },
      { search: "s".repeat(513) },
      { limit: 101 },
      { status: "sending" },
    ];
    for (const input of bad) {
      expect(await refusal(caller.dashboard.emails({ limit: 10, ...input } as never)), JSON.stringify(input)).toBe("validation_error");
    }
    const ok = await caller.dashboard.emails({ limit: 10, from: "2026-03-01", to: "2026-03-01", tag: { name: "n", value: "" } });
    expect(ok.data).toEqual([]);
  });
});

describe("live statuses", () => {
  it("answers the account's own messages by id, mid-dispatch as queued", async () => {
    const a = await server.account();
    const b = await server.account();
    const mine = await stored(a.accountId, { createdAt: new Date(), status: "sending" });
    const done = await stored(a.accountId, { createdAt: new Date(), status: "bounced" });
    const theirs = await stored(b.accountId, { createdAt: new Date(), status: "sending" });
    const caller = await dashboardCaller(a.accountId);
    const { data } = await caller.dashboard.emailStatuses({ ids: [mine, done, theirs, "not-an-id"] });
    expect(new Map(data.map((r) => [r.id, r.status]))).toEqual(
      new Map([
        [mine, "queued"],
        [done, "bounced"],
      ]),
    );
    expect(await refusal(caller.dashboard.emailStatuses({ ids: Array.from({ length: 101 }, () => mine) }))).toBe("validation_error");
  });
});

describe("suppressions link to their message", () => {
  it("a hard bounce and a complaint name the message; manual entries and other accounts do not", async () => {
    const s = await sender(server);
    const send = async (to: string) => {
      const res = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { from: s.from, to, subject: "x", text: "t" } });
      expect(res.status).toBe(200);
      return res.body.id as string;
    };
    const bounced = await send("bounce+link@simulator.amazonses.com");
    const complained = await send("complaint+link@simulator.amazonses.com");
    await waitForStatus(bounced, ["bounced"]);
    await waitForStatus(complained, ["complained"]);
    const caller = await dashboardCaller(s.accountId);
    await caller.suppressions.add({ email: "manual@example.org" });
    const addresses = ["bounce+link@simulator.amazonses.com", "complaint+link@simulator.amazonses.com", "manual@example.org"];
    const { data } = await caller.dashboard.suppressionSources({ addresses });
    expect(new Map(data.map((r) => [r.address, r.emailId]))).toEqual(
      new Map([
        [addresses[0], bounced],
        [addresses[1], complained],
      ]),
    );

    // Adding the bounced address by hand keeps the bounce and its message.
    await caller.suppressions.add({ email: addresses[0] });
    expect((await caller.dashboard.suppressionSources({ addresses: [addresses[0]] })).data).toEqual([
      { address: addresses[0], emailId: bounced },
    ]);
    // /v1's entry keeps the reference's fields.
    const listed = await server.api("GET", "/v1/suppressions", { key: s.apiKey });
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(["address", "createdAt", "reason"]);

    // Another account asking about the same addresses learns nothing.
    const other = await server.account();
    expect((await (await dashboardCaller(other.accountId)).dashboard.suppressionSources({ addresses })).data).toEqual([]);
  });

  it("an unsubscribe link names its message until a manual entry replaces it", async () => {
    const a = await server.account();
    const email = await stored(a.accountId, { createdAt: new Date() });
    const { unsubscribeToken } = await import("../server/suppressions/unsubscribe");
    const token = unsubscribeToken({ accountId: a.accountId, emailId: email, address: "reader@example.org" });
    const res = await server.api("POST", `/unsubscribe/${token}`, { body: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);
    const caller = await dashboardCaller(a.accountId);
    expect((await caller.dashboard.suppressionSources({ addresses: ["reader@example.org"] })).data).toEqual([
      { address: "reader@example.org", emailId: email },
    ]);
    await caller.suppressions.add({ email: "reader@example.org" });
    const [row] = await sql(
      "select reason, email_id from suppressions where account_id = ? and address = ?",
      a.accountId,
      "reader@example.org",
    );
    expect(row).toEqual({ reason: "manual", email_id: null });
    expect((await caller.dashboard.suppressionSources({ addresses: ["reader@example.org"] })).data).toEqual([]);
  });
});
