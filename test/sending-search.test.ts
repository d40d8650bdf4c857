import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { sql } from "./support/db";
import { sender } from "./support/senders";

let server: TestServer;
// A small ranking window so a handful of messages spans several windows.
beforeAll(async () => {
  server = await startTestServer({ SEARCH_WINDOW: "4" });
});
afterAll(async () => {
  await server?.stop();
});

async function follow(key: string, query: string) {
  const pages: { ids: string[]; hasMore: boolean }[] = [];
  let cursor: string | null = null;
  do {
    const r: any = await server.api("GET", `/v1/emails?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { key });
    expect(r.status).toBe(200);
    expect(r.body.hasMore).toBe(r.body.nextCursor !== null);
    pages.push({ ids: r.body.data.map((e: any) => e.id), hasMore: r.body.hasMore });
    cursor = r.body.nextCursor;
  } while (cursor && pages.length < 50);
  expect(cursor).toBeNull();
  return pages;
}

describe("GET /v1/emails?search= over several ranking windows", () => {
  it("returns every match once, by relevance within each window of the newest matches, until nextCursor is null", async () => {
    const s = await sender(server, { dkim: false });
    // 11 matches; every third says "invoice" three times and ranks higher within its window.
    const subjects = Array.from({ length: 11 }, (_, i) => (i % 3 === 0 ? `invoice invoice invoice ${i}` : `invoice ${i}`));
    const batch = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: subjects.map((subject, i) => ({ from: s.from, to: `r${i}@example.org`, subject, text: "t" })),
    });
    expect(batch.body.summary.failed).toBe(0);
    const ids: string[] = batch.body.data.map((d: any) => d.id);
    await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "other@example.org", subject: "receipt", text: "t" },
    });

    for (const limit of [1, 2, 3, 100]) {
      const pages = await follow(s.apiKey, `search=invoice&limit=${limit}`);
      const seen = pages.flatMap((p) => p.ids);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...ids].sort());
      // Windows of 4, newest first by (created_at, id); relevance order inside each.
      const newestFirst = [...ids].sort().reverse(); // one batch: same created_at, then id order
      for (let w = 0; w < newestFirst.length; w += 4) {
        const window = newestFirst.slice(w, w + 4);
        const shown = seen.slice(w, w + 4);
        expect([...shown].sort()).toEqual([...window].sort());
        const strong = (id: string) => ids.indexOf(id) % 3 === 0;
        expect(shown).toEqual([...shown].sort((a, b) => Number(strong(b)) - Number(strong(a)) || (a < b ? 1 : -1)));
      }
    }

    // Exactly a full window of matches: a last, empty page with hasMore false.
    const four = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: Array.from({ length: 4 }, () => ({ from: s.from, to: "x@example.org", subject: "zebra", text: "t" })),
    });
    expect(four.status).toBe(200);
    const z = await follow(s.apiKey, "search=zebra&limit=10");
    expect(z.map((p) => p.ids.length)).toEqual([4, 0]);
    expect(z[1].hasMore).toBe(false);

    // Matches too sparse to fill a window among the newest messages come through the
    // full-text index: same windows, same order. 6 "walrus" rows among 1,000 stored ones.
    const { newId } = await import("../server/lib/ids");
    const base = Date.now() - 10_000_000;
    const walrus: string[] = [];
    for (let g = 0; g < 1000; g++) {
      const id = newId(base + g * 1000);
      const hit = g % 150 === 0 && g < 900;
      if (hit) walrus.push(id);
      await sql(
        `insert into emails (id, account_id, status, "from", "to", subject, recipient_count, message_id, search_text, created_at)
        values (?, ?, 'delivered', 'a@b.example', '["c@d.example"]'::jsonb, ?, 1, ?, ?, ?::timestamptz)`,
        id,
        s.accountId,
        hit ? "walrus" : "filler",
        `<${id}@b.example>`,
        hit ? "walrus" : "filler",
        new Date(base + g * 1000).toISOString(),
      );
    }
    const sparse = await follow(s.apiKey, "search=walrus&limit=3");
    expect(sparse.flatMap((p) => p.ids)).toEqual([...walrus].reverse());
    expect(sparse.map((p) => p.ids.length)).toEqual([3, 1, 2]);

    // A cursor from the list is not a search cursor.
    const list: any = await server.api("GET", "/v1/emails?limit=1", { key: s.apiKey });
    expect(
      (await server.api("GET", `/v1/emails?search=invoice&cursor=${encodeURIComponent(list.body.nextCursor)}`, { key: s.apiKey })).status,
    ).toBe(400);
  });
});
