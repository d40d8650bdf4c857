import type { Socket } from "node:net";
import type { Readable } from "node:stream";
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
import { smtpTlsSource, type TlsSource } from "./tls";

/** How long DATA in progress may take to finish once shutdown begins; then the connections are cut. */
const SMTP_DRAIN_MS = 20_000;
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
  const state = { draining: false, perClient: new Map<string, number>(), inData: new Set<SMTPServerSession>() };
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
    for (const s of servers) bound.push(await listen(s.server, s.port, opts.host ?? "0.0.0.0", s.variable));
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

/** Listens, or fails start-up naming the variable whose port is taken. */
function listen(server: SMTPServer, port: number, host: string, variable: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(
        err.code === "EADDRINUSE"
          ? new Error(`${variable}: port ${port} is already in use (set another port, or off for no listener)`)
          : err.code === "EACCES"
            ? new Error(
                `${variable}: port ${port} needs privileges this process lacks (use a port above 1023, or grant CAP_NET_BIND_SERVICE)`,
              )
            : err,
      );
    };
    // smtp-server re-emits its socket server's errors on itself.
    server.once("error", onError);
    server.listen(port, host, () => {
      server.removeListener("error", onError);
      server.on("error", (err) => log().warn({ err: err.message }, "SMTP submission: connection error"));
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/**
 * Stop listening; connections not in DATA get 421 and are closed at once, those in DATA
 * when their reply has gone out (or when SMTP_DRAIN_MS has passed).
 */
async function drain(server: SMTPServer, inData: Set<SMTPServerSession>): Promise<void> {
  const closed = new Promise<void>((resolve) => server.server.close(() => resolve()));
  const connections = connectionsOf(server);
  const deadline = Date.now() + SMTP_DRAIN_MS;
  const told = new WeakSet<object>();
  while (connections.size) {
    for (const connection of connections) {
      if (told.has(connection) || (inData.has(connection.session) && Date.now() < deadline)) continue;
      told.add(connection);
      connection.send(421, "4.3.2 Shutting down; try again shortly");
      connection.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await closed;
}

type Connection = { session: SMTPServerSession; send(code: number, text: string): void; close(): void };

/** smtp-server's open connections (not part of its typed API). */
const connectionsOf = (server: SMTPServer) => (server as unknown as { connections: Set<Connection> }).connections;

/** Answers `text` with 421 and closes the session's connection, wherever it is in the protocol. */
function cut(server: SMTPServer, session: SMTPServerSession, text: string): void {
  for (const connection of connectionsOf(server)) {
    if (connection.session !== session) continue;
    connection.send(421, text);
    connection.close();
  }
}

type State = { draining: boolean; perClient: Map<string, number>; inData: Set<SMTPServerSession> };

function build(listener: Listener, tls: TlsSource, state: State): SMTPServer {
  const cfg = config();
  const settings = cfg.smtpSubmission;
  const counted = new WeakSet<SMTPServerSession>();
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
      // IPv6 by its /64, as every per-client limit: one host cannot step through its addresses.
      const client = clientOf(session.remoteAddress);
      const open = state.perClient.get(client) ?? 0;
      if (open >= SMTP_CONNECTIONS_PER_CLIENT) {
        smtpConnections.inc({ listener, outcome: "refused" });
        return callback(new SmtpReply(421, `4.7.0 Too many connections from this address (at most ${SMTP_CONNECTIONS_PER_CLIENT})`));
      }
      state.perClient.set(client, open + 1);
      counted.add(session);
      smtpConnections.inc({ listener, outcome: "served" });
      callback();
    },

    onClose(session) {
      // A client gone in the middle of DATA: its message will never end.
      state.inData.delete(session);
      if (!counted.delete(session)) return;
      const client = clientOf(session.remoteAddress);
      const open = (state.perClient.get(client) ?? 1) - 1;
      if (open <= 0) state.perClient.delete(client);
      else state.perClient.set(client, open);
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
      receive(stream, cfg.maxMessageBytes)
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

/**
 * The message's bytes, up to `max` bytes and SMTP_MAX_MESSAGE_LINES lines: past either the
 * rest is read and dropped (never held), and the answer is 552 once the client has finished
 * sending.
 */
function receive(stream: Readable & { sizeExceeded?: boolean }, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let lines = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1 && lines <= SMTP_MAX_MESSAGE_LINES; at = chunk.indexOf(10, at + 1)) lines++;
      if (size > max || lines > SMTP_MAX_MESSAGE_LINES) chunks.length = 0;
      else chunks.push(chunk);
    });
    stream.once("error", reject);
    stream.once("end", () => {
      if (size > max || stream.sizeExceeded)
        reject(new SmtpReply(552, `5.3.4 The message is larger than the limit of ${max} bytes.`, "too_large"));
      else if (lines > SMTP_MAX_MESSAGE_LINES)
        reject(new SmtpReply(552, `5.3.4 The message has more than ${SMTP_MAX_MESSAGE_LINES} lines.`, "too_many_lines"));
      else resolve(Buffer.concat(chunks, size));
    });
  });
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

/** An error's innermost message, capped. */
function causeOf(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return (e instanceof Error ? e.message : String(e)).slice(0, 300);
}
