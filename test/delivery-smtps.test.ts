import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { startTestServer, type TestServer } from "./support/harness";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { resolverFor, sendViaApi, startSmtpReceiver, verifiedDomainViaApi, waitForStatus } from "./support/delivery";
import { waitFor } from "./support/wait";

// Implicit TLS (smtps://): our own TCP_NODELAY socket, upgraded to TLS by nodemailer.
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let dnsServer: TestDnsServer;

beforeAll(async () => {
  smtp = await startSmtpReceiver({ secure: true });
  dnsServer = await startDnsServer();
  server = await startTestServer({
    MAIL_PROVIDER: "smtp",
    SMTP_URL: smtp.url,
    SMTP_TLS_REJECT_UNAUTHORIZED: "false",
    DNS_SERVERS: dnsServer.address,
    DISPATCH_IDLE_MS: "100",
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await dnsServer?.stop();
});

describe("delivery over SMTP with implicit TLS", () => {
  it("delivers signed mail to an smtps:// relay", async () => {
    const account = await server.account();
    const name = `tls-${process.pid}-${Date.now()}.example.com`;
    await verifiedDomainViaApi(server, account.apiKey, dnsServer, name);
    const ids = await Promise.all(
      [1, 2, 3].map((i) =>
        sendViaApi(server, account.apiKey, { from: `hi@${name}`, to: [`r${i}@example.org`], subject: `TLS ${i}`, text: "over TLS" }),
      ),
    );
    for (const id of ids) {
      await waitForStatus(id, ["sent", "delivered"]);
      const got = await waitFor(
        async () => smtp.messages.find((m) => m.raw.includes(`X-Posthaste-Email-ID: ${id}`)),
        15_000,
        `message ${id}`,
      );
      const verdict = await dkimVerify(got.raw, { resolver: resolverFor(dnsServer.address) });
      expect(verdict.results[0].status.result).toBe("pass");
    }
  });
});
