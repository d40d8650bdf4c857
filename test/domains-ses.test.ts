import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";
import { SesStandIn } from "./support/ses-stand-in";

let server: TestServer;
let dns: TestDnsServer;
const ses = new SesStandIn();
let n = 0;
const unique = () => `ses${process.pid}x${Date.now().toString(36)}${++n}.example.net`;

beforeAll(async () => {
  dns = await startDnsServer();
  const port = await ses.listen();
  server = await startTestServer({
    DNS_SERVERS: dns.address,
    MAIL_PROVIDER: "ses",
    SES_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_REGION: "eu-west-1",
    AWS_ACCESS_KEY_ID: "test",
    AWS_SECRET_ACCESS_KEY: "test",
    DOMAIN_VERIFY_CACHE: "1",
    SNS_TOPIC_ARNS: "arn:aws:sns:eu-west-1:123456789012:posthaste-events",
  });
});
afterAll(async () => {
  await server?.stop();
  await dns?.stop();
  await ses?.close();
});

describe("domains on MAIL_PROVIDER=ses", () => {
  it("creates the identity upstream and returns SES's Easy DKIM and MAIL FROM records", async () => {
    const { apiKey } = await server.account();
    const name = unique();
    const res = await server.api("POST", "/v1/domains", { key: apiKey, body: { name } });
    expect(res.status).toBe(201);
    const { tokens, mailFrom } = ses.identities.get(name)!;
    expect(mailFrom).toBe(`bounces.${name}`);
    expect(res.body.dnsRecords).toEqual([
      {
        type: "TXT",
        name: `_posthaste-verification.${name}`,
        value: expect.stringMatching(/^posthaste-verification=[0-9a-f]{32}$/),
        found: null,
        observed: null,
        record: "Verification",
      },
      ...tokens.map((t) => ({
        type: "CNAME",
        name: `${t}._domainkey.${name}`,
        value: `${t}.dkim.amazonses.com`,
        found: null,
        observed: null,
        record: "DKIM",
      })),
      { type: "TXT", name: `bounces.${name}`, value: "v=spf1 include:amazonses.com ~all", found: null, observed: null, record: "SPF" },
      {
        type: "MX",
        name: `bounces.${name}`,
        value: "feedback-smtp.eu-west-1.amazonses.com",
        found: null,
        observed: null,
        record: "SPF",
        priority: 10,
      },
    ]);
    expect(res.body.recommendedRecords[0]).toMatchObject({ type: "TXT", name: `_dmarc.${name}` });
  });

  it("answers 502 domain_error when SES refuses, with the reserved row removed so a retry starts clean", async () => {
    const { apiKey } = await server.account();
    const name = unique();
    ses.refuse.add(name);
    const res = await server.api("POST", "/v1/domains", { key: apiKey, body: { name } });
    expect(res.status).toBe(502);
    expect(res.body.error.type).toBe("domain_error");
    expect((await server.api("GET", "/v1/domains", { key: apiKey })).body.data).toEqual([]);
    ses.refuse.delete(name);
    expect((await server.api("POST", "/v1/domains", { key: apiKey, body: { name } })).status).toBe(201);
  });

  it("follows SES's verdict; a resolver failure keeps dnsCheckedAt but the verdict still applies", async () => {
    const { apiKey } = await server.account();
    const name = unique();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name } })).body;
    for (const r of d.dnsRecords) dns.set(r.name, r.type, [r.value]);
    const pending = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey });
    expect(pending.body.status).toBe("pending");
    expect(pending.body.dnsRecords.map((r: any) => r.found)).toEqual(d.dnsRecords.map(() => true));
    expect(pending.body.dnsRecords[0].observed).toBe(d.dnsRecords[0].value);

    await new Promise((r) => setTimeout(r, 1100));
    ses.identities.get(name)!.verified = true;
    dns.setFailing(true);
    try {
      const verified = await server.api("POST", `/v1/domains/${d.id}/verify`, { key: apiKey });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ status: "verified", dnsCheckedAt: pending.body.dnsCheckedAt });
      expect(verified.body.verifiedAt).toBeGreaterThan(0);
    } finally {
      dns.setFailing(false);
    }
  });

  it("removes the identity upstream on delete", async () => {
    const { apiKey } = await server.account();
    const name = unique();
    const d = (await server.api("POST", "/v1/domains", { key: apiKey, body: { name } })).body;
    expect(ses.identities.has(name)).toBe(true);
    const del = await server.api("DELETE", `/v1/domains/${d.id}`, { key: apiKey });
    expect(del.body).toEqual({ id: d.id, deleted: true });
    expect(ses.identities.has(name)).toBe(false);
  });
});
