import { afterEach, describe, expect, it } from "vitest";
import PostalMime from "postal-mime";

/**
 * patches/postal-mime+4.0.0.patch (applied by `npm ci`'s postinstall): postal-mime joins a
 * part's decoded chunks into one ArrayBuffer itself instead of building a Blob and reading
 * it back (two thirds of its CPU on a 10 KB message, docs/decisions/0042). Every decoder
 * must still give the same bytes, and none may touch Blob.
 */
const NativeBlob = globalThis.Blob;
afterEach(() => {
  globalThis.Blob = NativeBlob;
});

describe("postal-mime as patched", () => {
  it("decodes base64 (padded on every line), quoted-printable and 8bit parts to the same bytes, without a Blob", async () => {
    const binary = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    // Some mailers pad every line: each unit decodes on its own.
    const padded = ["AQ==", "AgM=", "BAUG"].join("\r\n");
    const raw = [
      "From: a@b.example",
      "To: c@d.example",
      "Subject: parts",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      "Grüße, 8bit line one",
      "line two",
      "--b",
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "<p>caf=C3=A9 =3D soft=",
      "break</p>",
      "--b",
      'Content-Type: application/octet-stream; name="bin.dat"',
      "Content-Transfer-Encoding: base64",
      "",
      binary.toString("base64").replace(/.{76}/g, "$&\r\n"),
      "--b",
      'Content-Type: application/octet-stream; name="padded.dat"',
      "Content-Transfer-Encoding: base64",
      "",
      padded,
      "--b--",
      "",
    ].join("\r\n");
    globalThis.Blob = class {
      constructor() {
        throw new Error("postal-mime built a Blob: is patches/postal-mime+4.0.0.patch applied?");
      }
    } as unknown as typeof Blob;
    const email = await PostalMime.parse(raw, { attachmentEncoding: "arraybuffer" });
    // As the published postal-mime gives them (checked against it unpatched): the parts of a
    // mixed message joined, each in the other's form too.
    expect(email.text).toBe("Grüße, 8bit line one\nline two\n\n\ncafé = softbreak\n");
    expect(email.html).toBe("<div>Grüße, 8bit line one<br />line two</div>\n<p>café = softbreak</p>\n");
    const [bin, pad] = email.attachments;
    expect(Buffer.from(bin.content as ArrayBuffer).equals(binary)).toBe(true);
    expect([...new Uint8Array(pad.content as ArrayBuffer)]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
