import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { db } from "./support/db";
import { emailRow, enqueue, sendViaApi, sinkCopies, timeline, verifiedDomainViaApi, waitForStatus } from "./support/delivery";
import { waitFor } from "./support/wait";

let server: TestServer;
let dnsServer: TestDnsServer;
beforeAll(async () => {
  dnsServer = await startDnsServer();
  server = await startTestServer({ MAIL_PROVIDER: "sink", DISPATCH_IDLE_MS: "100", DNS_SERVERS: dnsServer.address });
});
afterAll(async () => {
  await server?.stop();
  await dnsServer?.stop();
});

describe("sink provider", () => {
  it("keeps the signed rendered message and reports ordinary recipients delivered", async () => {
    const a = await server.account();
    const domain = await verifiedDomainViaApi(server, a.apiKey, dnsServer, `sink-${process.pid}-${Date.now()}.example.com`);
    const id = await sendViaApi(server, a.apiKey, { from: `n@${domain.name}`, to: ["x@example.org"], subject: "Stored", text: "kept" });
    const row = await waitForStatus(id, ["delivered"]);
    expect(row.sesMessageId).toBe(row.messageId.replace(/^<|>$/g, ""));
    expect((await timeline(id)).map((t) => t.type)).toEqual(["queued", "sent", "delivered"]);
    const [stored] = await sinkCopies(id);
    expect(stored.raw).toContain("Subject: Stored");
    expect(stored.raw).toMatch(/DKIM-Signature:/);
  });

  it("fails mail whose domain was removed before it left", async () => {
    const a = await server.account();
    const id = await enqueue(a.accountId, {
      domainId: "00000000-0000-7000-8000-000000000000",
      from: "n@gone.example.com",
      to: ["x@example.org"],
      text: "x",
    });
    const row = await waitForStatus(id, ["failed"]);
    expect(row.error).toMatch(/removed/);
  });
});

describe("deliverability breaker", () => {
  it("holds sending at a 10% bounce rate over 100 sends and lifts when the window moves on", async () => {
    const { accounts } = await import("../server/db/schema");
    const a = await server.account();
    const domain = await verifiedDomainViaApi(server, a.apiKey, dnsServer, `breaker-${process.pid}-${Date.now()}.example.com`);
    const { db: d } = await db();
    // 90 earlier good sends in the window (as the status path counts them), then 10 real hard bounces through the pipeline.
    await d.execute(sql`
      insert into email_hourly_counts (account_id, hour, test_mode, shard, sent, delivered)
      values (${a.accountId}, date_trunc('hour', now() - interval '1 hour'), false, 0, 90, 90)`);
    const batch = await server.api("POST", "/v1/emails/batch", {
      key: a.apiKey,
      body: Array.from({ length: 10 }, (_, i) => ({
        from: `n@${domain.name}`,
        to: [`bounce+${i}@simulator.amazonses.com`],
        subject: "s",
        text: "x",
      })),
    });
    expect(batch.body.summary).toEqual({ total: 10, succeeded: 10, failed: 0 });
    const ids: string[] = batch.body.data.map((e: { id: string }) => e.id);
    for (const id of ids) await waitForStatus(id, ["bounced"]);
    const blocked = await waitFor(async () => {
      const [row] = await d.select().from(accounts).where(eq(accounts.id, a.accountId));
      return row.deliverabilityBlockedAt ? row : null;
    });
    expect(blocked.deliverabilityBlockedAt).toBeInstanceOf(Date);
    const send = () =>
      server.api("POST", "/v1/emails", {
        key: a.apiKey,
        body: { from: `n@${domain.name}`, to: ["ok@example.org"], subject: "s", text: "x" },
      });
    const refused = await waitFor(async () => {
      const r = await send();
      return r.status === 403 ? r : null;
    });
    expect(refused.body.error.type).toBe("deliverability_blocked");

    // A day later the bounces have left the window: the review lifts the hold.
    await d.execute(sql`update email_hourly_counts set hour = hour - interval '26 hours' where account_id = ${a.accountId}`);
    const { evaluateBreaker } = await import("../server/delivery/breaker");
    await evaluateBreaker(d, [a.accountId]);
    const [after] = await d.select().from(accounts).where(eq(accounts.id, a.accountId));
    expect(after.deliverabilityBlockedAt).toBeNull();
    expect(
      (
        await waitFor(async () => {
          const r = await send();
          return r.status === 200 ? r : null;
        })
      ).status,
    ).toBe(200);
    expect((await emailRow(ids[0])).status).toBe("bounced");
  });
});
