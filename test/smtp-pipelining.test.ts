import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../server/db/client";
import type { EmailRow } from "../server/delivery/email-row";
import type { Rendered } from "../server/delivery/mime";
import { smtpProvider } from "../server/delivery/providers/smtp";
import type { Provider } from "../server/delivery/providers/types";
import { BouncedSendError, PermanentSendError } from "../server/delivery/refusal";
import { reconfigure } from "./support/config";

/**
 * The relay hand-off pipelines its envelope (RFC 2920, nodemailer patched in
 * patches/nodemailer+*.patch): MAIL FROM, RCPT TO and DATA in one write, the message and
 * its closing dot in another. The relay here is scripted: when it advertises PIPELINING it
 * answers nothing until DATA has arrived, so a client waiting for each reply would stall
 * until its timeout. Each refusal must mean what it means without pipelining.
 */
interface Script {
  pipelining: boolean;
  mail?: string;
  rcpt?: (address: string) => string;
  data?: string;
}

interface Relay {
  url: string;
  /** The envelope commands, in the groups that arrived before each reply (every connection's, in order). */
  groups: string[][];
  /** Message bodies as received (still dot-stuffed), without the closing dot. */
  bodies: string[];
  stop(): Promise<void>;
}

async function scriptedRelay(script: Script): Promise<Relay> {
  const groups: string[][] = [];
  const bodies: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let pending: string[] = [];
    let inData = false;
    socket.write("220 relay.test ESMTP\r\n");
    const replyTo = (command: string): string => {
      const verb = command.slice(0, 4).toUpperCase();
      if (verb === "MAIL") return script.mail ?? "250 2.1.0 Ok";
      if (verb === "RCPT") return script.rcpt?.(/<([^>]*)>/.exec(command)?.[1] ?? "") ?? "250 2.1.5 Ok";
      return script.data ?? "354 End data with <CR><LF>.<CR><LF>";
    };
    const onLine = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") {
        socket.write(`250-relay.test\r\n${script.pipelining ? "250-PIPELINING\r\n" : ""}250 8BITMIME\r\n`);
      } else if (verb === "MAIL" || verb === "RCPT" || verb === "DATA") {
        pending.push(line);
        // Pipelined: nothing is answered before DATA. Otherwise each command at once.
        if (script.pipelining && verb !== "DATA") return;
        groups.push(pending);
        const replies = pending.map(replyTo);
        pending = [];
        socket.write(replies.map((r) => `${r}\r\n`).join(""));
        inData = verb === "DATA" && replies[replies.length - 1].startsWith("3");
      } else if (verb === "RSET" || verb === "NOOP") socket.write("250 2.0.0 Ok\r\n");
      else if (verb === "QUIT") socket.end("221 2.0.0 Bye\r\n");
      else socket.write("502 5.5.2 Unknown command\r\n");
    };
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.startsWith(".\r\n") ? 0 : buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          const body = end === 0 ? "" : buffer.slice(0, end + 2);
          buffer = buffer.slice(end === 0 ? 3 : end + 5);
          inData = false;
          bodies.push(body);
          socket.write(`250 2.0.0 Ok: queued as Q${bodies.length}\r\n`);
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        onLine(line);
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    groups,
    bodies,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const message = (to: string[], n = 1): Rendered => ({
  raw: Buffer.from(`Subject: m${n}\r\nMessage-ID: <m${n}@sender.example>\r\n\r\nfirst line\r\n.starts with a dot\r\nlast\r\n`),
  envelope: { from: "bounce+1@rp.sender.example", to },
  messageId: `<m${n}@sender.example>`,
});

const providers: Provider[] = [];
const relays: Relay[] = [];
async function relayAndProvider(script: Script) {
  const relay = await scriptedRelay(script);
  relays.push(relay);
  const provider = smtpProvider(relay.url);
  providers.push(provider);
  const send = (m: Rendered) => provider.send(m, {} as EmailRow, {} as Db, new AbortController().signal);
  return { relay, send };
}

beforeAll(() => reconfigure({ SMTP_POOL_SIZE: "1", DISPATCH_SEND_TIMEOUT_MS: "2000" }));
afterEach(async () => {
  for (const p of providers.splice(0)) await p.close();
  for (const r of relays.splice(0)) await r.stop();
});
afterAll(() => reconfigure({ SMTP_POOL_SIZE: undefined, DISPATCH_SEND_TIMEOUT_MS: undefined }));

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err as Error & { recipients?: { address: string; hard: boolean }[] },
  );

