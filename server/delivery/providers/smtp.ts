import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import { config } from "../../config";
import type { Rendered } from "../mime";
import { BouncedSendError, classifyRefusal, PermanentSendError, type RefusedRecipient } from "../refusal";
import { deliverySettings } from "../settings";
import { bareMessageId, type Provider } from "./types";

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
    if (refused.some((r) => r.hard))
      return new BouncedSendError(
        text,
        refused.map(({ address, reply, hard }) => ({ address, reply, hard })),
      );
    return new PermanentSendError(text);
  }
  const klass = e.responseCode ? classifyRefusal(e.response ?? "", e.responseCode) : "temporary";
  if (klass === "bounce" && e.command !== "MAIL FROM") {
    return new BouncedSendError(
      text,
      message.envelope.to.map((address) => ({ address, reply: e.response ?? e.message, hard: true })),
    );
  }
  if (klass !== "temporary") return new PermanentSendError(text);
  return err instanceof Error ? err : new Error(String(err));
}

/** What the pool reports of a message the relay took. */
interface SentInfo {
  response?: string;
  rejectedErrors?: SmtpRefusal["rejectedErrors"];
}

/**
 * The rendered message straight to nodemailer's pool, shaped as its transports receive mail
 * from sendMail: the envelope, the Message-ID, and the message as one Buffer, which the
 * connection writes in one go (dot-stuffed on the way). sendMail({ raw }) would wrap the
 * finished bytes in a MimeNode and stream them through it again, chunk by chunk: about a
 * tenth of dispatch's CPU (docs/benchmarks.md). With a relay that offers PIPELINING the
 * envelope goes in one write and the message with its closing dot in another (nodemailer
 * patched: docs/decisions/0050-the-relay-hand-off-pipelines.md). Nothing of sendMail's address handling is
 * missed: the envelope holds canonical ASCII addresses, checked at the door
 * (server/lib/email-address.ts), and SMTPConnection refuses CR, LF and angle brackets in them.
 */
function poolSend(transport: Transporter, message: Rendered): Promise<SentInfo> {
  const pool = transport.transporter as unknown as {
    send(mail: unknown, callback: (err: Error | null, info: SentInfo) => void): boolean | void;
  };
  const mail = {
    data: {},
    message: {
      getEnvelope: () => ({ from: message.envelope.from, to: [...message.envelope.to] }),
      messageId: () => message.messageId,
      getHeader: (name: string) => (name.toLowerCase() === "message-id" ? message.messageId : undefined),
      createReadStream: () => message.raw,
    },
  };
  return new Promise((resolve, reject) => {
    const queued = pool.send(mail, (err, info) => (err ? reject(err) : resolve(info)));
    if (queued === false) reject(new Error("the SMTP transport is closed"));
  });
}

/** SMTP_URL's relay through one pooled nodemailer transport. */
export function smtpProvider(url: string): Provider {
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
      tls: { rejectUnauthorized: config().smtpTlsRejectUnauthorized },
    } as nodemailer.TransportOptions));
  return {
    name: "smtp",
    signs: true,
    // Two hand-offs per connection: a connection starts its next message while the last
    // one's outcome is still being recorded (group commit) instead of idling through it.
    inFlight: settings.smtpPoolSize * 2,
    async send(message) {
      try {
        const info = await poolSend(get(), message);
        // DESIGN: sesMessageId holds the relay's queue id when it names one, else the Message-ID.
        const queued = /queued as ([A-Za-z0-9._-]+)/i.exec(String(info.response ?? ""));
        const rejected = info.rejectedErrors ?? [];
        return {
          providerId: queued ? queued[1] : bareMessageId(message.messageId),
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
