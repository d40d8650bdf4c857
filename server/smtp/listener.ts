import type { Socket } from "node:net";
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from "smtp-server";
import { authenticate } from "../auth/authenticate";
import { clientOf } from "../auth/client-ip";
import { config } from "../config";
import { ApiError, formatZodError, validationError } from "../errors";
import { SMTP_COMMANDS_BEFORE_AUTH, SMTP_CONNECTIONS_PER_CLIENT, SMTP_IDLE_SECONDS, SMTP_MAX_MESSAGE_LINES } from "../limits/constants";
import { MAX_RECIPIENTS } from "../limits/constants";
import { unstorableAt, unstorableMessage } from "../lib/text";
import { log } from "../ops/log";
import { sendsAccepted, sendsRefused, smtpConnections } from "../ops/metrics";
import { assertSendingAllowed } from "../accounts/standing";
import { sendEmail } from "../sending/accept";
import { sendRequestSchema } from "../sending/request";
import { checkSmtpAuth, type SmtpUser } from "./auth";
import { submittedRequest } from "./message";
import { replyFor, SmtpReply } from "./replies";
import { causeOf, ClientConnections, cut, drain, listen, receiveCapped, SMTP_DRAIN_MS } from "./serve";
import { smtpTlsSource, type TlsSource } from "./tls";

const ENDPOINT = "smtp";

export interface SmtpListeners {
  /** The bound ports (null: that listener is off). */
  port: number | null;
  tlsPort: number | null;
  /** Stop accepting, let DATA in progress be answered, close every connection. */
  stop(): Promise<void>;
}

type Listener = "starttls" | "tls";

const isLoopback = (ip: string) => /^(127\.|::1$|::ffff:127\.)/.test(ip);

/**
 * SMTP submission (docs/smtp.md): a STARTTLS listener on SMTP_SUBMISSION_PORT and an
 * implicit-TLS one on SMTP_SUBMISSION_TLS_PORT, both on smtp-server. AUTH (an API key)
 * before anything else; each message becomes the request POST /v1/emails validates and
 * goes through the same accept path (server/sending/accept.ts), and the reply after DATA
 * waits for the stored row: `250 2.0.0 queued as <id>`.
 */
export async function startSmtpListeners(
  opts: { port?: number | null; tlsPort?: number | null; host?: string } = {},
): Promise<SmtpListeners> {
  const cfg = config();
  const settings = cfg.smtpSubmission;
  const ports = {
    port: opts.port !== undefined ? opts.port : settings.port,
    tlsPort: opts.tlsPort !== undefined ? opts.tlsPort : settings.tlsPort,
  };
  if (ports.port === null && ports.tlsPort === null) return { port: null, tlsPort: null, stop: async () => {} };
  const tls = await smtpTlsSource();
  const state: State = {
    draining: false,
    clients: new ClientConnections(SMTP_CONNECTIONS_PER_CLIENT),
    inData: new Set<SMTPServerSession>(),
  };
  const servers: { server: SMTPServer; variable: string; port: number; listener: Listener }[] = [];
  if (ports.port !== null)
    servers.push({ server: build("starttls", tls, state), variable: "SMTP_SUBMISSION_PORT", port: ports.port, listener: "starttls" });
  if (ports.tlsPort !== null)
    servers.push({ server: build("tls", tls, state), variable: "SMTP_SUBMISSION_TLS_PORT", port: ports.tlsPort, listener: "tls" });
  tls.onChange((pair) => servers.forEach(({ server }) => server.updateSecureContext(pair)));
  // Replies go out as written: with Nagle's algorithm a pipelined client's second reply waits
  // for the ACK of the first, which the client's delayed ACK holds back ~40 ms.
  for (const { server } of servers) server.server.on("connection", (socket: Socket) => socket.setNoDelay(true));
  const bound: number[] = [];
  try {
    for (const s of servers) bound.push(await listen(s.server, s.port, opts.host ?? "0.0.0.0", s.variable, "SMTP submission"));
  } catch (err) {
    await Promise.all(servers.map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve()))));
    tls.close();
    throw err;
  }
  let i = 0;
  return {
    port: ports.port === null ? null : bound[i++],
    tlsPort: ports.tlsPort === null ? null : bound[i++],
    async stop() {
      state.draining = true;
      tls.close();
      await Promise.all(servers.map(({ server }) => drain(server, state.inData)));
    },
  };
}

type State = { draining: boolean; clients: ClientConnections; inData: Set<SMTPServerSession> };

