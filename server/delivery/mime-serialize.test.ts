import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it } from "vitest";
import { serializeMime, type ComposedNode } from "./mime-serialize";

const from = { name: "Zoë Sender", address: "sender@example.com" };
const to = [{ name: "", address: "reader@example.org" }];
const long = "A line well past the seventy-six columns a MIME body line may hold, so that the encoders must wrap it. ".repeat(6);
const attachment = (filename: string, bytes: number, contentType = "application/octet-stream") => ({
  filename,
  content: Buffer.alloc(bytes, 0xa7).toString("base64"),
  encoding: "base64",
  contentType,
});

// The shapes renderEmail gives MailComposer: text, html, both, attachments, empty, base64 bodies.
const shapes: Record<string, Mail.Options> = {
  "html only, 1 KB": { html: `<p>${"Hello from the pipeline bench. ".repeat(30)}</p>` },
  "text only, ASCII short lines": { text: "Hello\r\nworld\r\n" },
  "text without a final line break": { text: "no newline at the end" },
  "text with bare LF and CR": { text: "one\ntwo\rthree\r\n" },
  "text and html, non-ASCII": { text: `Grüße ${long}`, html: `<p>Grüße — ${long}</p>` },
  "long ASCII lines (quoted-printable)": { text: long },
  "trailing spaces and =": { text: "ends with spaces   \nand = signs =\n" },
  "mostly non-Latin (base64 by nodemailer's choice)": { text: "これは日本語のテキストです。".repeat(20) },
  "text encoding base64": { text: long, html: `<b>${long}</b>`, textEncoding: "base64" },
  "empty text": { text: "" },
  "attachments, odd sizes": {
    text: "see attached",
    html: "<p>see attached</p>",
    attachments: [
      attachment("a.bin", 1),
      attachment("b.bin", 2),
      attachment("c.bin", 3),
      attachment("résumé é.pdf", 4000, "application/pdf"),
    ],
  },
  "attachment, empty": { text: "x", attachments: [attachment("empty.txt", 0, "text/plain")] },
  "text attachment": {
    html: "<p>x</p>",
    attachments: [{ filename: "notes.txt", content: Buffer.from(long).toString("base64"), encoding: "base64", contentType: "text/plain" }],
  },
};

describe("serializeMime", () => {
  for (const [name, body] of Object.entries(shapes)) {
    it(`gives MailComposer's bytes: ${name}`, async () => {
      const mail: Mail.Options = {
        from,
        to,
        cc: [{ name: "Café", address: "cc@example.net" }],
        subject: "Ünïcode subject that is long enough to be folded over more than one header line, surely",
        messageId: "<id@example.com>",
        date: new Date("2026-11-28T01:02:03Z"),
        headers: { "X-Posthaste-Email-Id": "em_1", "X-Custom": "värde" },
        ...body,
      };
      // One compiled tree, built both ways: boundaries and dates are the same in both.
      const tree = new MailComposer(mail).compile();
      const streamed = await tree.build();
      expect(serializeMime(tree as unknown as ComposedNode).toString("binary")).toBe(streamed.toString("binary"));
    });
  }

  it("refuses contents it cannot serialise (streams, files, URLs) instead of dropping them", () => {
    const tree = new MailComposer({ from, to, text: "x", attachments: [{ filename: "f", path: "/etc/hostname" }] }).compile();
    expect(() => serializeMime(tree as unknown as ComposedNode)).toThrow(/only string and Buffer/);
  });
});
