import type { Socket } from "node:net";
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import { clientOf } from "../auth/client-ip";
import { config } from "../config";
import { receivingDomainFor } from "../domains/receiving";
import { parseAddress } from "../lib/email-address";
import {
  MX_CONNECTIONS_PER_CLIENT,
  MX_FLOW_WAIT_MS,
  MX_RECIPIENTS_PER_MESSAGE,
  MX_REFUSED_RECIPIENTS_PER_CONNECTION,
  MX_SESSION_SECONDS,
  SMTP_IDLE_SECONDS,
  SMTP_MAX_MESSAGE_LINES,
} from "../limits/constants";
import { log } from "../ops/log";
import { inboundMessages, mxConnections } from "../ops/metrics";
import { replyFor, SmtpReply } from "../smtp/replies";
import { causeOf, ClientConnections, drain, listen, receiveCapped, SMTP_DRAIN_MS } from "../smtp/serve";
import { smtpTlsSource } from "../smtp/tls";
import { ClientRate } from "./client-rate";
import { awaitInboundFlow } from "./flow";
import { drainInHand } from "./in-hand";
import { storeInbound, type InboundRecipient } from "./store";

export interface MxListener {
  /** The bound port (null: off). */
  port: number | null;
  /** Stop accepting, let DATA in progress be answered, close every connection. */
  stop(): Promise<void>;
}

const SHUTTING_DOWN = () => new SmtpReply(421, "4.3.2 Shutting down; try again shortly", "shutting_down");

/**
 * The MX listener (docs/inbound.md): mail from the internet for tenants' receiving domains,
 * on smtp-server. STARTTLS with the submission certificate, no AUTH, and never a relay:
 * each RCPT TO is read by the one address parser and must name a domain that receives in
 * some account (server/domains/receiving.ts), else 550 5.1.1. Per client address: open
 * connections, messages per minute, refused recipients per connection; SIZE from
 * MAX_INBOUND_BYTES, enforced while the message streams. Per account: RCPT TO waits while
 * the account's parse backlog is full (flow.ts). The message is stored before the
 * 250 (server/inbound/store.ts), then parsed in this process or by the inbound-parse task.
 */
