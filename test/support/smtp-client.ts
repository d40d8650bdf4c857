import net from "node:net";
import tls from "node:tls";

/**
 * A bare SMTP client over a socket, for the protocol's edge cases that a real client
 * library would smooth over: commands written as given, each reply read whole.
 */
export class RawSmtp {
  private buffer = "";
  private waiting: (() => void) | null = null;
  closed = false;

  private constructor(private socket: net.Socket) {
    this.listen(socket);
  }

  /** Connects (implicit TLS with `tls`), reads the greeting; `proxy` is written first (a PROXY protocol line). */
  static async connect(port: number, opts: { tls?: boolean; proxy?: string } = {}): Promise<{ client: RawSmtp; greeting: string }> {
    const socket = opts.tls
      ? tls.connect({ port, host: "127.0.0.1", rejectUnauthorized: false })
      : net.connect({ port, host: "127.0.0.1" });
    await new Promise<void>((resolve, reject) => {
      socket.once(opts.tls ? "secureConnect" : "connect", () => resolve());
      socket.once("error", reject);
    });
    if (opts.proxy) socket.write(opts.proxy);
    const client = new RawSmtp(socket);
    return { client, greeting: await client.reply() };
  }

  private listen(socket: net.Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.buffer += chunk;
      this.waiting?.();
    });
    socket.on("close", () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on("error", () => {});
  }

  /** The next whole reply (every line of a multi-line one), or "" once the server has closed. */
  async reply(timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const lines = this.buffer.split("\r\n");
      const end = lines.findIndex((line) => /^\d{3} /.test(line) || /^\d{3}$/.test(line));
      if (end >= 0) {
        const reply = lines.slice(0, end + 1).join("\n");
        this.buffer = lines.slice(end + 1).join("\r\n");
        return reply;
      }
      if (this.closed) return "";
      if (Date.now() > deadline) throw new Error(`no reply within ${timeoutMs} ms (have: ${JSON.stringify(this.buffer)})`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
      this.waiting = null;
    }
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  async command(line: string): Promise<string> {
    this.write(`${line}\r\n`);
    return this.reply();
  }

  async starttls(): Promise<string> {
    const answer = await this.command("STARTTLS");
    if (!answer.startsWith("220")) return answer;
    this.socket.removeAllListeners("data");
    const secure = tls.connect({ socket: this.socket, rejectUnauthorized: false });
    await new Promise<void>((resolve, reject) => {
      secure.once("secureConnect", () => resolve());
      secure.once("error", reject);
    });
    this.socket = secure;
    this.listen(secure);
    return answer;
  }

  /** AUTH PLAIN with this user and password. */
  authPlain(user: string, password: string): Promise<string> {
    return this.command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${password}`).toString("base64")}`);
  }

  close(): void {
    this.socket.destroy();
  }
}

/** A minimal message: From, To, Subject and a text body, CRLF line ends. */
export function rfc822(opts: { from: string; to: string; subject?: string; headers?: string[]; body?: string }): string {
  return [
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    `Subject: ${opts.subject ?? "Hello"}`,
    ...(opts.headers ?? []),
    "",
    opts.body ?? "Hello over SMTP.",
    "",
  ].join("\r\n");
}
