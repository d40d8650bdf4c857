import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type DnsType, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { DOMAIN_FIELDS, dnsRecordFields } from "./support/spec-fields";
import { db } from "./support/db";

let server: TestServer;
let dns: TestDnsServer;
let n = 0;
const unique = (label = "d") => `${label}${process.pid}x${Date.now().toString(36)}${++n}.example.com`;

beforeAll(async () => {
  dns = await startDnsServer();
  // A 1 s verify cache keeps the tests quick; the cache test below relies on it.
  server = await startTestServer({ DNS_SERVERS: dns.address, DOMAIN_VERIFY_CACHE: "1" });
});
afterAll(async () => {
  await server?.stop();
  await dns?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Publishes every record of a Domain response on the test DNS server. */
function publish(domain: any, records: any[] = domain.dnsRecords) {
  const byKey = new Map<string, { name: string; type: DnsType; values: string[] }>();
  for (const r of records) {
    const key = `${r.name}|${r.type}`;
    const entry = byKey.get(key) ?? { name: r.name, type: r.type as DnsType, values: [] as string[] };
    entry.values.push(r.value);
    byKey.set(key, entry);
  }
  for (const e of byKey.values()) dns.set(e.name, e.type, e.values);
}

describe("POST /v1/domains", () => {
  it("returns 201 with records to publish, the DNS host, and never the private key", async () => {
    const { apiKey } = await server.account();
    const name = unique();
    dns.set(name, "NS", ["kim.ns.cloudflare.com", "lou.ns.cloudflare.com"]);
    const res = await server.api("POST", "/v1/domains", { key: apiKey, body: { name: name.toUpperCase() } });
    expect(res.status).toBe(201);
    const d = res.body;
    expect(Object.keys(d).sort()).toEqual(DOMAIN_FIELDS);
    expect(d).toMatchObject({
      name,
      status: "pending",
      verifiedAt: null,
      dnsCheckedAt: null,
      dnsHost: "Cloudflare",
      failureReason: null,
      dnsRegressedAt: null,
      suspendedAt: null,
      trackEngagement: true,
    });
    const types = d.dnsRecords.map((r: any) => `${r.type} ${r.name}`);
    expect(types).toEqual([
      `TXT _posthaste-verification.${name}`,
      `TXT posthaste._domainkey.${name}`,
      `TXT bounces.${name}`,
      `MX bounces.${name}`,
    ]);
    expect(d.dnsRecords.map((r: any) => r.record)).toEqual(["Verification", "DKIM", "SPF", "SPF"]);
    expect(d.dnsRecords[3].priority).toBe(10);
    expect(d).toMatchObject({ capabilities: { sending: "enabled", receiving: "disabled" }, receivingVerifiedAt: null });
    expect(d.dnsRecords[0].value).toMatch(/^posthaste-verification=[0-9a-f]{32}$/);
    expect(d.dnsRecords[1].value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(d.dnsRecords[2].value).toMatch(/^v=spf1 include:\S+ ~all$/);
    expect(d.recommendedRecords).toEqual([
      { type: "TXT", name: `_dmarc.${name}`, value: "v=DMARC1; p=none;", found: null, observed: null, record: "DMARC" },
    ]);
    for (const r of [...d.dnsRecords, ...d.recommendedRecords]) expect(Object.keys(r).sort()).toEqual(dnsRecordFields(r));
    expect(res.text).not.toMatch(/PRIVATE KEY|v1:/);

    const { rows } = await db();
    const { sql } = await import("drizzle-orm");
    const [stored] = await rows<{ k: string }>(sql`select dkim_private_key_enc as k from domains where id = ${d.id}`);
    expect(stored.k).toMatch(/^v1:/);
    expect(stored.k).not.toContain("PRIVATE KEY");
    const { dkimKeyFor } = await import("../server/domains/dkim");
    const key = dkimKeyFor({ name, dkimSelector: "posthaste", dkimPrivateKeyEnc: stored.k });
    expect(key).toMatchObject({ domainName: name, keySelector: "posthaste" });
    expect(key.privateKey).toContain("BEGIN PRIVATE KEY");

    const one = await server.api("GET", `/v1/domains/${d.id}`, { key: apiKey });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(d);
    const list = await server.api("GET", "/v1/domains", { key: apiKey });
    expect(list.body.data).toEqual([d]);
    expect(list.text).not.toContain("PRIVATE KEY");
  });

  it("refuses names that are not registrable domains with 400", async () => {
    const { apiKey } = await server.account();
    for (const name of ["com", "co.uk", "localhost", "127.0.0.1", "[::1]", "github.io", "bad_label.com", "-x.com", "a..com", ""]) {
      const res = await server.api("POST", "/v1/domains", { key: apiKey, body: { name } });
      expect(res.status, name).toBe(400);
      expect(res.body.error.type).toBe("validation_error");
    }
    expect((await server.api("POST", "/v1/domains", { key: apiKey, body: {} })).status).toBe(400);
    expect((await server.api("POST", "/v1/domains", { key: apiKey, body: { name: 5 } })).status).toBe(400);
  });

  it("refuses the platform's own names and tombstoned ones with 403 domain_error", async () => {
    const { apiKey } = await server.account();
    const { rows } = await db();
    const { sql } = await import("drizzle-orm");
    const banned = unique("banned");
    await rows(sql`insert into domain_tombstones (name, reason) values (${banned}, 'abuse')`);
    for (const name of ["posthaste.dev", "mail.posthaste.dev", banned, `news.${banned}`]) {
      const res = await server.api("POST", "/v1/domains", { key: apiKey, body: { name } });
      expect(res.status, name).toBe(403);
      expect(res.body.error.type).toBe("domain_error");
    }
  });

  it("gives 409 when the name is live on this account (not another's pending claim), and recycles a failed row", async () => {
    const a = await server.account();
    const b = await server.account();
    const name = unique();
    const first = await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name } });
    expect(first.status).toBe(201);
    const again = await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name } });
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe("domain_error");
    // Another account's pending claim blocks nothing (docs/decisions/0002-sending-domains.md, "Domain claims").
    const other = await server.api("POST", "/v1/domains", { key: b.apiKey, body: { name } });
    expect(other.status).toBe(201);
    expect(other.body.status).toBe("pending");

    const { rows } = await db();
    const { sql } = await import("drizzle-orm");
    await rows(sql`update domains set status = 'failed', failure_reason = 'gave up' where id = ${first.body.id}`);
    const recycled = await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name } });
    expect(recycled.status).toBe(201);
    expect(recycled.body).toMatchObject({ id: first.body.id, status: "pending", failureReason: null });
    // A fresh ownership token and DKIM key.
    expect(recycled.body.dnsRecords[0].value).not.toBe(first.body.dnsRecords[0].value);
    expect(recycled.body.dnsRecords[1].value).not.toBe(first.body.dnsRecords[1].value);
    expect((await server.api("GET", "/v1/domains", { key: a.apiKey })).body.data).toHaveLength(1);
  });

  it("gives 403 domain_error when the plan's allowance is used", async () => {
    const { apiKey } = await server.account({ plan: "free" });
    expect((await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique() } })).status).toBe(201);
    const res = await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique() } });
    expect(res.status).toBe(403);
    expect(res.body.error.type).toBe("domain_error");
  });

  it("needs a full key", async () => {
    const { apiKey } = await server.account();
    const created = await server.api("POST", "/v1/api-keys", { key: apiKey, body: { name: "s", scope: "send" } });
    const res = await server.api("POST", "/v1/domains", { key: created.body.key, body: { name: unique() } });
    expect(res.status).toBe(403);
    expect(res.body.error.type).toBe("authentication_error");
    expect((await server.api("GET", "/v1/domains")).status).toBe(401);
  });
});

