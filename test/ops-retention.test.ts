import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { db, sql } from "./support/db";
import { sender } from "./support/senders";
import { waitForStatus } from "./support/delivery";
import { startWebhookReceiver } from "./support/webhook-receiver";
import { waitFor } from "./support/wait";

/**
 * RETENTION_DAYS=1: rows back-dated three days (ids made at that time, as the service
 * makes them) lose bodies, events and delivery logs; status rows stay and still answer
 * over the API; mail still waiting to leave, deliveries still owed and recent rows are kept.
 */
let server: TestServer;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  server = await startTestServer({ RETENTION_DAYS: "1", WEBHOOK_ALLOWED_ORIGINS: hooks.origin });
});
afterAll(async () => {
  await server?.stop();
  await hooks?.stop();
});

describe("retention", () => {
  it("prunes bodies, events and delivery logs older than RETENTION_DAYS, keeping status rows", async () => {
    const { newId } = await import("../server/lib/ids");
    const { emails, emailContents, emailEvents, sinkMessages, webhookAttempts, webhookDeliveries, webhookEvents } =
      await import("../server/db/schema");
    const { wake } = await import("../server/jobs/tasks");
    const { TASKS } = await import("../server/jobs/names");
    const s = await sender(server);
    const hook = await server.api("POST", "/v1/webhooks", { key: s.apiKey, body: { url: `${hooks.origin}/r`, events: ["*"] } });
    expect(hook.status).toBe(201);

    // A recent message, sent for real: everything about it stays.
    const recent = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: ["new@example.org"], subject: "new", html: "<p>new</p>" },
    });
    expect(recent.status).toBe(200);
    await waitForStatus(recent.body.id, ["delivered"]);
    await waitFor(() => hooks.received.some((h) => h.body?.data?.email_id === recent.body.id), 15_000, "the recent message's webhook");

    const { db: d } = await db();
    const at = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const old = (offsetMs = 0) => newId(at.getTime() + offsetMs);
    const base = { accountId: s.accountId, from: s.from, subject: "old", recipientCount: 1, searchText: "old" };
    const oldId = old();
    const waitingId = old(1);
    const attachments = [{ filename: "a.txt", content: "YQ==", contentType: "text/plain" }];
    await d.insert(emails).values([
      {
        ...base,
        id: oldId,
        status: "delivered",
        to: ["old@example.org"],
        messageId: `<${oldId}@x>`,
        createdAt: at,
        sentAt: at,
      },
      // Accepted long ago, scheduled far ahead: still to leave, so kept whole.
      {
        ...base,
        id: waitingId,
        status: "scheduled",
        to: ["later@example.org"],
        messageId: `<${waitingId}@x>`,
        createdAt: at,
        scheduledAt: new Date(Date.now() + 86400_000),
        nextAttemptAt: new Date(Date.now() + 86400_000),
      },
    ]);
    await d.insert(emailContents).values([
      { emailId: oldId, html: "<p>old</p>", text: "old", attachments },
      { emailId: waitingId, html: "<p>later</p>" },
    ]);
    await d.insert(sinkMessages).values({ emailId: oldId, recipients: "old@example.org", raw: "Subject: old\r\n\r\nold", createdAt: at });
    await d.insert(emailEvents).values([
      { id: old(2), emailId: oldId, type: "sent", at, detail: null },
      { id: old(3), emailId: oldId, type: "delivered", at, detail: null },
    ]);
    const [doneEvent, owedEvent, doneDelivery, owedDelivery] = [old(4), old(5), old(6), old(7)];
    const payload = (id: string) => ({ id, type: "email.sent", created_at: at.toISOString(), data: { email_id: oldId } });
    await d.insert(webhookEvents).values([
      { id: doneEvent, accountId: s.accountId, type: "email.sent", emailId: oldId, payload: payload(doneEvent), createdAt: at },
      { id: owedEvent, accountId: s.accountId, type: "email.delivered", emailId: oldId, payload: payload(owedEvent), createdAt: at },
    ]);
    await d.insert(webhookDeliveries).values([
      {
        id: doneDelivery,
        eventId: doneEvent,
        endpointId: hook.body.id,
        accountId: s.accountId,
        status: "succeeded",
        attempts: 1,
        createdAt: at,
        completedAt: at,
      },
      // Still owed (its next try is far off): kept, with its event.
      {
        id: owedDelivery,
        eventId: owedEvent,
        endpointId: hook.body.id,
        accountId: s.accountId,
        status: "pending",
        attempts: 1,
        createdAt: at,
        nextAttemptAt: new Date(Date.now() + 86400_000),
      },
    ]);
    await d
      .insert(webhookAttempts)
      .values({ id: old(8), deliveryId: doneDelivery, endpointId: hook.body.id, at, durationMs: 5, responseStatus: 200 });

    wake(TASKS.retention);
    await waitFor(async () => (await sql("select 1 from webhook_events where id = ?", doneEvent)).length === 0, 15_000, "retention to run");

    const [pruned] = await sql("select status, subject, sent_at from emails where id = ?", oldId);
    expect(pruned).toMatchObject({ status: "delivered", subject: "old" });
    expect(pruned.sent_at).not.toBeNull();
    expect(await sql("select 1 from email_contents where email_id = ?", oldId)).toHaveLength(0);
    expect(await sql("select 1 from sink_messages where email_id = ?", oldId)).toHaveLength(0);
    expect(await sql("select 1 from email_events where email_id = ?", oldId)).toHaveLength(0);
    expect(await sql("select 1 from webhook_deliveries where id = ?", doneDelivery)).toHaveLength(0);
    expect(await sql("select 1 from webhook_attempts where delivery_id = ?", doneDelivery)).toHaveLength(0);
    // Owed work and waiting mail are whole.
    expect(await sql("select 1 from webhook_deliveries where id = ?", owedDelivery)).toHaveLength(1);
    expect(await sql("select 1 from webhook_events where id = ?", owedEvent)).toHaveLength(1);
    const [waiting] = await sql("select html from email_contents where email_id = ?", waitingId);
    expect(waiting.html).toBe("<p>later</p>");
    // Recent rows are untouched.
    const [fresh] = await sql("select html from email_contents where email_id = ?", recent.body.id);
    expect(fresh.html).toBe("<p>new</p>");
    expect((await sql("select type from email_events where email_id = ?", recent.body.id)).length).toBeGreaterThanOrEqual(2);
    expect((await sql("select 1 from webhook_events where email_id = ?", recent.body.id)).length).toBeGreaterThanOrEqual(1);

    // The walk's progress is shared: no instance or later run walks these messages again.
    const [cursor] = await sql("select after from retention_cursors where name = 'emails'");
    expect(cursor.after >= waitingId).toBe(true);

    // The pruned message still answers: its status row, and a timeline of its acceptance only.
    const got = await server.api("GET", `/v1/emails/${oldId}`, { key: s.apiKey });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: oldId, status: "delivered", subject: "old", to: ["old@example.org"] });
    expect(got.body.sentAt).toBe(at.getTime());
    expect(got.body.timeline).toEqual([{ type: "queued", at: at.getTime(), detail: null }]);
  });

  it("prunes by each table's time column whatever the id: UUIDv4 rows (made before every id was a UUIDv7) go too", async () => {
    const { randomUUID } = await import("node:crypto");
    const { newId } = await import("../server/lib/ids");
    const { pruneOnce } = await import("../server/ops/retention");
    const { emails, emailEvents, webhookAttempts, webhookDeliveries, webhookEvents } = await import("../server/db/schema");
    const s = await sender(server);
    const hook = await server.api("POST", "/v1/webhooks", { key: s.apiKey, body: { url: `${hooks.origin}/k`, events: ["*"] } });
    expect(hook.status).toBe(201);

    // Timeline rows the database makes itself (cancel, reschedule) are UUIDv7s now, through the API.
    const later = Date.now() + 3_600_000;
    const schedule = () =>
      server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { from: s.from, to: "w@example.org", subject: "s", text: "t", scheduledAt: later },
      });
    const [one, two] = [await schedule(), await schedule()];
    expect((await server.api("DELETE", `/v1/emails/${one.body.id}`, { key: s.apiKey })).status).toBe(200);
    const moved = await server.api("PATCH", `/v1/emails/${two.body.id}`, { key: s.apiKey, body: { scheduledAt: later + 60_000 } });
    expect(moved.status).toBe(200);
    const made = await sql("select id, type, at from email_events where email_id in (?, ?)", one.body.id, two.body.id);
    expect(made.map((r) => r.type).sort()).toEqual(["canceled", "rescheduled"]);
    for (const r of made) {
      expect(r.id.charAt(14)).toBe("7");
      expect(Math.abs(parseInt(r.id.replace(/-/g, "").slice(0, 12), 16) - new Date(r.at).getTime())).toBeLessThan(5_000);
    }

    // Old and recent rows of both id kinds in every table retention prunes. UUIDv4s that sort
    // above every UUIDv7 of now ("f…") and below the cutoff's ("0…") both count.
    const oldAt = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const newAt = new Date(Date.now() - 3600 * 1000);
    const v4 = (first: string) => `${first}${randomUUID().slice(1)}`;
    const { db: d } = await db();
    const emailId = newId(oldAt.getTime());
    await d.insert(emails).values({
      id: emailId,
      accountId: s.accountId,
      from: s.from,
      to: ["kinds@example.org"],
      subject: "kinds",
      recipientCount: 1,
      searchText: "kinds",
      status: "canceled",
      messageId: `<${emailId}@x>`,
      createdAt: oldAt,
    });
    const ids = {
      old: { v4high: v4("f"), v4low: v4("0"), v7: newId(oldAt.getTime()) },
      recent: { v4high: v4("f"), v4low: v4("0"), v7: newId(newAt.getTime()) },
    };
    type Kind = keyof typeof ids.old;
    const kinds: Kind[] = ["v4high", "v4low", "v7"];
    const rowsOf = <T>(f: (age: "old" | "recent", kind: Kind, at: Date) => T): T[] =>
      (["old", "recent"] as const).flatMap((age) => kinds.map((kind) => f(age, kind, age === "old" ? oldAt : newAt)));
    const tag = (age: string, kind: string, table: string) => `${table}-${age}-${kind}`;
    // Each table's id is its own (prefixed per table), so the kinds hold per table.
    const idOf = (table: string, age: "old" | "recent", kind: Kind) =>
      `${ids[age][kind].slice(0, 24)}${table
        .padEnd(12, "0")
        .slice(0, 12)
        .replace(/[^0-9a-f]/g, "0")}`;
    await d
      .insert(emailEvents)
      .values(
        rowsOf((age, kind, at) => ({ id: idOf("e1", age, kind), emailId, type: "canceled" as const, at, detail: tag(age, kind, "ev") })),
      );
    await d.insert(webhookEvents).values(
      rowsOf((age, kind, at) => ({
        id: idOf("e2", age, kind),
        accountId: s.accountId,
        type: "email.sent" as const,
        emailId,
        payload: { id: idOf("e2", age, kind) },
        createdAt: at,
      })),
    );
    // Deliveries with events of their own kind and age; an event whose delivery goes goes after it.
    await d.insert(webhookDeliveries).values(
      rowsOf((age, kind, at) => ({
        id: idOf("d3", age, kind),
        eventId: idOf("e2", age, kind),
        endpointId: hook.body.id,
        accountId: s.accountId,
        status: "succeeded" as const,
        attempts: 1,
        createdAt: at,
        completedAt: at,
      })),
    );
    // Attempts hang off a recent delivery (so only their own age decides).
    await d.insert(webhookAttempts).values(
      rowsOf((age, kind, at) => ({
        id: idOf("a4", age, kind),
        deliveryId: idOf("d3", "recent", "v7"),
        endpointId: hook.body.id,
        at,
        durationMs: 1,
      })),
    );

    // Batched: as many runs as it takes, each a few short statements.
    for (let i = 0; i < 20 && (await pruneOnce()) > 0; i++);

    for (const [table, prefix] of [
      ["email_events", "e1"],
      ["webhook_events", "e2"],
      ["webhook_deliveries", "d3"],
      ["webhook_attempts", "a4"],
    ] as const) {
      const left = new Set((await sql(`select id from ${table} where id like '%${prefix.padEnd(12, "0")}'`)).map((r) => r.id));
      for (const kind of kinds) {
        expect(left.has(idOf(prefix, "old", kind)), `${table}: old ${kind} pruned`).toBe(false);
        expect(left.has(idOf(prefix, "recent", kind)), `${table}: recent ${kind} kept`).toBe(true);
      }
    }
    // The message keeps its status row.
    const got = await server.api("GET", `/v1/emails/${emailId}`, { key: s.apiKey });
    expect(got.body).toMatchObject({ id: emailId, status: "canceled" });
  });

  it("deletes received mail older than RETENTION_DAYS with its attachments, whatever the id", async () => {
    const { seedInbound } = await import("./support/inbound-rows");
    const { pruneOnce } = await import("../server/ops/retention");
    const { accountId } = await server.account();
    const at = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const file = { filename: "a.txt", contentType: "text/plain", content: Buffer.from("a") };
    const old = await seedInbound(accountId, { createdAt: at, attachments: [file] });
    const recent = await seedInbound(accountId, { attachments: [file] });
    // A row whose id is not a UUIDv7 is found by its time column.
    const unordered = await seedInbound(accountId, { createdAt: at });
    await sql("update inbound_emails set id = ? where id = ?", "00000000-0000-4000-8000-00000000cafe", unordered.id);

    await pruneOnce();
    const left = (await sql("select id from inbound_emails where account_id = ?", accountId)).map((r) => r.id);
    expect(left).toEqual([recent.id]);
    expect(await sql("select 1 from inbound_attachments where id = ?", old.attachmentIds[0])).toHaveLength(0);
    expect(await sql("select 1 from inbound_attachments where id = ?", recent.attachmentIds[0])).toHaveLength(1);
  });

  it("keeps everything when RETENTION_DAYS is unset", async () => {
    const { reconfigure } = await import("./support/config");
    const { pruneOnce } = await import("../server/ops/retention");
    reconfigure({ RETENTION_DAYS: undefined });
    try {
      expect(await pruneOnce()).toBe(0);
    } finally {
      reconfigure({ RETENTION_DAYS: "1" });
    }
  });
});
