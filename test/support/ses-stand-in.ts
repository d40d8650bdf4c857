import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for SESv2's REST/JSON API: the identity calls the domain code makes.
 * An identity is verified when a test says so (`verified`), or, with `verifyFromDns` set,
 * the way SES decides: every Easy DKIM CNAME of its tokens published on `dnsAddress`.
 */
export class SesStandIn {
  identities = new Map<string, { tokens: string[]; verified: boolean; mailFrom: string | null }>();
  /** Names whose CreateEmailIdentity is refused. */
  refuse = new Set<string>();
  /** Names whose DeleteEmailIdentity is refused (the identity stays). */
  refuseDelete = new Set<string>();
  calls: string[] = [];
  verifyFromDns = false;
  dnsAddress: string | null = null;
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => void this.handle(req, res, body));
  });

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private reply(res: http.ServerResponse, status: number, payload: unknown, errorType?: string) {
    res.writeHead(status, { "content-type": "application/json", ...(errorType ? { "x-amzn-errortype": errorType } : {}) });
    res.end(JSON.stringify(payload));
  }

  /** Every token's CNAME published as SES asks. */
  private async dkimPublished(name: string, tokens: string[]): Promise<boolean> {
    if (!this.dnsAddress) return false;
    const r = new dns.promises.Resolver();
    r.setServers([this.dnsAddress]);
    for (const t of tokens) {
      const got = await r.resolveCname(`${t}._domainkey.${name}`).catch(() => [] as string[]);
      if (!got.includes(`${t}.dkim.amazonses.com`)) return false;
    }
    return tokens.length > 0;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
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
      const verified = identity.verified || (this.verifyFromDns && (await this.dkimPublished(name!, identity.tokens)));
      return this.reply(res, 200, {
        IdentityType: "DOMAIN",
        VerifiedForSendingStatus: verified,
        DkimAttributes: { SigningEnabled: true, Status: verified ? "SUCCESS" : "PENDING", Tokens: identity.tokens },
      });
    }
    if (req.method === "DELETE") {
      if (this.refuseDelete.has(name!)) return this.reply(res, 400, { message: "try later" }, "BadRequestException");
      this.identities.delete(name!);
      return this.reply(res, 200, {});
    }
    return this.reply(res, 404, { message: "no route" }, "NotFoundException");
  }
}