describe("POST /v1/domains/{id}/verify", () => {
  it("verifies once the records are published; a wrong value shows what was there", async () => {
    const { apiKey } = await server.account();
    const name = unique();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name } })).body;

    const wrongDkim = "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwrong";
    publish(d);
    dns.set(d.dnsRecords[0].name, "TXT", [wrongDkim]);
    const t0 = Date.now();
    const first = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe("pending");
    expect(first.body.dnsCheckedAt).toBeGreaterThanOrEqual(t0 - 5);
    expect(first.body.dnsRecords[0]).toMatchObject({ found: false, observed: wrongDkim });
    expect(first.body.dnsRecords[1]).toMatchObject({ found: true, observed: d.dnsRecords[1].value });
    expect(first.body.dnsRecords[2]).toMatchObject({ found: true, observed: d.dnsRecords[2].value });
    expect(first.body.recommendedRecords[0]).toMatchObject({ found: false, observed: null });

    // Within the cache window: answered from the stored row.
    publish(d);
    const cached = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey });
    expect(cached.body).toEqual(first.body);

    await sleep(1100);
    const verified = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey });
    expect(verified.body.status).toBe("verified");
    expect(verified.body.verifiedAt).toBeGreaterThan(first.body.dnsCheckedAt);
    expect(verified.body.dnsRecords.map((r: any) => r.found)).toEqual(d.dnsRecords.map(() => true));
    expect(verified.body.dnsRecords[0].observed).toBe(d.dnsRecords[0].value);
    expect((await server.api("GET", `/v1/domains/${d.id}`, { key: apiKey })).body).toEqual(verified.body);

    // Re-checking a verified domain never moves it backwards: only dnsCheckedAt/dnsRegressedAt move.
    dns.remove(d.dnsRecords[0].name);
    await sleep(1100);
    const regressed = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey });
    expect(regressed.body).toMatchObject({ status: "verified", verifiedAt: verified.body.verifiedAt });
    expect(regressed.body.dnsRegressedAt).toBeGreaterThan(0);
    expect(regressed.body.dnsCheckedAt).toBeGreaterThan(verified.body.dnsCheckedAt);
    const moving = { dnsCheckedAt: 0, dnsRegressedAt: 0 };
    expect({ ...regressed.body, ...moving }).toEqual({ ...verified.body, ...moving });
    publish(d);
    await sleep(1100);
    const recovered = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey });
    expect(recovered.body).toMatchObject({ status: "verified", verifiedAt: verified.body.verifiedAt, dnsRegressedAt: null });
  });

  it("treats a resolver that is down as no answer: dnsCheckedAt keeps its old value", async () => {
    const { apiKey } = await server.account();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique() } })).body;
    const checked = (await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey })).body;
    expect(checked.dnsCheckedAt).not.toBeNull();
    await sleep(1100);
    publish(d);
    dns.setFailing(true);
    try {
      const res = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "pending", dnsCheckedAt: checked.dnsCheckedAt });
      expect(res.body.dnsRecords).toEqual(checked.dnsRecords);
    } finally {
      dns.setFailing(false);
    }
  });

  it("skips a failed domain, answering from the stored row; 404s other accounts' ids", async () => {
    const a = await server.account();
    const b = await server.account();
    const d = (await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name: unique() } })).body;
    const { rows } = await db();
    const { sql } = await import("drizzle-orm");
    await rows(sql`update domains set status = 'failed', failure_reason = 'gave up' where id = ${d.id}`);
    publish(d);
    const res = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: a.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "failed", failureReason: "gave up", dnsCheckedAt: null });
    for (const [method, path] of [
      ["GET", ""],
      ["POST", "/verify"],
      ["DELETE", ""],
    ]) {
      const other = await server.api(method, `/v1/domains/${d.id}${path}`, { key: b.apiKey });
      expect(other.status).toBe(404);
      expect(other.body.error.type).toBe("not_found");
    }
    expect((await server.api("GET", "/v1/domains/not-an-id", { key: a.apiKey })).status).toBe(404);
  });
});

