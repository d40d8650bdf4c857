import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MX_FLOW_BACKLOG, MX_FLOW_TOTAL_BACKLOG, MX_FLOW_WAIT_MS } from "../server/limits/constants";
import { sql } from "./support/db";
import { startTestServer, type TestServer } from "./support/harness";
import { mxClient, receivingDomain } from "./support/inbound";

// Flow control at the MX (server/inbound/flow.ts): a recipient's RCPT TO waits while its
// account's parse backlog is at MX_FLOW_BACKLOG, or everyone's at MX_FLOW_TOTAL_BACKLOG.
// Mistakes this catches: no wait at the threshold (the time to email.received grows without
// bound under load), a wait below it, one account's backlog holding another's mail, a wait
// past the message's budget or through a shutdown, a wait that misses the backlog falling.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than flow.ts's reading interval: the next look counts again. */
const FRESH = 150;
const NEVER = () => false;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SMTP_MX_PORT: "0" });
});
afterAll(async () => {
  await sql("delete from inbound_emails where id like 'flow-%'");
  await server?.stop();
});

/** `n` stored, unparsed messages for an account, as a flood leaves them. */
const flood = (accountId: string, n: number, tag: string) =>
  sql(
    `insert into inbound_emails (id, account_id, mail_from, received_for, client_ip, size)
     select 'flow-' || ? || '-' || g, ?, 'a@example.org', '[]'::jsonb, '127.0.0.1', 1 from generate_series(1, ?::int) g`,
    tag,
    accountId,
    n,
  );

describe("flow control at the MX", () => {
  it("holds an account's recipients while its backlog is at the threshold, within the message's budget, and no other account's", async () => {
    const { awaitInboundFlow } = await import("../server/inbound/flow");
    await awaitInboundFlow("flow-a", MX_FLOW_WAIT_MS, NEVER); // the database opens on first use
    await sleep(FRESH);
    expect(await awaitInboundFlow("flow-a", MX_FLOW_WAIT_MS, NEVER)).toBeLessThan(100);

    await flood("flow-a", MX_FLOW_BACKLOG, "a");
    await sleep(FRESH);
    const waited = await awaitInboundFlow("flow-a", MX_FLOW_WAIT_MS, NEVER);
    expect(waited).toBeGreaterThanOrEqual(MX_FLOW_WAIT_MS - 30);
    expect(waited).toBeLessThan(MX_FLOW_WAIT_MS + 500);
    // What is left of the message's budget, no more.
    const rest = await awaitInboundFlow("flow-a", 300, NEVER);
    expect(rest).toBeGreaterThanOrEqual(270);
    expect(rest).toBeLessThan(800);
    // Another account's mail goes on; shutting down, no wait at all.
    expect(await awaitInboundFlow("flow-b", MX_FLOW_WAIT_MS, NEVER)).toBeLessThan(100);
    expect(await awaitInboundFlow("flow-a", MX_FLOW_WAIT_MS, () => true)).toBeLessThan(50);

    // Rows parsed (below the threshold): the waiting recipient goes on.
    const pending = awaitInboundFlow("flow-a", MX_FLOW_WAIT_MS, NEVER);
    await sleep(300);
    await sql(
      "update inbound_emails set status = 'parsed' where id in ?",
      Array.from({ length: 50 }, (_, i) => `flow-a-${i + 1}`),
    );
    const released = await pending;
    expect(released).toBeGreaterThanOrEqual(250);
    expect(released).toBeLessThan(MX_FLOW_WAIT_MS - 500);

    // Everyone's backlog at its threshold: every account waits.
    await flood("flow-c", MX_FLOW_TOTAL_BACKLOG, "c");
    await sleep(FRESH);
    expect(await awaitInboundFlow("flow-b", 500, NEVER)).toBeGreaterThanOrEqual(470);
    await sql("delete from inbound_emails where id like 'flow-%'");
  });

  it("waits at RCPT TO over SMTP: a flooded account's sender is slowed, another account's is not", async () => {
    const flooded = await server.account();
    const other = await server.account();
    const { name: floodedDomain } = await receivingDomain(flooded.accountId);
    const { name: otherDomain } = await receivingDomain(other.accountId);
    await flood(flooded.accountId, MX_FLOW_BACKLOG, "smtp");
    await sleep(FRESH);
    const client = await mxClient(server.mx!.port!);
    const timed = async (command: string) => {
      const started = Date.now();
      const reply = await client.command(command);
      return { reply, ms: Date.now() - started };
    };
    expect((await timed("MAIL FROM:<a@sender.example>")).ms).toBeLessThan(500);
    const calm = await timed(`RCPT TO:<support@${otherDomain}>`);
    expect(calm.reply).toMatch(/^250/);
    expect(calm.ms).toBeLessThan(500);
    const held = await timed(`RCPT TO:<support@${floodedDomain}>`);
    expect(held.reply).toMatch(/^250/);
    expect(held.ms).toBeGreaterThanOrEqual(MX_FLOW_WAIT_MS - 100);
    // The message's budget is spent: its next recipient there is not held again.
    const again = await timed(`RCPT TO:<sales@${floodedDomain}>`);
    expect(again.ms).toBeLessThan(500);
    await client.command("QUIT");
    await sql("delete from inbound_emails where id like 'flow-smtp-%'");
  });
});