function build(listener: Listener, tls: TlsSource, state: State): SMTPServer {
  const cfg = config();
  const settings = cfg.smtpSubmission;
  const server: SMTPServer = new SMTPServer({
    secure: listener === "tls",
    key: tls.current.key,
    cert: tls.current.cert,
    name: settings.host,
    banner: "Posthaste SMTP submission",
    size: cfg.maxMessageBytes,
    authMethods: ["PLAIN", "LOGIN"],
    // AUTH before TLS is refused below, except from loopback in development.
    allowInsecureAuth: cfg.nodeEnv === "development",
    hideDSN: true,
    // Non-ASCII local parts are refused by the one address parser (server/lib/email-address.ts): not offered.
    hideSMTPUTF8: true,
    useProxy: settings.proxy,
    disableReverseLookup: true,
    maxAllowedUnauthenticatedCommands: SMTP_COMMANDS_BEFORE_AUTH,
    socketTimeout: SMTP_IDLE_SECONDS * 1000,
    closeTimeout: SMTP_DRAIN_MS,
    logger: false,

    onConnect(session, callback) {
      if (state.draining) {
        smtpConnections.inc({ listener, outcome: "refused" });
        return callback(new SmtpReply(421, "4.3.2 Shutting down; try again shortly"));
      }
      if (!state.clients.open(session)) {
        smtpConnections.inc({ listener, outcome: "refused" });
        return callback(new SmtpReply(421, `4.7.0 Too many connections from this address (at most ${SMTP_CONNECTIONS_PER_CLIENT})`));
      }
      smtpConnections.inc({ listener, outcome: "served" });
      callback();
    },

    onClose(session) {
      // A client gone in the middle of DATA: its message will never end.
      state.inData.delete(session);
      state.clients.close(session);
    },

    onAuth(auth: SMTPServerAuthentication, session, callback) {
      if (!session.secure && !(cfg.nodeEnv === "development" && isLoopback(session.remoteAddress))) {
        return callback(new SmtpReply(538, "5.7.11 Encryption required: send STARTTLS first"));
      }
      checkSmtpAuth(auth.username ?? "", auth.password ?? "", clientOf(session.remoteAddress)).then(
        (user) => callback(null, { user }),
        (err) => callback(err instanceof SmtpReply ? err : new SmtpReply(454, "4.7.0 Temporary authentication failure; try again later")),
      );
    },

    onMailFrom(_address, _session, callback) {
      if (state.draining) return callback(new SmtpReply(421, "4.3.2 Shutting down; try again shortly"));
      callback();
    },

    onRcptTo(_address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(new SmtpReply(452, `4.5.3 Too many recipients: at most ${MAX_RECIPIENTS} per message`));
      }
      callback();
    },

    onData(stream, session, callback) {
      state.inData.add(session);
      const started = Date.now();
      // The idle timeout restarts with every byte: a sender dribbling its message would hold
      // the connection (and what it sent so far) for as long as it liked.
      const deadline = setTimeout(() => {
        if (!state.inData.delete(session)) return; // the client has gone already
        sendsRefused.inc({ endpoint: ENDPOINT, type: "data_timeout" });
        logLine(session, listener, started, { reply: 421, reason: "data_timeout" });
        cut(server, session, "4.4.2 The message took too long to arrive; closing the connection");
      }, settings.dataTimeoutMs);
      receiveCapped(stream, cfg.maxMessageBytes, SMTP_MAX_MESSAGE_LINES)
        .then((raw) => submit(session, raw))
        .then(
          (id) => {
            sendsAccepted.inc({ endpoint: ENDPOINT });
            logLine(session, listener, started, { emailId: id, reply: 250 });
            callback(null, `2.0.0 queued as ${id}`);
          },
          (err) => {
            const reply = replyFor(err);
            sendsRefused.inc({ endpoint: ENDPOINT, type: reply.reason });
            // The cause only: a failed query's text would carry the message's addresses and body into the log.
            if (reply.reason === "server_error") log().error({ error: causeOf(err) }, "SMTP submission: a message could not be accepted");
            logLine(session, listener, started, { reply: reply.responseCode, reason: reply.reason });
            callback(reply);
          },
        )
        .finally(() => {
          clearTimeout(deadline);
          state.inData.delete(session);
        });
    },
  });
  return server;
}

/** One message: the key and account checked again as /v1 does per request, the request built, validated and accepted. */
async function submit(session: SMTPServerSession, raw: Buffer): Promise<string> {
  const user = session.user as unknown as SmtpUser;
  let found;
  try {
    found = await authenticate(`Bearer ${user.apiKey}`);
  } catch (err) {
    // Revoked since AUTH: refused like a /v1 request with that key.
    if (err instanceof ApiError) throw new SmtpReply(535, `5.7.8 ${err.message}`, err.type);
    throw err;
  }
  assertSendingAllowed(found.account);
  const { request, idempotencyKey } = await submittedRequest({
    mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
    rcptTo: session.envelope.rcptTo.map((r) => r.address),
    raw,
  });
  const unstorable = unstorableAt(request);
  if (unstorable !== null) throw validationError(unstorableMessage(unstorable));
  const parsed = sendRequestSchema.safeParse(request);
  if (!parsed.success) throw validationError(formatZodError(parsed.error));
  const { id } = await sendEmail(found.account, parsed.data, idempotencyKey, { source: "smtp" });
  return id;
}

/** One log line per message, accepted or refused. */
function logLine(session: SMTPServerSession, listener: Listener, started: number, outcome: Record<string, unknown>): void {
  const user = session.user as unknown as SmtpUser | undefined;
  log().info(
    {
      smtp: listener,
      client: session.remoteAddress,
      accountId: user?.accountId,
      keyId: user?.keyId,
      recipients: session.envelope.rcptTo.length,
      ms: Date.now() - started,
      ...outcome,
    },
    "smtp submission",
  );
}
