import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { db } from "./support/db";
import { until } from "./support/wait";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";

/**
 * Webhook targets: IPv6 forms that embed an IPv4 address are refused at create, update and
 * delivery, and no refusal names the private address a host resolved to.
 */
let server: TestServer;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ DNS_SERVERS: dns.address, WEBHOOK_RETRY_SCHEDULE: "0.2" });
});
afterAll(async () => {
  await server?.stop();
  await dns?.stop();
});

/** Each embeds 93.184.216.34 (a public IPv4 address) or 127.0.0.1: refused either way. */
const EMBEDDING = {
  "IPv4-compatible": "::7f00:1",
  "IPv4-compatible, public": "::5db8:d822",
  "IPv4-mapped, public": "::ffff:5db8:d822",
  "SIIT (::ffff:0:0:0/96)": "::ffff:0:5db8:d822",
  "NAT64 well-known": "64:ff9b::5db8:d822",
  "NAT64 local-use": "64:ff9b:1::5db8:d822",
  "6to4": "2002:7f00:1::1",
  "6to4, public": "2002:5db8:d822::1",
  Teredo: "2001:0:4136:e378:8000:63bf:a247:29dd",
};

const create = (apiKey: string, url: string) => server.api("POST", "/v1/webhooks", { key: apiKey, body: { url, events: ["*"] } });

describe("webhook URL policy", () => {
  it.each(
    Object.entries(EMBEDDING).concat([
      ["IPv4-mapped, dotted", "::ffff:127.0.0.1"],
      ["IPv4-compatible, dotted", "::127.0.0.1"],
      ["documentation", "2001:db8::1"],
      ["discard", "100::1"],
    ]),
  )("refuses %s ([%s]) at create and update", async (_name, address) => {
    const { apiKey } = await server.account();
    const res = await create(apiKey, `https://[${address}]/hook`);
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe("validation_error");
    // An unresolvable name passes at create (its DNS may come later); then update to the literal.
    const ok = await create(apiKey, "https://not-yet-published.example.com/hook");
    expect(ok.status).toBe(201);
    const patched = await server.api("PATCH", `/v1/webhooks/${ok.body.id}`, { key: apiKey, body: { url: `https://[${address}]/hook` } });
    expect(patched.status).toBe(400);
    expect(patched.body.error.type).toBe("validation_error");
  });

  it("accepts a global unicast IPv6 address", async () => {
    const { apiKey } = await server.account();
    expect((await create(apiKey, "https://[2606:4700:4700::1111]/hook")).status).toBe(201);
  });

  it("says a name resolves to a private address without naming the address", async () => {
    const { apiKey } = await server.account();
    dns.set("internal.hooks.example", "A", ["10.0.0.5"]);
    dns.set("internal6.hooks.example", "AAAA", ["fd00::5"]);
    dns.set("mapped.hooks.example", "AAAA", ["::ffff:a00:5"]);
    for (const host of ["internal.hooks.example", "internal6.hooks.example", "mapped.hooks.example"]) {
      const res = await create(apiKey, `https://${host}/hook`);
      expect(res.status, host).toBe(400);
      expect(res.body.error.message).toMatch(/resolves to a private or reserved address/);
      expect(res.body.error.message).not.toMatch(/10\.0\.0\.5|fd00|a00:5/);
    }
  });

  it("refuses at delivery a name that has come to resolve to an IPv4-embedding address, without naming it", async () => {
    const { accountId, apiKey } = await server.account();
    const ids: string[] = [];
    for (const [i, address] of Object.values(EMBEDDING).entries()) {
      const host = `rebound${i}.hooks.example`;
      dns.set(host, "A", ["93.184.216.34"]);
      const res = await create(apiKey, `https://${host}/hook`);
      expect(res.status, host).toBe(201);
      ids.push(res.body.id);
      // Before any event exists, the name moves to the embedding form (nothing is ever sent out).
      dns.set(host, "A", []);
      dns.set(host, "AAAA", [address]);
    }
    const { recordEvents } = await import("../server/events/record");
    const { db: handle } = await db();
    await recordEvents(handle, [
      {
        accountId,
        type: "email.sent",
        emailId: "email-x",
        data: { email_id: "email-x", from: "a@example.com", to: ["b@example.com"], subject: "s", tags: [] },
      },
    ]);
    for (const id of ids) {
      const e = await until(
        async () => (await server.api("GET", `/v1/webhooks/${id}`, { key: apiKey })).body,
        (v) => v.lastAttemptAt !== null,
      );
      expect(e.lastError).toBe("target refused: url's host resolves to a private or reserved address");
      expect(e.lastResponseStatus).toBeNull();
    }
  });
});
