import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { startTestServer, type TestServer } from "./support/harness";

/** A local stand-in for SESv2's REST/JSON API: the identity calls the domain code makes. */
class FakeSes {
  identities = new Map<string, { tokens: string[]; verified: boolean; mailFrom: string | null }>();
  refuse = new Set<string>();
  calls: string[] = [];
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => this.handle(req, res, body));
  });

  private reply(res: http.ServerResponse, status: number, payload: unknown, errorType?: string) {
    res.writeHead(status, { "content-type": "application/json", ...(errorType ? { "x-amzn-errortype": errorType } : {}) });
    res.end(JSON.stringify(payload));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? "/", "http://x");
    this.calls.push(`${req.method} ${url.pathname}`);
    const match = /^\/v2\/email\/identities(?:\/([^/]+))?(\/mail-from)?$/.exec(url.pathname);
    if (!match) return this.reply(res, 404, { message: "no route" }, "NotFoundException");
    const name = match[1] ? decodeURIComponent(match[1]) : null;
    if (req.method === "POST" && !name) {
      const { EmailIdentity } = JSON.parse(body);
      if (this.refuse.has(EmailIdentity)) return this.reply(res, 400, { message: "Maximum identities reached" }, "LimitExceededException");
      if (this.identities.has(EmailIdentity)) return this.reply(res, 400, { message: "exists" }, "AlreadyExistsException");
      const tokens = [1, 2, 3].map((i) => `tok${i}${Math.random().toString(36).slice(2, 10)}`);
      this.identities.set(EmailIdentity, { tokens, verified: false, mailFrom: null });
      return this.reply(res, 200, {
        IdentityType: "DOMAIN",
        VerifiedForSendingStatus: false,
        DkimAttributes: { SigningEnabled: true, Status: "PENDING", Tokens: tokens },
      });
    }
    const identity = name ? this.identities.get(name) : undefined;
    if (!identity) return this.reply(res, 404, { message: "not found" }, "NotFoundException");
    if (req.method === "PUT" && match[2]) {
      identity.mailFrom = JSON.parse(body).MailFromDomain;
      return this.reply(res, 200, {});
    }
    if (req.method === "GET") {
      return this.reply(res, 200, {
        IdentityType: "DOMAIN",
        VerifiedForSendingStatus: identity.verified,
        DkimAttributes: { SigningEnabled: true, Status: identity.verified ? "SUCCESS" : "PENDING", Tokens: identity.tokens },
      });
    }
    if (req.method === "DELETE") {
      this.identities.delete(name!);
      return this.reply(res, 200, {});
    }
    return this.reply(res, 404, { message: "no route" }, "NotFoundException");
  }
}

let server: TestServer;
let dns: TestDnsServer;
const ses = new FakeSes();
let n = 0;
const unique = () => `ses${process.pid}x${Date.now().toString(36)}${++n}.example.net`;

beforeAll(async () => {
  dns = await startDnsServer();
  await new Promise<void>((resolve) => ses.server.listen(0, "127.0.0.1", resolve));
  const port = (ses.server.address() as AddressInfo).port;
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
  await new Promise<void>((resolve) => ses.server.close(() => resolve()));
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
      ...tokens.map((t) => ({
        type: "CNAME",
        name: `${t}._domainkey.${name}`,
        value: `${t}.dkim.amazonses.com`,
        found: null,
        observed: null,
      })),
      { type: "TXT", name: `bounces.${name}`, value: "v=spf1 include:amazonses.com ~all", found: null, observed: null },
      { type: "MX", name: `bounces.${name}`, value: "feedback-smtp.eu-west-1.amazonses.com", found: null, observed: null },
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
