import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type DnsType, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { rows } from "./support/db";
import { until } from "./support/wait";

// Receiving on a domain (docs/inbound.md): capabilities over /v1, the Receiving MX record checked
// by the verify call and the background checks against a real DNS server, and who receives.
const MX_HOST = "mx.posthaste.test";
let server: TestServer;
let dns: TestDnsServer;
let n = 0;
const unique = (label = "rx") => `${label}${process.pid}x${Date.now().toString(36)}${++n}.example.net`;

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({
    DNS_SERVERS: dns.address,
    SMTP_MX_HOST: MX_HOST,
    DOMAIN_VERIFY_CACHE: "1",
    DOMAIN_POLL_SCHEDULE: "0.3",
    DOMAIN_SWEEP_INTERVAL: "0.2",
  });
});
afterAll(async () => {
  await server?.stop();
  await dns?.stop();
});

const receivingFor = async (name: string) => (await import("../server/domains/receiving")).receivingDomainFor(name);

/** Publishes the sending records (everything but the Receiving one) as the owner would. */
function publishSending(domain: any) {
  const byKey = new Map<string, { name: string; type: DnsType; values: string[] }>();
  for (const r of domain.dnsRecords.filter((r: any) => r.record !== "Receiving")) {
    const entry = byKey.get(`${r.name}|${r.type}`) ?? { name: r.name, type: r.type as DnsType, values: [] as string[] };
    entry.values.push(r.value);
    byKey.set(`${r.name}|${r.type}`, entry);
  }
  for (const e of byKey.values()) dns.set(e.name, e.type, e.values);
}

const publishMx = (name: string, ...values: string[]) => dns.set(name, "MX", values.length ? values : [`10 ${MX_HOST}`]);
const receivingRecord = (d: any) => d.dnsRecords.find((r: any) => r.record === "Receiving");
const get = (key: string, id: string) => server.api("GET", `/v1/domains/${id}`, { key });
const patch = (key: string, id: string, body: unknown) => server.api("PATCH", `/v1/domains/${id}`, { key, body });

/** A domain of `apiKey`'s account, its sending records published and found (verified). */
async function verifiedDomain(apiKey: string, name = unique(), body: Record<string, unknown> = {}) {
  const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name, ...body } })).body;
  publishSending(d);
  return (
    await until(
      () => get(apiKey, d.id),
      (r) => r.body.status === "verified",
      15_000,
      `${name} verified`,
    )
  ).body;
}

