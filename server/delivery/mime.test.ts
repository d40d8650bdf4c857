import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { messageAddresses } from "./message-addresses";
import type { EmailRow } from "./email-row";
import { renderEmail } from "./mime";

const email = {
  id: "0193a1b2-0000-7000-8000-000000000001",
  messageId: "0193a1b2@posthaste.test",
  from: "Sender <sender@example.com>",
  to: ["reader@example.org"],
  cc: [],
  bcc: [],
  replyTo: [],
  subject: "Two parts",
  text: "Hello in text",
  headers: {},
  tags: [],
  attachments: [],
} as unknown as EmailRow;

const boundaryOf = (raw: Buffer) => /boundary="([^"]+)"/.exec(raw.toString("latin1"))?.[1];

describe("renderEmail", () => {
  it("gives each message its own random multipart boundary, and the parts parse", async () => {
    const render = () => renderEmail(email, messageAddresses(email), { html: "<p>Hello in HTML</p>", dkim: null });
    const [a, b] = await Promise.all([render(), render()]);
    const [ba, bb] = [boundaryOf(a.raw), boundaryOf(b.raw)];
    expect(ba).toMatch(/^--_NmP-[0-9a-f]{16}-Part_1$/);
    expect(bb).toMatch(/^--_NmP-[0-9a-f]{16}-Part_1$/);
    expect(ba).not.toBe(bb);
    const parsed = await PostalMime.parse(a.raw);
    expect(parsed.text?.trim()).toBe("Hello in text");
    expect(parsed.html?.trim()).toBe("<p>Hello in HTML</p>");
  });
});
