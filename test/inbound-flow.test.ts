import { afterAll, describe, expect, it } from "vitest";
import { sql } from "./support/db";

// Flow control at the MX (server/inbound/flow.ts): a new message's MAIL FROM waits while the
// parse backlog is at MX_FLOW_BACKLOG. Mistakes this catches: no wait at the threshold (the
// time to email.received grows without bound under load), a wait below it (every sender
// slowed), a wait past MX_FLOW_WAIT_MS or through a shutdown, a wait that misses the backlog
// falling.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than flow.ts's reading interval: the next look counts again. */
const FRESH = 150;

afterAll(async () => {
  await sql("delete from inbound_emails where id like 'flow-%'");
});

describe("flow control at the MX", () => {
  it("holds MAIL FROM while the backlog is at its threshold, at most MX_FLOW_WAIT_MS, and lets go when it falls", async () => {
    const { awaitInboundFlow } = await import("../server/inbound/flow");
    const { MX_FLOW_BACKLOG, MX_FLOW_WAIT_MS } = await import("../server/limits/constants");
    await awaitInboundFlow(() => false); // the database opens on first use
    await sleep(FRESH);
    expect(await awaitInboundFlow(() => false)).toBeLessThan(100);

    await sql(
      `insert into inbound_emails (id, account_id, mail_from, received_for, client_ip, size)
       select 'flow-' || g, 'flow-account', 'a@example.org', '[]'::jsonb, '127.0.0.1', 1 from generate_series(1, ?::int) g`,
      MX_FLOW_BACKLOG,
    );
    await sleep(FRESH);
    const waited = await awaitInboundFlow(() => false);
    expect(waited).toBeGreaterThanOrEqual(MX_FLOW_WAIT_MS - 30);
    expect(waited).toBeLessThan(MX_FLOW_WAIT_MS + 500);
    // Shutting down: no wait at all.
    expect(await awaitInboundFlow(() => true)).toBeLessThan(50);

    // Rows parsed (below the threshold): the waiting MAIL FROM goes on. Fifty, not one: other
    // files on this database hold a few messages unparsed for a moment, and count too.
    const pending = awaitInboundFlow(() => false);
    await sleep(300);
    await sql(
      "update inbound_emails set status = 'parsed' where id in ?",
      Array.from({ length: 50 }, (_, i) => `flow-${i + 1}`),
    );
    const released = await pending;
    expect(released).toBeGreaterThanOrEqual(250);
    expect(released).toBeLessThan(MX_FLOW_WAIT_MS - 500);
  });
});
