import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { rows } from "./support/db";
import { until } from "./support/wait";

let server: TestServer;
let dns: TestDnsServer;
let n = 0;
const unique = () => `bg${process.pid}x${Date.now().toString(36)}${++n}.example.org`;

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ DNS_SERVERS: dns.address, DOMAIN_POLL_SCHEDULE: "0.3", DOMAIN_SWEEP_INTERVAL: "0.2" });
});
afterAll(async () => {
  await server?.stop();
  await dns?.stop();
});

function publish(domain: any) {
  for (const r of domain.dnsRecords) dns.set(r.name, r.type, [r.value]);
}

describe("background poll and health check", () => {
  it("polls a pending domain until its records appear", async () => {
    const { apiKey } = await server.account();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique() } })).body;
    await new Promise((r) => setTimeout(r, 800));
    expect((await server.api("GET", `/v1/domains/${d.id}`, { key: apiKey })).body.status).toBe("pending");
    publish(d);
    const got = await until(
      () => server.api("GET", `/v1/domains/${d.id}`, { key: apiKey }),
      (r) => r.body.status === "verified",
    );
    expect(got.body.status).toBe("verified");
    expect(got.body.verifiedAt).toBeGreaterThan(d.createdAt);
    expect(got.body.dnsRecords.map((r: any) => r.found)).toEqual(d.dnsRecords.map(() => true));
  });

  it("gives up on a domain pending for 72 hours: failed with a reason", async () => {
    const { apiKey } = await server.account();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique() } })).body;
    await rows(sql`update domains set created_at = now() - interval '73 hours', next_check_at = now() where id = ${d.id}`);
    const got = await until(
      () => server.api("GET", `/v1/domains/${d.id}`, { key: apiKey }),
      (r) => r.body.status === "failed",
    );
    expect(got.body.status).toBe("failed");
    expect(got.body.failureReason).toMatch(/72 hours/);
  });

  it("the health check sets dnsRegressedAt when a verified domain stops verifying, and clears it on recovery", async () => {
    const { apiKey } = await server.account();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique() } })).body;
    publish(d);
    const verified = await until(
      () => server.api("GET", `/v1/domains/${d.id}`, { key: apiKey }),
      (r) => r.body.status === "verified",
    );
    expect(verified.body.status).toBe("verified");

    dns.remove(d.dnsRecords[0].name);
    await rows(sql`update domains set next_check_at = now() where id = ${d.id}`);
    const regressed = await until(
      () => server.api("GET", `/v1/domains/${d.id}`, { key: apiKey }),
      (r) => r.body.dnsRegressedAt !== null,
    );
    expect(regressed.body).toMatchObject({ status: "verified", verifiedAt: verified.body.verifiedAt });
    expect(regressed.body.dnsRegressedAt).toBeGreaterThan(0);
    const [row] = await rows(sql`select next_check_at > now() + interval '23 hours' as later from domains where id = ${d.id}`);
    expect(row.later).toBe(true);

    publish(d);
    await rows(sql`update domains set next_check_at = now() where id = ${d.id}`);
    const recovered = await until(
      () => server.api("GET", `/v1/domains/${d.id}`, { key: apiKey }),
      (r) => r.body.dnsRegressedAt === null,
    );
    expect(recovered.body).toMatchObject({ status: "verified", dnsRegressedAt: null });
  });
});

describe("plan parking", () => {
  async function endpoints(accountId: string, count: number) {
    for (let i = 0; i < count; i++) {
      await rows(sql`insert into webhook_endpoints (id, account_id, url, events, secret, created_at)
        values (${`wh-${accountId}-${i}`}, ${accountId}, ${`https://hooks.example.com/${i}`}, '["*"]'::jsonb, 'whsec', now() + ${`${i} seconds`}::interval)`);
    }
  }

  it("parks the newest extra domains and endpoints on a downgrade and brings them back on an upgrade", async () => {
    const { accountId, apiKey } = await server.account({ plan: "pro" });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique() } })).body.id);
    await endpoints(accountId, 2);
    const { setPlan } = await import("../server/accounts/accounts");
    const { domainUsage } = await import("../server/domains/domains");

    await setPlan(accountId, "free");
    const list = (await server.api("GET", "/v1/domains", { key: apiKey })).body.data;
    const parked = Object.fromEntries(list.map((d: any) => [d.id, d.suspendedAt]));
    expect(parked[ids[0]]).toBeNull();
    expect(parked[ids[1]]).toBeGreaterThan(0);
    expect(parked[ids[2]]).toBeGreaterThan(0);
    expect(list.find((d: any) => d.id === ids[1]).dnsRecords).toHaveLength(4);
    expect(await domainUsage({ id: accountId, plan: "free" })).toEqual({ count: 3, limit: 1, suspended: 2 });
    const hooks = await rows(sql`select id, suspended_by_plan from webhook_endpoints where account_id = ${accountId} order by created_at`);
    expect(hooks.map((h: any) => h.suspended_by_plan)).toEqual([false, true]);

    // Deleting the active domain opens the slot for the oldest parked one.
    await server.api("DELETE", `/v1/domains/${ids[0]}`, { key: apiKey });
    const after = (await server.api("GET", "/v1/domains", { key: apiKey })).body.data;
    expect(after.map((d: any) => [d.id, d.suspendedAt === null])).toEqual([
      [ids[1], true],
      [ids[2], false],
    ]);

    await setPlan(accountId, "pro");
    const back = (await server.api("GET", "/v1/domains", { key: apiKey })).body.data;
    expect(back.map((d: any) => [d.id, d.suspendedAt])).toEqual([
      [ids[1], null],
      [ids[2], null],
    ]);
    const hooksBack = await rows(sql`select suspended_by_plan from webhook_endpoints where account_id = ${accountId}`);
    expect(hooksBack.map((h: any) => h.suspended_by_plan)).toEqual([false, false]);
  });

  it("reconciles a plan changed by another process (announced as an account invalidation)", async () => {
    const { accountId, apiKey } = await server.account({ plan: "pro" });
    for (let i = 0; i < 2; i++) await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique() } });
    await rows(sql`update accounts set plan = 'free' where id = ${accountId}`);
    const { invalidateAccount } = await import("../server/accounts/account-cache");
    await invalidateAccount(accountId);
    const list = await until(
      () => server.api("GET", "/v1/domains", { key: apiKey }),
      (r) => r.body.data.some((d: any) => d.suspendedAt),
    );
    expect(list.body.data.map((d: any) => d.suspendedAt === null)).toEqual([true, false]);
  });
});