describe("capabilities over /v1", () => {
  it("receiving at create adds the Receiving MX record; the domain verifies on its sending records alone", async () => {
    const { apiKey } = await server.account();
    const name = unique();
    const res = await server.api("POST", "/v1/domains", { key: apiKey, body: { name, capabilities: { receiving: "enabled" } } });
    expect(res.status).toBe(201);
    expect(res.body.capabilities).toEqual({ sending: "enabled", receiving: "enabled" });
    expect(res.body.receivingVerifiedAt).toBeNull();
    expect(res.body.dnsRecords.map((r: any) => r.record)).toEqual(["Verification", "DKIM", "SPF", "SPF", "Receiving"]);
    expect(receivingRecord(res.body)).toEqual({
      record: "Receiving",
      type: "MX",
      name,
      value: MX_HOST,
      priority: 10,
      found: null,
      observed: null,
    });

    // Sending verifies without the MX: receiving is its own state.
    publishSending(res.body);
    const verified = await until(
      () => get(apiKey, res.body.id),
      (r) => r.body.status === "verified" && receivingRecord(r.body).found === false,
    );
    expect(verified.body).toMatchObject({ status: "verified", dnsRegressedAt: null, receivingVerifiedAt: null });
    expect(await receivingFor(name)).toBeNull();

    // The MX published: the background checks (on the poll schedule while receiving waits) find it.
    publishMx(name);
    const live = await until(
      () => get(apiKey, res.body.id),
      (r) => r.body.receivingVerifiedAt !== null,
    );
    expect(receivingRecord(live.body)).toMatchObject({ found: true, observed: `10 ${MX_HOST}` });
    expect(live.body.receivingVerifiedAt).toBeGreaterThanOrEqual(verified.body.verifiedAt);
    expect(await receivingFor(name)).toMatchObject({ domainId: res.body.id, name });
    // Waiting over, the domain goes back to its daily health check.
    const [row] = await rows(
      sql`select next_check_at > now() + interval '23 hours' as later, check_attempts from domains where id = ${res.body.id}`,
    );
    expect(row).toMatchObject({ later: true, check_attempts: 0 });
  });

  it("PATCH switches receiving on (record added, unchecked) and off (record removed, receiving stops at once)", async () => {
    const { apiKey } = await server.account();
    const d = await verifiedDomain(apiKey);
    publishMx(d.name);
    const on = await patch(apiKey, d.id, { capabilities: { receiving: "enabled" } });
    expect(on.status).toBe(200);
    expect(on.body.capabilities).toEqual({ sending: "enabled", receiving: "enabled" });
    expect(on.body.dnsRecords.slice(0, -1)).toEqual(d.dnsRecords);
    expect(receivingRecord(on.body)).toMatchObject({ name: d.name, value: MX_HOST, found: null });

    // The verify call reads it too (after the 1 s cache window).
    await new Promise((r) => setTimeout(r, 1100));
    const checked = await until(
      () => server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey }),
      (r) => r.body.receivingVerifiedAt !== null,
    );
    expect(checked.body).toMatchObject({ status: "verified", verifiedAt: d.verifiedAt, dnsRegressedAt: null });
    expect(checked.body.dnsRecords.slice(0, -1).map((r: any) => r.found)).toEqual(d.dnsRecords.map(() => true));
    expect(await receivingFor(d.name)).toMatchObject({ domainId: d.id });

    // Asking again for the state it is in changes nothing.
    const again = await patch(apiKey, d.id, { capabilities: { receiving: "enabled" } });
    expect(again.body.receivingVerifiedAt).toBe(checked.body.receivingVerifiedAt);

    const off = await patch(apiKey, d.id, { capabilities: { receiving: "disabled" } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ capabilities: { sending: "enabled", receiving: "disabled" }, receivingVerifiedAt: null });
    expect(off.body.dnsRecords).toEqual(d.dnsRecords);
    expect(await receivingFor(d.name)).toBeNull();
    const [stored] = await rows(sql`select receiving, receiving_verified_at, receiving_record from domains where id = ${d.id}`);
    expect(stored).toMatchObject({ receiving: "disabled", receiving_verified_at: null, receiving_record: null });

    // Tracking and receiving in one PATCH.
    const both = await patch(apiKey, d.id, { open_tracking: false, click_tracking: false, capabilities: { receiving: "enabled" } });
    expect(both.body).toMatchObject({ trackEngagement: false, capabilities: { receiving: "enabled" }, receivingVerifiedAt: null });
  });

  it("refuses what it cannot honour: sending disabled, unknown states, an empty PATCH", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/domains", {
      key: apiKey,
      body: { name: unique(), capabilities: { sending: "disabled" } },
    });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({
      type: "validation_error",
      message: expect.stringMatching(/^capabilities\.sending: not supported/),
    });
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique(), capabilities: { sending: "enabled" } } }))
      .body;
    expect(d.capabilities).toEqual({ sending: "enabled", receiving: "disabled" });
    for (const body of [
      { capabilities: { sending: "disabled" } },
      { capabilities: { receiving: "on" } },
      { capabilities: { receiving: true } },
      { capabilities: "enabled" },
      {},
    ]) {
      const res = await patch(apiKey, d.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
    }
    expect((await get(apiKey, d.id)).body.capabilities.receiving).toBe("disabled");
    const other = await server.account();
    expect((await patch(other.apiKey, d.id, { capabilities: { receiving: "enabled" } })).status).toBe(404);
  });
});