export async function startMxListener(opts: { port?: number | null; host?: string } = {}): Promise<MxListener> {
  const cfg = config();
  const port = opts.port !== undefined ? opts.port : cfg.inbound.mxPort;
  if (port === null) return { port: null, stop: async () => {} };
  const tls = await smtpTlsSource();
  const host = cfg.smtpSubmission.host;
  const maxBytes = cfg.inbound.maxBytes;
  // Submission's line cap, raised so a message of MAX_INBOUND_BYTES in full 76-character lines fits.
  const maxLines = Math.max(SMTP_MAX_MESSAGE_LINES, Math.ceil(maxBytes / 76));
  const state = { draining: false, inData: new Set<SMTPServerSession>() };
  const clients = new ClientConnections(MX_CONNECTIONS_PER_CLIENT);
  const rate = new ClientRate(cfg.inbound.messagesPerMinute);
  /** The account each accepted recipient belongs to, keyed by smtp-server's address object in the envelope. */
  const recipientOf = new WeakMap<SMTPServerAddress, InboundRecipient>();
  const refusedRecipients = new Map<string, number>();
  /** Milliseconds the current message's recipients have waited for the parse backlog (flow.ts), by session. */
  const flowWaited = new Map<string, number>();

  const server = new SMTPServer({
    key: tls.current.key,
    cert: tls.current.cert,
    name: host,
    banner: "Posthaste ESMTP",
    size: maxBytes,
    // No AUTH at all: nobody logs in to an MX, and nothing is relayed.
    disabledCommands: ["AUTH"],
    authOptional: true,
    hideDSN: true,
    // Non-ASCII local parts are refused by the one address parser: not offered.
    hideSMTPUTF8: true,
    disableReverseLookup: true,
    maxRecipients: MX_RECIPIENTS_PER_MESSAGE,
    socketTimeout: SMTP_IDLE_SECONDS * 1000,
    closeTimeout: SMTP_DRAIN_MS,
    logger: false,

    onConnect(session, callback) {
      if (state.draining) {
        mxConnections.inc({ outcome: "refused" });
        return callback(SHUTTING_DOWN());
      }
      if (!clients.open(session)) {
        mxConnections.inc({ outcome: "refused" });
        return callback(new SmtpReply(421, `4.7.0 Too many connections from this address (at most ${MX_CONNECTIONS_PER_CLIENT})`));
      }
      mxConnections.inc({ outcome: "served" });
      callback();
    },

    onClose(session) {
      state.inData.delete(session);
      refusedRecipients.delete(session.id);
      flowWaited.delete(session.id);
      clients.close(session);
    },

    onMailFrom(_address, session, callback) {
      if (state.draining) return callback(SHUTTING_DOWN());
      // IPv6 by its /64, as every per-client limit.
      if (!rate.take(clientOf(session.remoteAddress))) {
        inboundMessages.inc({ outcome: "refused", reason: "rate_limited" });
        return callback(new SmtpReply(450, "4.7.1 Too many messages from this address; try again later", "rate_limited"));
      }
      flowWaited.set(session.id, 0);
      callback();
    },

    onRcptTo(address, session, callback) {
      const refuse = (reply: SmtpReply) => {
        const refused = (refusedRecipients.get(session.id) ?? 0) + 1;
        refusedRecipients.set(session.id, refused);
        inboundMessages.inc({ outcome: "refused", reason: reply.reason });
        // Guessing addresses one after another: the connection goes.
        if (refused >= MX_REFUSED_RECIPIENTS_PER_CONNECTION)
          return callback(new SmtpReply(421, "4.7.0 Too many refused recipients; closing the connection", reply.reason));
        callback(reply);
      };
      const parsed = parseAddress(address.address);
      if (!parsed.ok) return refuse(new SmtpReply(550, "5.1.1 Recipient address rejected: not a valid address", "unknown_recipient"));
      receivingDomainFor(parsed.value.domain).then(
        (receiving) => {
          if (!receiving)
            return refuse(
              new SmtpReply(550, "5.1.1 Recipient address rejected: this server does not receive mail for it", "unknown_recipient"),
            );
          recipientOf.set(address, { address: parsed.value.address, accountId: receiving.accountId });
          // Mail for an account arriving faster than it is parsed waits here, before its data is sent.
          const waited = flowWaited.get(session.id) ?? 0;
          awaitInboundFlow(receiving.accountId, MX_FLOW_WAIT_MS - waited, () => state.draining).then(
            (ms) => {
              flowWaited.set(session.id, waited + ms);
              callback(state.draining ? SHUTTING_DOWN() : undefined);
            },
            (err: unknown) => {
              log().error({ error: causeOf(err) }, "MX: the parse backlog could not be read");
              callback();
            },
          );
        },
        (err) => {
          log().error({ error: causeOf(err) }, "MX: a recipient could not be looked up");
          callback(new SmtpReply(451, "4.3.0 Temporary server error; try again later", "server_error"));
        },
      );
    },

    onData(stream, session, callback) {
      state.inData.add(session);
      const started = Date.now();
      const recipients = session.envelope.rcptTo.map((r) => recipientOf.get(r)).filter((r): r is InboundRecipient => Boolean(r));
      receiveCapped(stream, maxBytes, maxLines)
        .then((raw) =>
          storeInbound({
            raw,
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            recipients,
            clientIp: session.remoteAddress,
            helo: session.hostNameAppearsAs || "",
            secure: session.secure,
            host,
          }),
        )
        .then(
          (ids) => {
            inboundMessages.inc({ outcome: "stored", reason: "" });
            logLine(session, started, recipients, { ids, reply: 250 });
            callback(null, `2.0.0 Ok: queued as ${ids.join(" ")}`);
          },
          (err) => {
            const reply = replyFor(err);
            inboundMessages.inc({ outcome: "refused", reason: reply.reason });
            if (reply.reason === "server_error") log().error({ error: causeOf(err) }, "MX: a message could not be stored");
            logLine(session, started, recipients, { reply: reply.responseCode, reason: reply.reason });
            callback(reply);
          },
        )
        .finally(() => state.inData.delete(session));
    },
  });
  tls.onChange((pair) => server.updateSecureContext(pair));
  server.server.on("connection", (socket: Socket) => {
    // Replies go out as written (no Nagle wait), and no connection outlives MX_SESSION_SECONDS, however it trickles.
    socket.setNoDelay(true);
    const cut = setTimeout(() => socket.destroy(), MX_SESSION_SECONDS * 1000);
    cut.unref();
    socket.once("close", () => clearTimeout(cut));
  });
  let bound: number;
  try {
    bound = await listen(server, port, opts.host ?? "0.0.0.0", "SMTP_MX_PORT", "MX");
  } catch (err) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    tls.close();
    throw err;
  }
  return {
    port: bound,
    async stop() {
      state.draining = true;
      tls.close();
      await drain(server, state.inData);
      // What this process stored leased to itself is parsed before the database closes.
      await drainInHand();
    },
  };
}

/** One log line per message, stored or refused after DATA (never its addresses or body). */
function logLine(session: SMTPServerSession, started: number, recipients: InboundRecipient[], outcome: Record<string, unknown>): void {
  log().info(
    {
      mx: true,
      client: session.remoteAddress,
      tls: session.secure,
      recipients: recipients.length,
      accounts: new Set(recipients.map((r) => r.accountId)).size,
      ms: Date.now() - started,
      ...outcome,
    },
    "inbound message",
  );
}
