import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardCaller } from "./support/dashboard-caller";
import { db } from "./support/db";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { SesStandIn } from "./support/ses-stand-in";
import { waitFor } from "./support/wait";

/**
 * Domain claims on MAIL_PROVIDER=ses (issue 28, items 1 and 2; docs/decisions/0002-sending-domains.md "Domain
 * claims"): a name leaves with the tenant that held it, a new claim never inherits the SES
 * identity or verification a former one left, and among several claims of one name only the
 * one that proves control of its DNS verifies. The SES stand-in decides "verified" as SES
 * does: the identity's own Easy DKIM CNAMEs published on the test DNS server.
 */

let server: TestServer;
let dns: TestDnsServer;
const ses = new SesStandIn();
let n = 0;
const unique = (label: string) => `${label}${process.pid}x${Date.now().toString(36)}${++n}.example`;

beforeAll(async () => {
  dns = await startDnsServer();
  const port = await ses.listen();
  ses.verifyFromDns = true;
  ses.dnsAddress = dns.address;
  server = await startTestServer({
    DNS_SERVERS: dns.address,
    MAIL_PROVIDER: "ses",
    SES_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_REGION: "eu-west-1",
    AWS_ACCESS_KEY_ID: "test",
    AWS_SECRET_ACCESS_KEY: "test",
    DOMAIN_VERIFY_CACHE: "1",
    DOMAIN_SWEEP_INTERVAL: "1",
    SNS_TOPIC_ARNS: "arn:aws:sns:eu-west-1:123456789012:posthaste-events",
  });
});
afterAll(async () => {
  await server?.stop();
  await dns?.stop();
  await ses?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Publishes every record of a Domain response (several claims' TXT values at one name add up). */
function publish(domain: any) {
  for (const r of domain.dnsRecords) {
    const values = r.name.startsWith("_posthaste-verification.") ? [...(published.get(r.name) ?? []), r.value] : [r.value];
    published.set(r.name, values);
    dns.set(r.name, r.type, values);
  }
}
const published = new Map<string, string[]>();
function unpublishToken(domain: any) {
  const record = domain.dnsRecords[0];
  const values = (published.get(record.name) ?? []).filter((v) => v !== record.value);
  published.set(record.name, values);
  dns.set(record.name, "TXT", values);
}

async function verify(apiKey: string, id: string) {
  await sleep(1100); // past the verify cache
  const res = await server.api("POST", `/v1/domains/${id}/verify`, { key: apiKey });
  expect(res.status).toBe(200);
  return res.body;
}

async function deleteAccount(account: { accountId: string; email: string }) {
  const caller = await dashboardCaller(account.accountId);
  expect(await caller.account.remove({ confirmation: account.email })).toEqual({ id: account.accountId, deleted: true });
}

const releases = async (name: string) => {
  const { rows } = await db();
  return rows<{ attempts: number; last_error: string | null }>(sql`select attempts, last_error from domain_releases where name = ${name}`);
};

const send = (apiKey: string, name: string) =>
  server.api("POST", "/v1/emails", {
    key: apiKey,
    body: { from: `CEO <ceo@${name}>`, to: "someone@example.org", subject: "Wire the money", text: "now" },
  });

/** Neither a claim's reason nor any answer about it may say that someone else holds the name. */
const revealsNothing = (text: string) => expect(text).not.toMatch(/another account|in use|held by|already (?:verified|claimed)/i);

describe("a name leaves with the tenant that held it (SES)", () => {
  it("the reproduction: A verifies and deletes its account; B's claim of the name gets a fresh identity, stays pending, and cannot send", async () => {
    const name = unique("victim-corp");
    const a = await server.account({ approved: true });
    const created = (await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name } })).body;
    publish(created);
    expect((await verify(a.apiKey, created.id)).status).toBe("verified");
    const aTokens = ses.identities.get(name)!.tokens;

    await deleteAccount(a);
    // Released at once (the stand-in confirmed the delete), nothing left queued.
    expect(ses.identities.has(name)).toBe(false);
    expect(await releases(name)).toEqual([]);

    // A's records stay published, as they would at a DNS host nobody cleaned up.
    const b = await server.account({ approved: true });
    const claim = await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } });
    expect(claim.status).toBe(201);
    const bTokens = ses.identities.get(name)!.tokens;
    expect(bTokens.some((t) => aTokens.includes(t))).toBe(false);
    expect(claim.body.dnsRecords[0].value).not.toBe(created.dnsRecords[0].value);

    const checked = await verify(b.apiKey, claim.body.id);
    expect(checked.status).toBe("pending");
    expect(checked.dnsRecords[0].found).toBe(false);
    const sent = await send(b.apiKey, name);
    expect(sent.status).toBe(403);
    expect(sent.body.error.type).toBe("domain_error");
  });

  it("the same even when the identity upstream was left by an older release path: it is deleted and recreated, never adopted", async () => {
    const name = unique("leftover");
    // An identity nobody holds (a deleted account before releases existed), verified by records still published.
    const stale = { tokens: ["staleaaa1", "staleaaa2", "staleaaa3"], verified: true, mailFrom: null };
    ses.identities.set(name, stale);
    for (const t of stale.tokens) dns.set(`${t}._domainkey.${name}`, "CNAME", [`${t}.dkim.amazonses.com`]);
    const b = await server.account({ approved: true });
    const claim = await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } });
    expect(claim.status).toBe(201);
    expect(ses.identities.get(name)!.tokens).not.toEqual(stale.tokens);
    expect((await verify(b.apiKey, claim.body.id)).status).toBe("pending");
    expect((await send(b.apiKey, name)).status).toBe(403);
  });

  it("a delete SES refuses is retried by the release task until it succeeds; a new claim meanwhile completes the release first", async () => {
    const name = unique("sticky");
    const a = await server.account({ approved: true });
    const created = (await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name } })).body;
    publish(created);
    expect((await verify(a.apiKey, created.id)).status).toBe("verified");
    const aTokens = ses.identities.get(name)!.tokens;

    ses.refuseDelete.add(name);
    await deleteAccount(a);
    expect(ses.identities.has(name)).toBe(true);
    // Queued, and retried (the failed attempts are counted).
    await waitFor(async () => ((await releases(name))[0]?.attempts ?? 0) >= 1, 10_000, "a failed release attempt");
    const [queued] = await releases(name);
    expect(queued.last_error).toMatch(/BadRequest/);

    // A new claim cannot get an identity while the old one is still there: 502, nothing kept.
    const b = await server.account({ approved: true });
    const refused = await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } });
    expect(refused.status).toBe(502);
    expect(refused.body.error.type).toBe("domain_error");
    revealsNothing(refused.body.error.message);
    expect((await server.api("GET", "/v1/domains", { key: b.apiKey })).body.data).toEqual([]);

    // The refused claim handed the release back due at once: the task tries again, refused again.
    await waitFor(
      async () => {
        const [row] = await (
          await db()
        ).rows<{ attempts: number; leased: boolean }>(
          sql`select attempts, lease_until is not null as leased from domain_releases where name = ${name}`,
        );
        return row && row.attempts >= 3 && !row.leased;
      },
      10_000,
      "the task's retry after the refused claim",
    );
    // SES recovers: the task's next attempt deletes it (retries back off; make the next one due now).
    ses.refuseDelete.delete(name);
    const { rows } = await db();
    await rows(sql`update domain_releases set next_attempt_at = now() where name = ${name}`);
    await waitFor(async () => !ses.identities.has(name) && (await releases(name)).length === 0, 10_000, "the release to complete");

    const claim = await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } });
    expect(claim.status).toBe(201);
    expect(ses.identities.get(name)!.tokens.some((t) => aTokens.includes(t))).toBe(false);
    expect((await verify(b.apiKey, claim.body.id)).status).toBe("pending");
  });

  it("a new claim of a name whose release is still queued completes it itself, then gets a fresh identity", async () => {
    const name = unique("queued");
    const a = await server.account({ approved: true });
    const created = (await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name } })).body;
    const aTokens = ses.identities.get(name)!.tokens;
    ses.refuseDelete.add(name);
    expect((await server.api("DELETE", `/v1/domains/${created.id}`, { key: a.apiKey })).status).toBe(200);
    await waitFor(async () => ((await releases(name))[0]?.attempts ?? 0) >= 1, 10_000, "a failed release attempt");
    ses.refuseDelete.delete(name);
    // Not due for a while (backoff): the claim does the release.
    const b = await server.account({ approved: true });
    const claim = await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } });
    expect(claim.status).toBe(201);
    expect(await releases(name)).toEqual([]);
    expect(ses.identities.get(name)!.tokens.some((t) => aTokens.includes(t))).toBe(false);
  });

  it("an add while a release of the name is in flight waits for it: 502, nothing kept, nothing said about the name", async () => {
    const name = unique("inflight");
    ses.identities.set(name, { tokens: ["oldtok1", "oldtok2", "oldtok3"], verified: true, mailFrom: null });
    const { rows } = await db();
    await rows(sql`insert into domain_releases (name, provider, scope, next_attempt_at, lease_until)
                   values (${name}, 'ses', 'elsewhere', now(), now() + interval '1 minute')`);
    const b = await server.account({ approved: true });
    const refused = await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } });
    expect(refused.status).toBe(502);
    expect(refused.body.error.message).toBe(
      `Amazon SES could not set up the identity for ${name} (the provider is not ready for this name yet). Nothing was kept; try again in a minute.`,
    );
    expect((await server.api("GET", "/v1/domains", { key: b.apiKey })).body.data).toEqual([]);
    expect(ses.identities.get(name)!.tokens).toEqual(["oldtok1", "oldtok2", "oldtok3"]);
    // The lease lapses (a crashed releaser): the next add completes the release and starts fresh.
    await rows(sql`update domain_releases set lease_until = now() - interval '1 second' where name = ${name}`);
    const claim = await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } });
    expect(claim.status).toBe(201);
    expect(ses.identities.get(name)!.tokens).not.toContain("oldtok1");
    expect(await releases(name)).toEqual([]);
  });

  it("a removed or failed claim releases nothing another live claim of the name relies on", async () => {
    const name = unique("shared");
    const real = await server.account({ approved: true });
    const hostile = await server.account({ approved: true });
    const mine = (await server.api("POST", "/v1/domains", { key: real.apiKey, body: { name } })).body;
    publish(mine);
    expect((await verify(real.apiKey, mine.id)).status).toBe("verified");
    const theirs = (await server.api("POST", "/v1/domains", { key: hostile.apiKey, body: { name } })).body;
    expect(theirs.status).toBe("pending");
    expect((await server.api("DELETE", `/v1/domains/${theirs.id}`, { key: hostile.apiKey })).status).toBe(200);
    expect(ses.identities.has(name)).toBe(true);
    expect(await releases(name)).toEqual([]);
    expect((await verify(real.apiKey, mine.id)).dnsRegressedAt).toBeNull();
  });
});