describe("PATCH and DELETE /v1/domains/{id}", () => {
  it("switches engagement tracking", async () => {
    const { apiKey } = await server.account();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name: unique() } })).body;
    const off = await server.api("PATCH", `/v1/domains/${d.id}`, { key: apiKey, body: { trackEngagement: false } });
    expect(off.status).toBe(200);
    expect(off.body.trackEngagement).toBe(false);
    expect((await server.api("GET", `/v1/domains/${d.id}`, { key: apiKey })).body.trackEngagement).toBe(false);
    const bad = await server.api("PATCH", `/v1/domains/${d.id}`, { key: apiKey, body: { trackEngagement: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.type).toBe("validation_error");
  });

  it("deletes, then 404s; the name can be added again", async () => {
    const { apiKey } = await server.account();
    const name = unique();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name } })).body;
    const del = await server.api("DELETE", `/v1/domains/${d.id}`, { key: apiKey });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: d.id, deleted: true });
    expect((await server.api("GET", `/v1/domains/${d.id}`, { key: apiKey })).status).toBe(404);
    expect((await server.api("DELETE", `/v1/domains/${d.id}`, { key: apiKey })).status).toBe(404);
    expect((await server.api("POST", "/v1/domains", { key: apiKey, body: { name } })).status).toBe(201);
  });
});
