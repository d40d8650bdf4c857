import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardCaller } from "./support/dashboard-caller";
import { db } from "./support/db";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { addDomain } from "./support/senders";

/**
 * Domain claims on the sink/smtp providers (issue 28, items 1 and 2; docs/decisions/0002-sending-domains.md
 * "Domain claims"): every claim has its own ownership token and DKIM key; a pending claim
 * blocks no one; the first claim to prove control of the name's DNS verifies and the other
 * claims fail with words that say nothing about anyone else; a verified name passes to a
 * claim that proves itself once the holder's own token is gone (or the holder has none).
 */

let server: TestServer;
let dns: TestDnsServer;
let n = 0;
const unique = (label: string) => `${label}${process.pid}x${Date.now().toString(36)}${++n}.example.com`;

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ DNS_SERVERS: dns.address, DOMAIN_VERIFY_CACHE: "1" });
});
afterAll(async () => {
  await server?.stop();
  await dns?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tokens = new Map<string, string[]>();

/** Publishes a claim's records; ownership values at one name add up, other records replace. */
function publish(domain: any) {
  for (const r of domain.dnsRecords) {
    const own = r.name.startsWith("_posthaste-verification.");
    const values = own ? [...(tokens.get(r.name) ?? []), r.value] : [r.value];
    if (own) tokens.set(r.name, values);
    dns.set(r.name, r.type, values);
  }
}
function unpublishToken(domain: any) {
  const record = domain.dnsRecords[0];
  const values = (tokens.get(record.name) ?? []).filter((v) => v !== record.value);
  tokens.set(record.name, values);
  dns.set(record.name, "TXT", values);
}

async function verify(apiKey: string, id: string) {
  await sleep(1100); // past the verify cache
  const res = await server.api("POST", `/v1/domains/${id}/verify`, { key: apiKey });
  expect(res.status).toBe(200);
  return res.body;
}
const get = async (apiKey: string, id: string) => (await server.api("GET", `/v1/domains/${id}`, { key: apiKey })).body;
const add = (apiKey: string, name: string) => server.api("POST", "/v1/domains", { key: apiKey, body: { name } });
const send = (apiKey: string, name: string) =>
  server.api("POST", "/v1/emails", { key: apiKey, body: { from: `ceo@${name}`, to: "someone@example.org", subject: "Hi", text: "x" } });
const revealsNothing = (text: string) => expect(text).not.toMatch(/another account|in use|held by|already (?:verified|claimed)/i);
const signingKey = async (id: string) => {
  const { rows } = await db();
  const [row] = await rows<{ k: string | null }>(sql`select dkim_private_key_enc as k from domains where id = ${id}`);
  return row.k;
};

describe("ownership proven before exclusivity (sink/smtp)", () => {
  it("a pending claim blocks no one; the claim that proves itself verifies, the other fails saying nothing about it", async () => {
    const name = unique("squat");
    const squatter = await server.account({ approved: true });
    const owner = await server.account({ approved: true });
    const squat = await add(squatter.apiKey, name);
    expect(squat.status).toBe(201);
    const claim = await add(owner.apiKey, name);
    expect(claim.status).toBe(201);
    revealsNothing(claim.text);
    // Each claim its own token and DKIM key, the token's record listed first.
    expect(claim.body.dnsRecords[0]).toEqual({
      type: "TXT",
      name: `_posthaste-verification.${name}`,
      value: expect.stringMatching(/^posthaste-verification=[0-9a-f]{32}$/),
      found: null,
      observed: null,
      record: "Verification",
    });
    expect(claim.body.dnsRecords[0].value).not.toBe(squat.body.dnsRecords[0].value);
    expect(claim.body.dnsRecords[1].value).not.toBe(squat.body.dnsRecords[1].value);
    // The dashboard lists the same record for the owner to publish.
    const listed = await (await dashboardCaller(owner.accountId)).domains.list({});
    expect(listed.data.find((d) => d.id === claim.body.id)?.dnsRecords[0]).toEqual(claim.body.dnsRecords[0]);

    publish(claim.body);
    expect((await verify(squatter.apiKey, squat.body.id)).status).toBe("pending");
    expect((await verify(owner.apiKey, claim.body.id)).status).toBe("verified");
    const lost = await get(squatter.apiKey, squat.body.id);
    expect(lost.status).toBe("failed");
    revealsNothing(lost.failureReason);
    const { unprovenReason } = await import("../server/domains/claims");
    expect(lost.failureReason).toBe(unprovenReason(name));
    expect(await signingKey(squat.body.id)).toBeNull();
    expect((await send(squatter.apiKey, name)).status).toBe(403);
    expect((await send(owner.apiKey, name)).status).toBe(200);

    // Adding it again while it is held: 201 pending, the same answer as for any name.
    const again = await add(squatter.apiKey, name);
    expect(again.status).toBe(201);
    expect(again.body.status).toBe("pending");
    revealsNothing(again.text);
  });

  it("two claims both proven (both tokens published): the first to verify holds it, the other fails", async () => {
    const name = unique("twice");
    const a = await server.account({ approved: true });
    const b = await server.account({ approved: true });
    const first = (await add(a.apiKey, name)).body;
    const second = (await add(b.apiKey, name)).body;
    publish(first);
    publish(second); // its DKIM key replaces the first's at the selector; both tokens stay
    expect((await verify(b.apiKey, second.id)).status).toBe("verified");
    const loser = await verify(a.apiKey, first.id);
    expect(loser.status).toBe("failed");
    expect(loser.failureReason).toBe((await import("../server/domains/claims")).unprovenReason(name));
  });

  it("a pending claim that times out fails with the same words", async () => {
    const name = unique("late");
    const a = await server.account({ approved: true });
    const d = (await add(a.apiKey, name)).body;
    const { rows } = await db();
    await rows(sql`update domains set created_at = now() - interval '73 hours', next_check_at = now() where id = ${d.id}`);
    const { checkDomain } = await import("../server/domains/check");
    const { domains } = await import("../server/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await (await db()).db.select().from(domains).where(eq(domains.id, d.id));
    const failed = await checkDomain(row, "poll");
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toBe((await import("../server/domains/claims")).unprovenReason(name));
    expect(failed.dkimPrivateKeyEnc).toBeNull();
  });
});

describe("a verified name passes to its real DNS owner", () => {
  it("while the holder's token is published the claim waits; once it is gone the claim takes over and the holder stops sending", async () => {
    const name = unique("sold");
    const old = await server.account({ approved: true });
    const held = (await add(old.apiKey, name)).body;
    publish(held);
    expect((await verify(old.apiKey, held.id)).status).toBe("verified");

    const buyer = await server.account({ approved: true });
    const claim = (await add(buyer.apiKey, name)).body;
    publish(claim);
    expect((await verify(buyer.apiKey, claim.id)).status).toBe("pending");
    expect((await get(old.apiKey, held.id)).status).toBe("verified");

    unpublishToken(held);
    expect((await verify(buyer.apiKey, claim.id)).status).toBe("verified");
    const displaced = await get(old.apiKey, held.id);
    expect(displaced.status).toBe("failed");
    revealsNothing(displaced.failureReason);
    expect(await signingKey(held.id)).toBeNull();
    expect((await send(old.apiKey, name)).status).toBe(403);
    expect((await send(buyer.apiKey, name)).status).toBe(200);
  });

  it("a legacy holder (verified before claims had tokens) passes to a proven claimant, never to an unproven one", async () => {
    const name = unique("legacy");
    const old = await server.account({ approved: true });
    const legacy = await addDomain(old.accountId, name); // verified, no token
    const hostile = await server.account({ approved: true });
    const squat = (await add(hostile.apiKey, name)).body;
    expect((await verify(hostile.apiKey, squat.id)).status).toBe("pending");
    expect((await send(old.apiKey, name)).status).toBe(200);

    const owner = await server.account({ approved: true });
    const claim = (await add(owner.apiKey, name)).body;
    publish(claim);
    expect((await verify(owner.apiKey, claim.id)).status).toBe("verified");
    expect((await get(old.apiKey, legacy.id)).status).toBe("failed");
    expect((await get(hostile.apiKey, squat.id)).status).toBe("failed");
    expect((await send(old.apiKey, name)).status).toBe(403);
    expect((await send(hostile.apiKey, name)).status).toBe(403);
  });

  it("a verified domain whose own token disappears is only flagged (dnsRegressedAt) while no one proves a claim", async () => {
    const name = unique("glitch");
    const a = await server.account({ approved: true });
    const d = (await add(a.apiKey, name)).body;
    publish(d);
    expect((await verify(a.apiKey, d.id)).status).toBe("verified");
    unpublishToken(d);
    const after = await verify(a.apiKey, d.id);
    expect(after.status).toBe("verified");
    expect(after.dnsRegressedAt).toBeGreaterThan(0);
    expect((await send(a.apiKey, name)).status).toBe(200);
  });
});
