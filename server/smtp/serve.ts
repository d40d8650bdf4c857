import type { Readable } from "node:stream";
import type { SMTPServer, SMTPServerSession } from "smtp-server";
import { clientOf } from "../auth/client-ip";
import { log } from "../ops/log";
import { SmtpReply } from "./replies";

/**
 * What the SMTP listeners share (submission in server/smtp, MX in server/inbound): binding
 * with a start-up error that names the variable, draining on shutdown, counting each client
 * address's connections, and reading DATA up to a size without holding the excess.
 */

/** How long DATA in progress may take to finish once shutdown begins; then the connections are cut. */
export const SMTP_DRAIN_MS = 20_000;

/** Listens, or fails start-up naming the variable whose port is taken. `label` names the listener in the log. */
export function listen(server: SMTPServer, port: number, host: string, variable: string, label: string): Promise<number> {
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
      server.on("error", (err) => log().warn({ err: err.message }, `${label}: connection error`));
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/**
 * Stop listening; connections not in DATA get 421 and are closed at once, those in DATA
 * when their reply has gone out (or when SMTP_DRAIN_MS has passed).
 */
export async function drain(server: SMTPServer, inData: Set<SMTPServerSession>): Promise<void> {
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
export function cut(server: SMTPServer, session: SMTPServerSession, text: string): void {
  for (const connection of connectionsOf(server)) {
    if (connection.session !== session) continue;
    connection.send(421, text);
    connection.close();
  }
}

/**
 * Open connections per client (IPv6 by its /64, as every per-client limit: one host cannot step
 * through its addresses), per listener process: `open` refuses past `max`, `close` gives the slot back.
 */
export class ClientConnections {
  private perClient = new Map<string, number>();
  private counted = new WeakMap<SMTPServerSession, string>();

  constructor(private readonly max: number) {}

  /** Counts the session in, or returns false when its client already holds `max`. */
  open(session: SMTPServerSession): boolean {
    const client = clientOf(session.remoteAddress);
    const open = this.perClient.get(client) ?? 0;
    if (open >= this.max) return false;
    this.perClient.set(client, open + 1);
    this.counted.set(session, client);
    return true;
  }

  close(session: SMTPServerSession): void {
    const client = this.counted.get(session);
    if (client === undefined) return;
    this.counted.delete(session);
    const open = (this.perClient.get(client) ?? 1) - 1;
    if (open <= 0) this.perClient.delete(client);
    else this.perClient.set(client, open);
  }
}

/**
 * The message's bytes, up to `max` bytes and `maxLines` lines: past either the rest is read
 * and dropped (never held), and the answer is 552 once the client has finished sending. Lines
 * are capped because the MIME parser spends time per line (a few MB of empty lines cost
 * a minute of CPU).
 */
export function receiveCapped(stream: Readable & { sizeExceeded?: boolean }, max: number, maxLines: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let lines = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1 && lines <= maxLines; at = chunk.indexOf(10, at + 1)) lines++;
      if (size > max || lines > maxLines) chunks.length = 0;
      else chunks.push(chunk);
    });
    stream.once("error", reject);
    stream.once("end", () => {
      if (size > max || stream.sizeExceeded)
        reject(new SmtpReply(552, `5.3.4 The message is larger than the limit of ${max} bytes.`, "too_large"));
      else if (lines > maxLines) reject(new SmtpReply(552, `5.3.4 The message has more than ${maxLines} lines.`, "too_many_lines"));
      else resolve(Buffer.concat(chunks, size));
    });
  });
}

/** An error's innermost message, capped: a failed query's full text would carry addresses and bodies into the log. */
export function causeOf(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return (e instanceof Error ? e.message : String(e)).slice(0, 300);
}
