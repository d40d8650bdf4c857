import dns2 from "dns2";

// dns2's typings lag its runtime (RCODE, per-type resource fields): use it untyped here.
const Packet = (dns2 as any).Packet;

export type DnsType = "TXT" | "MX" | "CNAME" | "NS" | "A" | "AAAA";

/** An MX value is "priority host" or just "host" (priority 10). */
export interface TestDnsServer {
  /** "127.0.0.1:<port>", ready for DNS_SERVERS. */
  address: string;
  port: number;
  /** Replaces every record of this name and type (an empty list removes them). */
  set(name: string, type: DnsType, values: string[]): void;
  remove(name: string, type?: DnsType): void;
  clear(): void;
  /** While true, every query is answered SERVFAIL: a resolver that is down. */
  setFailing(failing: boolean): void;
  /** Every answer waits this long (0: none): a slow resolver. */
  setDelay(ms: number): void;
  stop(): Promise<void>;
}

const norm = (name: string) => name.toLowerCase().replace(/\.$/, "");

/** TXT strings over 255 bytes must travel as several character-strings (a DKIM key needs it). */
function chunks(value: string): string[] {
  const bytes = Buffer.from(value, "utf8");
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += 255) out.push(bytes.subarray(i, i + 255).toString("utf8"));
  return out.length ? out : [""];
}

/**
 * A real DNS server (dns2, UDP and TCP on one loopback port) for integration tests:
 * point the service at it with DNS_SERVERS=<address>, then publish records.
 */
async function bindUdpAndTcp({ udp, tcp }: { udp: any; tcp: any }, wanted: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    udp.once("error", reject);
    udp.bind(wanted, "127.0.0.1", () => {
      udp.off("error", reject);
      resolve();
    });
  });
  const port: number = udp.address().port;
  await new Promise<void>((resolve, reject) => {
    tcp.once("error", reject);
    tcp.listen(port, "127.0.0.1", () => {
      tcp.off("error", reject);
      resolve();
    });
  });
  return port;
}

function withErrorsHeard<T extends { on(event: "error", listener: (err: Error) => void): unknown }>(server: T): T {
  server.on("error", () => {});
  return server;
}

/** On `port` when given (a fixed one a separately started service is pointed at), else on a free one. */
export async function startDnsServer(opts: { port?: number } = {}): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  let failing = false;
  let delayMs = 0;
  const key = (name: string, type: DnsType) => `${norm(name)}|${type}`;

  // dns2 re-emits its sockets' errors on the server object: unheard there, a port taken for
  // TCP (handled below, by starting over) became an uncaught exception that failed the file.
  const createServer = () =>
    withErrorsHeard(
      dns2.createServer({
        udp: true,
        tcp: true,
        handle(request: any, answer: (response: any) => void) {
          const send = (response: any) => (delayMs ? setTimeout(() => answer(response), delayMs) : answer(response));
          const response: any = Packet.createResponseFromRequest(request);
          if (failing) {
            response.header.rcode = Packet.RCODE.SERVFAIL;
            send(response);
            return;
          }
          const [question] = request.questions;
          const name = norm(question.name);
          const typeName = Object.entries(Packet.TYPE).find(([, code]) => code === question.type)?.[0] as DnsType | undefined;
          const values = typeName ? (records.get(key(name, typeName)) ?? []) : [];
          for (const value of values) {
            const base = { name: question.name, type: question.type, class: Packet.CLASS.IN, ttl: 1 };
            if (typeName === "TXT") response.answers.push({ ...base, data: chunks(value) });
            else if (typeName === "MX") {
              const [a, b] = value.split(/\s+/);
              response.answers.push(b ? { ...base, priority: Number(a), exchange: b } : { ...base, priority: 10, exchange: a });
            } else if (typeName === "CNAME") response.answers.push({ ...base, domain: value });
            else if (typeName === "NS") response.answers.push({ ...base, ns: value });
            else if (typeName === "A" || typeName === "AAAA") response.answers.push({ ...base, address: value });
          }
          send(response);
        },
      } as any),
    );

  // Bind UDP to a free port, then TCP to the same number (truncated answers retry over TCP).
  // That number may be taken for TCP (files run in parallel): then start over on another.
  // A fixed port is taken or not: no second try.
  let server = createServer();
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      port = await bindUdpAndTcp((server as any).servers, opts.port ?? 0);
      break;
    } catch (err) {
      const { udp, tcp } = (server as any).servers;
      udp.close();
      tcp.close();
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 20 || opts.port) throw err;
      server = createServer();
    }
  }

  return {
    address: `127.0.0.1:${port}`,
    port,
    set(name, type, values) {
      if (values.length) records.set(key(name, type), [...values]);
      else records.delete(key(name, type));
    },
    remove(name, type) {
      for (const t of type ? [type] : (["TXT", "MX", "CNAME", "NS", "A", "AAAA"] as const)) records.delete(key(name, t));
    },
    clear() {
      records.clear();
    },
    setFailing(value) {
      failing = value;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    async stop() {
      const { udp, tcp } = (server as any).servers;
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}