describe("the relay hand-off pipelines its envelope", () => {
  it("sends MAIL FROM, every RCPT TO and DATA before the first reply, then the message once", async () => {
    const { relay, send } = await relayAndProvider({ pipelining: true });
    const first = await send(message(["a@rcpt.example", "b@rcpt.example"], 1));
    const second = await send(message(["c@rcpt.example"], 2));
    expect(first).toEqual({ providerId: "Q1", refused: [] });
    expect(second).toEqual({ providerId: "Q2", refused: [] });
    expect(relay.groups.map((g) => g.map((c) => c.slice(0, 4)))).toEqual([
      ["MAIL", "RCPT", "RCPT", "DATA"],
      ["MAIL", "RCPT", "DATA"],
    ]);
    expect(relay.groups[0][1]).toBe("RCPT TO:<a@rcpt.example>");
    // Dot-stuffed on the way, the closing dot after it.
    expect(relay.bodies[0]).toContain("\r\n..starts with a dot\r\nlast\r\n");
  });

  it("without PIPELINING, sends one command at a time", async () => {
    const { relay, send } = await relayAndProvider({ pipelining: false });
    expect(await send(message(["a@rcpt.example"]))).toEqual({ providerId: "Q1", refused: [] });
    expect(relay.groups.map((g) => g.length)).toEqual([1, 1, 1]);
  });

  it("a recipient refused among others is that recipient's refusal; the message goes to the rest", async () => {
    const { relay, send } = await relayAndProvider({
      pipelining: true,
      rcpt: (address) => (address.startsWith("gone") ? "550 5.1.1 <gone@rcpt.example>: no such user" : "250 2.1.5 Ok"),
    });
    const accepted = await send(message(["gone@rcpt.example", "here@rcpt.example"]));
    expect(accepted.providerId).toBe("Q1");
    expect(accepted.refused).toEqual([{ address: "gone@rcpt.example", reply: "550 5.1.1 <gone@rcpt.example>: no such user", hard: true }]);
    expect(relay.bodies).toHaveLength(1);
  });

  it("every recipient refused: a bounce naming each, and the connection still serves the next message", async () => {
    let refuseAll = true;
    const { relay, send } = await relayAndProvider({
      pipelining: true,
      rcpt: () => (refuseAll ? "550 5.1.1 no such user" : "250 2.1.5 Ok"),
      // A relay that takes DATA all the same: the client ends it with an empty message.
      data: "354 go ahead",
    });
    const err = await failure(send(message(["x@rcpt.example", "y@rcpt.example"])));
    expect(err).toBeInstanceOf(BouncedSendError);
    expect(err?.recipients?.map((r) => [r.address, r.hard])).toEqual([
      ["x@rcpt.example", true],
      ["y@rcpt.example", true],
    ]);
    expect(relay.bodies).toEqual([""]);
    refuseAll = false;
    expect((await send(message(["z@rcpt.example"], 2))).providerId).toBe("Q2");
    expect(relay.groups).toHaveLength(2);
  });

  it("a refused MAIL FROM fails the message as our sender's refusal, not as its recipients' bounce", async () => {
    // The relay refuses MAIL FROM with `reply`, then the pipelined RCPT and DATA as out of sequence.
    const refusedAtMail = async (reply: string) => {
      const { send } = await relayAndProvider({
        pipelining: true,
        mail: reply,
        rcpt: () => "503 5.5.1 need MAIL",
        data: "503 5.5.1 need RCPT",
      });
      return failure(send(message(["a@rcpt.example"])));
    };
    const err = await refusedAtMail("550 5.7.1 sender not allowed");
    expect(err).toBeInstanceOf(PermanentSendError);
    expect(err).not.toBeInstanceOf(BouncedSendError);
    expect(err?.message).toContain("550 5.7.1 sender not allowed");

    const later = await refusedAtMail("451 4.3.0 try later");
    expect(later).toBeInstanceOf(Error);
    expect(later).not.toBeInstanceOf(PermanentSendError);
    expect(later?.message).toContain("451 4.3.0 try later");
  });
});