describe("ownership proven before exclusivity (SES)", () => {
  it("several pending claims share the one identity; only the claim whose own token is published verifies, the others fail saying nothing about it", async () => {
    const name = unique("contested");
    const hostile = await server.account({ approved: true });
    const real = await server.account({ approved: true });
    const first = (await server.api("POST", "/v1/domains", { key: hostile.apiKey, body: { name } })).body;
    const second = await server.api("POST", "/v1/domains", { key: real.apiKey, body: { name } });
    expect(second.status).toBe(201);
    revealsNothing(second.text);
    // One identity per name upstream: the same Easy DKIM records, each claim its own token.
    expect(second.body.dnsRecords.slice(1)).toEqual(first.dnsRecords.slice(1));
    expect(second.body.dnsRecords[0].value).not.toBe(first.dnsRecords[0].value);

    // The real owner publishes its records: SES verifies the shared identity.
    publish(second.body);
    const hostileCheck = await verify(hostile.apiKey, first.id);
    expect(hostileCheck.status).toBe("pending");
    expect((await send(hostile.apiKey, name)).status).toBe(403);

    const won = await verify(real.apiKey, second.body.id);
    expect(won.status).toBe("verified");
    const lost = (await server.api("GET", `/v1/domains/${first.id}`, { key: hostile.apiKey })).body;
    expect(lost.status).toBe("failed");
    revealsNothing(lost.failureReason);
    // The same words a claim that simply timed out gets.
    const { unprovenReason } = await import("../server/domains/claims");
    expect(lost.failureReason).toBe(unprovenReason(name));
    expect((await send(hostile.apiKey, name)).status).toBe(403);
    expect((await send(real.apiKey, name)).status).toBe(200);

    // The loser's removal leaves the winner's identity alone.
    expect((await server.api("DELETE", `/v1/domains/${first.id}`, { key: hostile.apiKey })).status).toBe(200);
    expect(ses.identities.has(name)).toBe(true);
  });

  it("the real owner takes a name over: its token published and the holder's gone; the holder's row fails and cannot send", async () => {
    const name = unique("sold");
    const old = await server.account({ approved: true });
    const held = (await server.api("POST", "/v1/domains", { key: old.apiKey, body: { name } })).body;
    publish(held);
    expect((await verify(old.apiKey, held.id)).status).toBe("verified");

    const owner = await server.account({ approved: true });
    const claim = (await server.api("POST", "/v1/domains", { key: owner.apiKey, body: { name } })).body;
    publish(claim);
    // Both tokens published: the holder's proof still stands, the claim waits.
    expect((await verify(owner.apiKey, claim.id)).status).toBe("pending");
    expect((await send(old.apiKey, name)).status).toBe(200);

    unpublishToken(held);
    expect((await verify(owner.apiKey, claim.id)).status).toBe("verified");
    const displaced = (await server.api("GET", `/v1/domains/${held.id}`, { key: old.apiKey })).body;
    expect(displaced.status).toBe("failed");
    revealsNothing(displaced.failureReason);
    expect((await send(old.apiKey, name)).status).toBe(403);
    expect((await send(owner.apiKey, name)).status).toBe(200);
    expect(ses.identities.has(name)).toBe(true);
  });
});
