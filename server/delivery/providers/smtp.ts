import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import { config } from "../config";
import type { Db } from "../db/client";
import { sinkMessages } from "../db/schema";
import { sendRawWithSes } from "../ses/send";
import type { EmailRow, Rendered } from "./mime";
import { BouncedSendError, classifyRefusal, PermanentSendError, type RefusedRecipient } from "./refusal";
import { deliverySettings } from "./settings";

/** What the provider said on accepting a message. */
export interface Accepted {
  /** The provider's id for the message (the relay's queue id, SES's MessageId). */
  providerId: string;
  /** Recipients the relay refused while it took the message for the others. */
  refused: RefusedRecipient[];
}

export interface Provider {
  name: "sink" | "smtp" | "ses";
  /** Whether we sign with the domain's key (SES signs with Easy DKIM itself). */
  signs: boolean;
  /** Hand-offs this process keeps open at once (for SMTP: the pool's connections). */
  inFlight: number;
  /**
   * Hands the rendered message over; resolves with the provider's id for it. Gives up
   * by `deadline` (an Error: a temporary failure) and holds nothing after it settles.
   */
  send(message: Rendered, email: EmailRow, db: Db, deadline: AbortSignal): Promise<Accepted>;
  close(): Promise<void>;
}

const bareId = (messageId: string) => messageId.replace(/^<|>$/g, "");

/** Parallel hand-offs for providers without a pool of their own (sink, SES). */
const UNPOOLED_IN_FLIGHT = 16;

/** Keeps each rendered copy in the database (the dashboard shows it); a re-send replaces its copy. */
const sink: Provider = {
  name: "sink",
  signs: true,
  inFlight: UNPOOLED_IN_FLIGHT,
  async send(message, email, db) {
    const raw = message.raw.toString("utf8");
    const recipients = message.envelope.to.join(",");
    await db.insert(sinkMessages).values({ emailId: email.id, recipients, raw })
      .onConflictDoUpdate({ target: [sinkMessages.emailId, sinkMessages.recipients], set: { raw } });
    return { providerId: bareId(message.messageId), refused: [] };
  },
  async close() {},
};

/**
 * nodemailer's getSocket hook: a TCP socket with Nagle's algorithm off (the message body
 * and the closing dot go out as separate writes; with Nagle's algorithm the dot waits for
 * the relay's delayed ACK, ~40 ms a message on Linux). It is handed over still connecting,
 * so the hook itself never fails: a refusal, reset or silence surfaces on nodemailer's own
 * error path and timeouts (greeting, socket), which close the connection and free its pool
 * slot. (Failing in the hook instead left the slot taken for good.) nodemailer upgrades
 * the socket to TLS in place: at once for smtps://, on STARTTLS otherwise.
 */
function noDelaySocket(opts: { host?: string; port?: number }, done: (err: null, socket: { connection: net.Socket }) => void): void {
  const connection = net.connect({ host: opts.host ?? "localhost", port: opts.port ?? 25, noDelay: true });
  // Handed over at once: nodemailer's error listener is on before any error can arrive.
  done(null, { connection });
}

interface SmtpRefusal {
  message: string;
  command?: string;
  response?: string;
  responseCode?: number;
  rejectedErrors?: { recipient: string; response?: string; responseCode?: number }[];
}

/** Recipients refused at RCPT TO, classified by their replies. */
function refusedRecipients(errors: NonNullable<SmtpRefusal["rejectedErrors"]>): (RefusedRecipient & { temporary: boolean })[] {
  return errors.map((e) => {
    const klass = classifyRefusal(e.response ?? "", e.responseCode);
    return { address: e.recipient, reply: e.response ?? "refused", hard: klass === "bounce", temporary: klass === "temporary" };
  });
}

/**
 * nodemailer's error in our terms: every recipient refused (hard bounces among them) →
 * BouncedSendError; another 5xx → PermanentSendError; anything else (4xx, refused or reset
 * connection, timeout, TLS failure) stays an Error and is retried. A 5.1.x at MAIL FROM is
 * about our sender, not the recipients: it fails the message and suppresses nobody.
 */
function fromSmtpError(err: unknown, message: Rendered): Error {
  const e = err as SmtpRefusal;
  const text = `SMTP relay refused the message: ${e.message}`;
  if (e.rejectedErrors?.length) {
    const refused = refusedRecipients(e.rejectedErrors);
    if (refused.some((r) => r.temporary)) return err as Error;
    if (refused.some((r) => r.hard)) return new BouncedSendError(text, refused.map(({ address, reply, hard }) => ({ address, reply, hard })));
    return new PermanentSendError(text);
  }
  const klass = e.responseCode ? classifyRefusal(e.response ?? "", e.responseCode) : "temporary";
  if (klass === "bounce" && e.command !== "MAIL FROM") {
    return new BouncedSendError(text, message.envelope.to.map((address) => ({ address, reply: e.response ?? e.message, hard: true })));
  }
  if (klass !== "temporary") return new PermanentSendError(text);
  return err instanceof Error ? err : new Error(String(err));
}

function smtp(url: string): Provider {
  let transport: Transporter | null = null;
  const options = parseConnectionUrl(url);
  const settings = deliverySettings();
  const get = () =>
    (transport ??= nodemailer.createTransport({
      // Spread, not `url`: given a `url`, createTransport drops every other option (pool included).
      ...options,
      getSocket: noDelaySocket,
      pool: true,
      maxConnections: settings.smtpPoolSize,
      maxMessages: Infinity,
      // Every stage of a hand-off ends by the deadline: connecting, the greeting, and any
      // silence mid-transaction (nodemailer then destroys the connection, freeing its slot).
      connectionTimeout: settings.sendTimeoutMs,
      greetingTimeout: settings.sendTimeoutMs,
      socketTimeout: settings.sendTimeoutMs,
      // A connection lost mid-message fails that message (our retry schedule takes it)
      // instead of waiting in nodemailer's queue for the next connection.
      maxRequeues: 0,
      // Relays in private networks often present self-made certificates on STARTTLS.
      tls: { rejectUnauthorized: process.env.SMTP_TLS_REJECT_UNAUTHORIZED !== "false" },
    } as nodemailer.TransportOptions));
  return {
    name: "smtp",
    signs: true,
    inFlight: settings.smtpPoolSize,
    async send(message) {
      try {
        // Structured envelope addresses: nodemailer takes them as they are instead of re-parsing a string.
        const envelope = {
          from: { name: "", address: message.envelope.from },
          to: message.envelope.to.map((address) => ({ name: "", address })),
        };
        const info = await get().sendMail({ envelope: envelope as unknown as Mail.Envelope, raw: message.raw });
        // DESIGN: sesMessageId holds the relay's queue id when it names one, else the Message-ID.
        const queued = /queued as ([A-Za-z0-9._-]+)/i.exec(String(info.response ?? ""));
        const rejected = (info as { rejectedErrors?: SmtpRefusal["rejectedErrors"] }).rejectedErrors ?? [];
        return {
          providerId: queued ? queued[1] : bareId(message.messageId),
          refused: refusedRecipients(rejected).map(({ address, reply, hard }) => ({ address, reply, hard })),
        };
      } catch (err) {
        throw fromSmtpError(err, message);
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
  inFlight: UNPOOLED_IN_FLIGHT,
  send: async (message, email, _db, deadline) => ({ providerId: await sendRawWithSes(message, email, deadline), refused: [] }),
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