describe("checking the Receiving record", () => {
  it("is found only while our host is among the most preferred exchanges", async () => {
    const { apiKey } = await server.account();
    const d = await verifiedDomain(apiKey, unique(), { capabilities: { receiving: "enabled" } });
    publishMx(d.name, "5 aspmx.l.google.com", `10 ${MX_HOST}`);
    const behind = await until(
      () => get(apiKey, d.id),
      (r) => receivingRecord(r.body).observed?.includes("aspmx"),
    );
    expect(receivingRecord(behind.body)).toMatchObject({ found: false, observed: `5 aspmx.l.google.com, 10 ${MX_HOST}` });
    expect(behind.body.receivingVerifiedAt).toBeNull();
    publishMx(d.name, `10 ${MX_HOST}.`, "10 backup.example.net");
    const level = await until(
      () => get(apiKey, d.id),
      (r) => r.body.receivingVerifiedAt !== null,
    );
    expect(receivingRecord(level.body).found).toBe(true);
  });

  it("a regression found by the health check stops receiving (sending untouched), and the record coming back restores it", async () => {
    const { apiKey } = await server.account();
    const d = await verifiedDomain(apiKey, unique(), { capabilities: { receiving: "enabled" } });
    publishMx(d.name);
    const live = await until(
      () => get(apiKey, d.id),
      (r) => r.body.receivingVerifiedAt !== null,
    );

    dns.remove(d.name, "MX");
    await rows(sql`update domains set next_check_at = now() where id = ${d.id}`);
    const gone = await until(
      () => get(apiKey, d.id),
      (r) => r.body.receivingVerifiedAt === null,
    );
    expect(gone.body).toMatchObject({ status: "verified", dnsRegressedAt: null, verifiedAt: live.body.verifiedAt });
    expect(receivingRecord(gone.body)).toMatchObject({ found: false, observed: null });
    expect(await receivingFor(d.name)).toBeNull();

    // Waiting again: the poll schedule, not the daily check, picks the record up.
    publishMx(d.name);
    const back = await until(
      () => get(apiKey, d.id),
      (r) => r.body.receivingVerifiedAt !== null,
    );
    expect(back.body.receivingVerifiedAt).toBeGreaterThan(live.body.receivingVerifiedAt);
    expect(await receivingFor(d.name)).toMatchObject({ domainId: d.id });
  });

  it("a resolver that is down changes nothing", async () => {
    const { apiKey } = await server.account();
    const d = await verifiedDomain(apiKey, unique(), { capabilities: { receiving: "enabled" } });
    publishMx(d.name);
    const live = await until(
      () => get(apiKey, d.id),
      (r) => r.body.receivingVerifiedAt !== null,
    );
    dns.setFailing(true);
    try {
      await new Promise((r) => setTimeout(r, 1100));
      const res = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ receivingVerifiedAt: live.body.receivingVerifiedAt, dnsCheckedAt: live.body.dnsCheckedAt });
    } finally {
      dns.setFailing(false);
    }
    expect(await receivingFor(d.name)).toMatchObject({ domainId: d.id });
  });
});

