import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";
import { addVerifiedDomain, emailRow, enqueue, timeline, waitFor, waitForStatus } from "./support/delivery";

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ MAIL_PROVIDER: "sink", DISPATCH_IDLE_MS: "100" }); });
afterAll(async () => { await server?.stop(); });

const db = async () => (await import("../server/db/client")).database().then((d) => d.db);

describe("sink provider", () => {
  it("keeps the signed rendered message and reports ordinary recipients delivered", async () => {
    const { sinkMessages } = await import("../server/db/schema");
    const a = await server.account();
    const domain = await addVerifiedDomain(a.accountId, `sink-${Date.now()}.example.com`);
    const id = await enqueue(a.accountId, { domainId: domain.id, from: `n@${domain.name}`, to: ["x@example.org"], subject: "Stored", text: "kept" });
    const row = await waitForStatus(id, ["delivered"]);
    expect(row.sesMessageId).toBe(row.messageId.replace(/^<|>$/g, ""));
    expect((await timeline(id)).map((t) => t.type)).toEqual(["sent", "delivered"]);
    const [stored] = await (await db()).select().from(sinkMessages).where(eq(sinkMessages.emailId, id));
    expect(stored.raw).toContain("Subject: Stored");
    expect(stored.raw).toMatch(/DKIM-Signature:/);
  });

  it("fails mail whose domain was removed before it left", async () => {
    const a = await server.account();
    const id = await enqueue(a.accountId, { domainId: "00000000-0000-7000-8000-000000000000", from: "n@gone.example.com", to: ["x@example.org"], text: "x" });
    const row = await waitForStatus(id, ["failed"]);
    expect(row.error).toMatch(/removed/);
  });
});

describe("deliverability breaker", () => {
  it("holds sending at a 10% bounce rate over 100 sends and lifts when the window moves on", async () => {
    const { accounts, emails } = await import("../server/db/schema");
    const a = await server.account();
    const domain = await addVerifiedDomain(a.accountId, `breaker-${Date.now()}.example.com`);
    const d = await db();
    // 90 earlier good sends in the window, then 10 real hard bounces through the pipeline.
    await d.execute(sql`
      insert into emails (id, account_id, status, "from", "to", recipient_count, message_id, search_text, sent_at)
      select gen_random_uuid()::text, ${a.accountId}, 'delivered', 'n@x', '["ok@example.org"]'::jsonb, 1, gen_random_uuid()::text, '', now() - interval '1 hour'
      from generate_series(1, 90)`);
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(await enqueue(a.accountId, { domainId: domain.id, from: `n@${domain.name}`, to: [`bounce+${i}@simulator.amazonses.com`], text: "x" }));
    for (const id of ids) await waitForStatus(id, ["bounced"]);
    const blocked = await waitFor(async () => {
      const [row] = await d.select().from(accounts).where(eq(accounts.id, a.accountId));
      return row.deliverabilityBlockedAt ? row : null;
    });
    expect(blocked.deliverabilityBlockedAt).toBeInstanceOf(Date);

    // A day later the bounces have left the window: the review lifts the hold.
    await d.update(emails).set({ sentAt: new Date(Date.now() - 25 * 3600 * 1000) }).where(eq(emails.accountId, a.accountId));
    const { evaluateBreaker } = await import("../server/delivery/breaker");
    await evaluateBreaker(d, [a.accountId]);
    const [after] = await d.select().from(accounts).where(eq(accounts.id, a.accountId));
    expect(after.deliverabilityBlockedAt).toBeNull();
    expect((await emailRow(ids[0])).status).toBe("bounced");
  });
});
