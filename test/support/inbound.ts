import nodemailer from "nodemailer";
import { RawSmtp } from "./smtp-client";
import { uniqueDomain } from "./senders";

// Server modules load on first use, after startTestServer has set this file's configuration.

/**
 * A domain row that receives mail as the domains area leaves it once its Receiving MX
 * record verified (status verified, receiving enabled, receiving_verified_at set).
 */
export async function receivingDomain(accountId: string, name = uniqueDomain("in")) {
  const { addDomain } = await import("./senders");
  const { sql } = await import("./db");
  const { id } = await addDomain(accountId, name, { dkim: false });
  await sql("update domains set receiving = 'enabled', receiving_verified_at = now() where id = ?", id);
  return { id, name };
}

/** nodemailer as another mail server uses it toward an MX: no AUTH, STARTTLS when offered (our certificate is self-signed). */
export function mxTransport(port: number, opts: Record<string, unknown> = {}) {
  return nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    name: "mail.sender.example",
    tls: { rejectUnauthorized: false },
    ...opts,
  } as nodemailer.TransportOptions);
}

/** The id in the MX's 250 reply. */
export const queuedIds = (response: string) => /^250 2\.0\.0 Ok: queued as ([0-9a-f -]+)$/.exec(response)?.[1]?.split(" ") ?? [];

/** A raw client at the MX, greeted and past EHLO. */
export async function mxClient(port: number): Promise<RawSmtp> {
  const { client, greeting } = await RawSmtp.connect(port);
  if (!greeting.startsWith("220")) throw new Error(`greeting: ${greeting}`);
  await client.command("EHLO mail.sender.example");
  return client;
}

/** A message of about `kb` KB of text with one attachment, as the bench and tests send it. */
export function messageWithAttachment(kb = 10) {
  const text = "Hello from the other side. ".repeat(Math.ceil((kb * 1024 * 0.6) / 27));
  return {
    subject: "Ticket 123: printer on fire",
    text,
    html: `<p>${text.slice(0, 200)}</p><img src="cid:logo@sender">`,
    attachments: [
      { filename: "report.csv", content: "a,b,c\n".repeat(Math.ceil((kb * 1024 * 0.3) / 6)), contentType: "text/csv" },
      { filename: "logo.png", content: Buffer.from("89504e470d0a1a0a", "hex"), contentType: "image/png", cid: "logo@sender" },
    ],
  };
}
