import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTP_COMMANDS_BEFORE_AUTH, SMTP_CONNECTIONS_PER_CLIENT, SMTP_MAX_MESSAGE_LINES } from "../server/limits/constants";
import { selfSignedPair } from "../server/smtp/tls";
import { startTestServer, type TestServer } from "./support/harness";
import { RawSmtp } from "./support/smtp-client";
import { sql } from "./support/db";
import { until } from "./support/wait";

/**
 * The listener's settings and limits: certificate files (and their reload), PROXY
 * protocol (so each test is its own client address), per-client connections, commands
 * before AUTH, a port already in use, and the metrics.
 */
let server: TestServer;
let port: number;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-smtp-tls-"));
const certFile = path.join(dir, "cert.pem");
const keyFile = path.join(dir, "key.pem");
let clients = 0;

beforeAll(async () => {
  const first = await selfSignedPair("first.example");
  fs.writeFileSync(certFile, first.cert);
  fs.writeFileSync(keyFile, first.key);
  server = await startTestServer({
    SMTP_SUBMISSION_PORT: "0",
    SMTP_SUBMISSION_TLS_PORT: "off",
    SMTP_TLS_CERT_FILE: certFile,
    SMTP_TLS_KEY_FILE: keyFile,
    SMTP_SUBMISSION_PROXY: "1",
    SMTP_AUTH_FAILURES_PER_IP: "3",
    SMTP_DATA_TIMEOUT: "2",
    METRICS_TOKEN: "metrics-token",
  });
  port = server.smtp!.port!;
  expect(server.smtp!.tlsPort).toBeNull();
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A client address of its own (through the PROXY header), so limits in one test leave the others alone. */
const address = () => `198.51.100.${++clients}`;
const proxyLine = (ip: string) => `PROXY TCP4 ${ip} 127.0.0.1 40000 ${port}\r\n`;

/** The certificate the STARTTLS listener serves now: its subject's common name. */
async function servedName(): Promise<string> {
  const { client } = await RawSmtp.connect(port, { proxy: proxyLine(address()) });
  await client.command("EHLO client.example");
  await client.command("STARTTLS");
  const socket = (client as unknown as { socket: net.Socket }).socket;
  socket.removeAllListeners("data");
  const secure = tls.connect({ socket, rejectUnauthorized: false });
  await new Promise((resolve) => secure.once("secureConnect", resolve));
  const cn = secure.getPeerCertificate().subject.CN as string;
  secure.destroy();
  return cn;
}

describe("SMTP submission: settings and limits", () => {
  it("serves the certificate from the files, and the new one once the files change", async () => {
    expect(await servedName()).toBe("first.example");
    const second = await selfSignedPair("second.example");
    // A key that does not match the certificate (mid-renewal) keeps the old pair.
    fs.writeFileSync(certFile, second.cert);
    await new Promise((r) => setTimeout(r, 6000));
    expect(await servedName()).toBe("first.example");
    fs.writeFileSync(keyFile, second.key);
    await until(servedName, (cn) => cn === "second.example", 15_000, "the renewed certificate");
  }, 40_000);

  it("reads the client's address from the PROXY header: AUTH failures count against it", async () => {
    const account = await server.account();
    const ip = address();
    const { client } = await RawSmtp.connect(port, { proxy: proxyLine(ip) });
    await client.command("EHLO client.example");
    await client.starttls();
    await client.command("EHLO client.example");
    for (let i = 0; i < 3; i++) expect(await client.authPlain("posthaste", "re_wrong")).toMatch(/^535/);
    expect(await client.authPlain("posthaste", account.apiKey)).toMatch(/^454 4\.7\.0/);
    client.close();
    const [row] = await sql("select count from auth_rate_limits where key = ?", `smtp-auth:${ip}`);
    expect(row.count).toBe(3);
    // Another address is not affected.
    const other = await RawSmtp.connect(port, { proxy: proxyLine(address()) });
    await other.client.command("EHLO client.example");
    await other.client.starttls();
    await other.client.command("EHLO client.example");
    expect(await other.client.authPlain("posthaste", account.apiKey)).toMatch(/^235/);
    other.client.close();
  });

  it("counts an IPv6 client by its /64: stepping through its addresses neither resets AUTH failures nor adds connections", async () => {
    const account = await server.account();
    const prefix = `2001:db8:${(++clients).toString(16)}:7`;
    const line = (host: number) => `PROXY TCP6 ${prefix}::${host.toString(16)} ::1 40000 ${port}\r\n`;
    for (let i = 1; i <= 3; i++) {
      const { client } = await RawSmtp.connect(port, { proxy: line(i) });
      await client.command("EHLO client.example");
      await client.starttls();
      await client.command("EHLO client.example");
      expect(await client.authPlain("posthaste", "re_wrong")).toMatch(/^535/);
      client.close();
    }
    const { client } = await RawSmtp.connect(port, { proxy: line(0xffff) });
    await client.command("EHLO client.example");
    await client.starttls();
    await client.command("EHLO client.example");
    expect(await client.authPlain("posthaste", account.apiKey)).toMatch(/^454 4\.7\.0/);
    client.close();
    const [row] = await sql("select count from auth_rate_limits where key = ?", `smtp-auth:${prefix}::/64`);
    expect(row.count).toBe(3);

    const open = await Promise.all(
      Array.from({ length: SMTP_CONNECTIONS_PER_CLIENT }, (_, i) => RawSmtp.connect(port, { proxy: line(0x100 + i) })),
    );
    for (const o of open) expect(o.greeting).toMatch(/^220/);
    const refused = await RawSmtp.connect(port, { proxy: line(0x999) });
    expect(refused.greeting).toMatch(/^421 4\.7\.0 Too many connections/);
    for (const o of [...open, refused]) o.client.close();
  });

  it("caps connections per client address", async () => {
    const ip = address();
    const open = await Promise.all(
      Array.from({ length: SMTP_CONNECTIONS_PER_CLIENT }, () => RawSmtp.connect(port, { proxy: proxyLine(ip) })),
    );
    for (const o of open) expect(o.greeting).toMatch(/^220/);
    const refused = await RawSmtp.connect(port, { proxy: proxyLine(ip) });
    expect(refused.greeting).toMatch(/^421 4\.7\.0 Too many connections/);
    const elsewhere = await RawSmtp.connect(port, { proxy: proxyLine(address()) });
    expect(elsewhere.greeting).toMatch(/^220/);
    for (const o of [...open, refused, elsewhere]) o.client.close();
    // Closed connections are forgotten.
    await until(
      async () => {
        const again = await RawSmtp.connect(port, { proxy: proxyLine(ip) });
        again.client.close();
        return again.greeting;
      },
      (greeting) => greeting.startsWith("220"),
      5000,
      "the address's connections to be counted down",
    );
  });

  it("cuts a message still arriving at SMTP_DATA_TIMEOUT, however steadily its bytes dribble in", async () => {
    const account = await server.account();
    const { client } = await RawSmtp.connect(port, { proxy: proxyLine(address()) });
    await client.command("EHLO client.example");
    await client.starttls();
    await client.command("EHLO client.example");
    expect(await client.authPlain("posthaste", account.apiKey)).toMatch(/^235/);
    expect(await client.command("MAIL FROM:<a@slow.example>")).toMatch(/^250/);
    expect(await client.command("RCPT TO:<b@example.org>")).toMatch(/^250/);
    expect(await client.command("DATA")).toMatch(/^354/);
    const started = Date.now();
    // A byte every 200 ms: never idle long enough for the idle timeout.
    const drip = setInterval(() => !client.closed && client.write("x"), 200);
    try {
      expect(await client.reply(10_000)).toMatch(/^421 4\.4\.2 The message took too long to arrive/);
      await until(
        () => client.closed,
        (closed) => closed,
        5000,
        "the connection to close",
      );
    } finally {
      clearInterval(drip);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it("refuses a message of more lines than SMTP_MAX_MESSAGE_LINES with 552 without parsing it, keeping the connection", async () => {
    const account = await server.account();
    const { client } = await RawSmtp.connect(port, { proxy: proxyLine(address()) });
    await client.command("EHLO client.example");
    await client.starttls();
    await client.command("EHLO client.example");
    expect(await client.authPlain("posthaste", account.apiKey)).toMatch(/^235/);
    for (const [lines, reply] of [
      [SMTP_MAX_MESSAGE_LINES + 1, `552 5.3.4 The message has more than ${SMTP_MAX_MESSAGE_LINES} lines.`],
      // Within the cap the message goes on to the send rules (this sender has no verified domain).
      [10, "550 5.7.1"],
    ] as const) {
      expect(await client.command("MAIL FROM:<a@lines.example>")).toMatch(/^250/);
      expect(await client.command("RCPT TO:<b@example.org>")).toMatch(/^250/);
      expect(await client.command("DATA")).toMatch(/^354/);
      client.write(`From: a@lines.example\r\nTo: b@example.org\r\nSubject: x\r\n${"\r\n".repeat(lines)}.\r\n`);
      expect(await client.reply(30_000)).toMatch(new RegExp(`^${reply.replace(/\./g, "\\.")}`));
    }
    client.close();
  });

  it("closes a connection that sends too many commands before AUTH", async () => {
    const { client } = await RawSmtp.connect(port, { proxy: proxyLine(address()) });
    let last = "";
    for (let i = 0; i <= SMTP_COMMANDS_BEFORE_AUTH + 1 && !client.closed; i++) last = await client.command("NOOP");
    expect(last === "" || /^421/.test(last)).toBe(true);
    await until(
      () => client.closed,
      (closed) => closed,
      5000,
      "the connection to close",
    );
  });

  it("fails to start with an error naming the variable when its port is taken", async () => {
    const { startSmtpListeners } = await import("../server/smtp/listener");
    await expect(startSmtpListeners({ port, tlsPort: null, host: "127.0.0.1" })).rejects.toThrow(
      `SMTP_SUBMISSION_PORT: port ${port} is already in use`,
    );
  });

  it("counts connections and AUTH failures in the metrics", async () => {
    const res = await server.api("GET", "/metrics", { headers: { authorization: "Bearer metrics-token" } });
    expect(res.text).toMatch(/posthaste_smtp_connections_total\{listener="starttls",outcome="served"\} \d+/);
    expect(res.text).toMatch(/posthaste_smtp_connections_total\{listener="starttls",outcome="refused"\} [1-9]/);
    expect(res.text).toMatch(/posthaste_smtp_auth_failures_total\{reason="malformed"\} [1-9]/);
    expect(res.text).toMatch(/posthaste_smtp_auth_failures_total\{reason="too_many"\} [1-9]/);
  });
});