describe("who receives for a name", () => {
  it("never a pending or failed claim, even with receiving on and the MX published", async () => {
    const { apiKey } = await server.account();
    const name = unique();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name, capabilities: { receiving: "enabled" } } })).body;
    publishMx(name);
    const seen = await until(
      () => get(apiKey, d.id),
      (r) => receivingRecord(r.body).found === true,
    );
    expect(seen.body).toMatchObject({ status: "pending", receivingVerifiedAt: null });
    expect(await receivingFor(name)).toBeNull();

    await rows(sql`update domains set created_at = now() - interval '73 hours', next_check_at = now() where id = ${d.id}`);
    const failed = await until(
      () => get(apiKey, d.id),
      (r) => r.body.status === "failed",
    );
    expect(failed.body.receivingVerifiedAt).toBeNull();
    expect(await receivingFor(name)).toBeNull();
  });

  it("not a paused account's domain, nor one a plan downgrade parked", async () => {
    const { accountId, apiKey } = await server.account({ plan: "pro" });
    await verifiedDomain(apiKey);
    const d = await verifiedDomain(apiKey, unique(), { capabilities: { receiving: "enabled" } });
    publishMx(d.name);
    await until(
      () => get(apiKey, d.id),
      (r) => r.body.receivingVerifiedAt !== null,
    );
    const { pauseAccount, resumeAccount, setPlan } = await import("../server/accounts/accounts");
    await pauseAccount(accountId);
    expect(await receivingFor(d.name)).toBeNull();
    await resumeAccount(accountId);
    expect(await receivingFor(d.name)).toMatchObject({ accountId, domainId: d.id });

    await setPlan(accountId, "free");
    expect((await get(apiKey, d.id)).body.suspendedAt).not.toBeNull();
    expect(await receivingFor(d.name)).toBeNull();
    await setPlan(accountId, "pro");
    expect(await receivingFor(d.name)).toMatchObject({ accountId });
  });

  it("one account at a time: another's claim of the name waits; removing the domain or the account releases it", async () => {
    const a = await server.account();
    const b = await server.account();
    const name = unique();
    const held = await verifiedDomain(a.apiKey, name, { capabilities: { receiving: "enabled" } });
    publishMx(name);
    await until(
      () => get(a.apiKey, held.id),
      (r) => r.body.receivingVerifiedAt !== null,
    );

    // B claims the name too, receiving on, and publishes its records: the MX it needs is the very one published.
    const claim = (await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name, capabilities: { receiving: "enabled" } } })).body;
    const ownership = claim.dnsRecords[0];
    publishSending(claim);
    dns.set(ownership.name, "TXT", [held.dnsRecords[0].value, ownership.value]);
    const waiting = await until(
      () => get(b.apiKey, claim.id),
      (r) => receivingRecord(r.body).found === true,
    );
    // A still proves the name: B's claim waits, and A alone receives.
    expect(waiting.body).toMatchObject({ status: "pending", receivingVerifiedAt: null });
    expect(await receivingFor(name)).toMatchObject({ accountId: a.accountId, domainId: held.id });

    // A removes the domain: nobody receives until B's claim has proven itself.
    expect((await server.api("DELETE", `/v1/domains/${held.id}`, { key: a.apiKey })).status).toBe(200);
    expect((await receivingFor(name))?.accountId).not.toBe(a.accountId);
    dns.set(ownership.name, "TXT", [ownership.value]);
    const moved = await until(
      () => get(b.apiKey, claim.id),
      (r) => r.body.status === "verified" && r.body.receivingVerifiedAt !== null,
    );
    expect(moved.body.capabilities.receiving).toBe("enabled");
    expect(await receivingFor(name)).toMatchObject({ accountId: b.accountId, domainId: claim.id });

    // B's account deleted: the name receives nowhere, and a new owner who proves it receives.
    const { deleteAccount } = await import("../server/accounts/delete");
    const { getAccount } = await import("../server/accounts/account-cache");
    const account = (await getAccount(b.accountId))!;
    await deleteAccount(account, account.email);
    expect(await receivingFor(name)).toBeNull();
    const c = await server.account();
    const next = await verifiedDomain(c.apiKey, name, { capabilities: { receiving: "enabled" } });
    const ownershipC = next.dnsRecords[0];
    dns.set(ownershipC.name, "TXT", [ownershipC.value]);
    await until(
      () => get(c.apiKey, next.id),
      (r) => r.body.receivingVerifiedAt !== null,
    );
    expect(await receivingFor(name)).toMatchObject({ accountId: c.accountId, domainId: next.id });
  });

  it("a holder displaced by a claim that proved the name stops receiving with it", async () => {
    const a = await server.account();
    const b = await server.account();
    const name = unique();
    const held = await verifiedDomain(a.apiKey, name, { capabilities: { receiving: "enabled" } });
    publishMx(name);
    await until(
      () => get(a.apiKey, held.id),
      (r) => r.body.receivingVerifiedAt !== null,
    );
    // A's proof goes; B's claim (receiving off) proves the name and takes it.
    const claim = (await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } })).body;
    publishSending(claim);
    const taken = await until(
      () => get(b.apiKey, claim.id),
      (r) => r.body.status === "verified",
    );
    expect(taken.body.capabilities.receiving).toBe("disabled");
    const displaced = (await get(a.apiKey, held.id)).body;
    expect(displaced).toMatchObject({ status: "failed", receivingVerifiedAt: null });
    expect(await receivingFor(name)).toBeNull();
  });
});
