import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import { config } from "../config";
import type { Db } from "../db/client";
import { sinkMessages } from "../db/schema";
import { sendRawWithSes } from "../ses/send";
import type { EmailRow, Rendered } from "./mime";
import { deliverySettings } from "./settings";

/** A hand-off the provider refused for good (a 5xx, a rejected sender): retrying cannot help. */
export class PermanentSendError extends Error {}

export interface Provider {
  name: "sink" | "smtp" | "ses";
  /** Whether we sign with the domain's key (SES signs with Easy DKIM itself). */
  signs: boolean;
  /** Hands the rendered message over; resolves with the provider's id for it. */
  send(message: Rendered, email: EmailRow, db: Db): Promise<string>;
  close(): Promise<void>;
}

const bareId = (messageId: string) => messageId.replace(/^<|>$/g, "");

/** Keeps each rendered copy in the database (the dashboard shows it); a re-send replaces its copy. */
const sink: Provider = {
  name: "sink",
  signs: true,
  async send(message, email, db) {
    const raw = message.raw.toString("utf8");
    const recipients = message.envelope.to.join(",");
    await db.insert(sinkMessages).values({ emailId: email.id, recipients, raw })
      .onConflictDoUpdate({ target: [sinkMessages.emailId, sinkMessages.recipients], set: { raw } });
    return bareId(message.messageId);
  },
  async close() {},
};

/** nodemailer's getSocket hook: a connected plain TCP socket with Nagle's algorithm off. */
function connectNoDelay(opts: { host?: string; port?: number }, done: (err: Error | null, socket?: { connection: net.Socket }) => void): void {
  const socket = net.connect({ host: opts.host ?? "localhost", port: opts.port ?? 25, noDelay: true });
  const onError = (err: Error) => done(err);
  socket.once("error", onError);
  socket.once("connect", () => {
    socket.off("error", onError);
    done(null, { connection: socket });
  });
}

function smtp(url: string): Provider {
  let transport: Transporter | null = null;
  const options = parseConnectionUrl(url);
  const get = () =>
    (transport ??= nodemailer.createTransport({
      // Spread, not `url`: given a `url`, createTransport drops every other option (pool included).
      ...options,
      // The message body and the closing dot go out as separate writes; with Nagle's
      // algorithm the dot waits for the relay's delayed ACK (~40 ms a message on Linux).
      // So we open the TCP connections ourselves with TCP_NODELAY; nodemailer upgrades
      // them to TLS in place (at once for smtps://, on STARTTLS otherwise).
      getSocket: connectNoDelay,
      pool: true,
      maxConnections: deliverySettings().smtpPoolSize,
      maxMessages: Infinity,
      // Relays in private networks often present self-made certificates on STARTTLS.
      tls: { rejectUnauthorized: process.env.SMTP_TLS_REJECT_UNAUTHORIZED !== "false" },
    } as nodemailer.TransportOptions));
  return {
    name: "smtp",
    signs: true,
    async send(message) {
      try {
        const info = await get().sendMail({ envelope: message.envelope, raw: message.raw });
        // DESIGN: sesMessageId holds the relay's queue id when it names one, else the Message-ID.
        const queued = /queued as ([A-Za-z0-9._-]+)/i.exec(String(info.response ?? ""));
        return queued ? queued[1] : bareId(message.messageId);
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        if (code && code >= 500) throw new PermanentSendError(`SMTP relay refused the message: ${(err as Error).message}`);
        throw err;
      }
    },
    async close() {
      transport?.close();
      transport = null;
    },
  };
}

const ses: Provider = {
  name: "ses",
  signs: false,
  send: (message, email) => sendRawWithSes(message, email),
  async close() {},
};

const KEY = Symbol.for("posthaste.mailProvider");
type Holder = { [KEY]?: { provider: Provider; signature: string } };

/** The provider MAIL_PROVIDER names, made once per process (the SMTP pool is shared). */
export function mailProvider(): Provider {
  const cfg = config();
  const signature = `${cfg.mailProvider}|${cfg.smtpUrl ?? ""}`;
  const g = globalThis as Holder;
  if (g[KEY]?.signature === signature) return g[KEY].provider;
  void g[KEY]?.provider.close();
  const provider = cfg.mailProvider === "smtp" ? smtp(cfg.smtpUrl!) : cfg.mailProvider === "ses" ? ses : sink;
  g[KEY] = { provider, signature };
  return provider;
}

export async function closeMailProvider(): Promise<void> {
  const g = globalThis as Holder;
  await g[KEY]?.provider.close();
  delete g[KEY];
}
