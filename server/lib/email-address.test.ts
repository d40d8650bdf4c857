import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MAILBOX_LENGTH } from "../limits/constants";
import { formatMailbox, parseAddress, parseMailbox } from "./email-address";

const ok = (text: string) => {
  const r = parseMailbox(text);
  if (!r.ok) throw new Error(`${JSON.stringify(text)} refused: ${r.reason}`);
  return r.value;
};
const refused = (text: string) => parseMailbox(text).ok === false;

describe("parseMailbox", () => {
  it("reads the three forms into name, lower-cased address and canonical text", () => {
    expect(ok("Ann@Example.ORG")).toEqual({ name: "", address: "ann@example.org", domain: "example.org", text: "ann@example.org" });
    expect(ok("  Ann  Example <ann@example.org> ")).toMatchObject({ name: "Ann Example", text: "Ann Example <ann@example.org>" });
    expect(ok('"Doe, Jane" <jane@example.org>')).toMatchObject({ name: "Doe, Jane", text: '"Doe, Jane" <jane@example.org>' });
    expect(ok('"Say \\"hi\\" \\\\ bye" <a@b.com>')).toMatchObject({ name: 'Say "hi" \\ bye' });
    expect(ok("<bare@x.com>")).toMatchObject({ name: "", text: "bare@x.com" });
    expect(ok('"" <bare@x.com>')).toMatchObject({ name: "", text: "bare@x.com" });
    expect(ok("J. Smith <j@x.com>").text).toBe("J. Smith <j@x.com>");
  });

  it.each([
    ["the reported exploit", "ceo@victim-tenant.com (<onboarding@posthaste.dev>"],
    ["a comment", "a@b.com (comment)"],
    ["a comment in the name", "Ann (x) <a@b.com>"],
    ["a group", "team: a@b.com;"],
    ["an empty group", "undisclosed-recipients:;"],
    ["two addresses", "a@b.com, c@d.com"],
    ["two mailboxes", "A <a@b.com>, C <c@d.com>"],
    ["an unquoted comma", "Doe, Jane <jane@example.org>"],
    ["an unbalanced <", "Ann <a@b.com"],
    ["an unbalanced >", "Ann a@b.com>"],
    ["an unbalanced quote", '"Ann <a@b.com>'],
    ["a stray quote", 'An"n <a@b.com>'],
    ["text after >", "<a@b.com> trailing"],
    ["text after the quoted name", '"Ann" x <a@b.com>'],
    ["nested brackets", "<<a@b.com>>"],
    ["CR LF", "a@b.com\r\nBcc: x@y.com"],
    ["a trailing LF", "a@b.com\n"],
    ["NUL", "a\u0000@b.com"],
    ["a tab", "Ann\t<a@b.com>"],
    ["DEL", "a\u007f@b.com"],
    ["a bidi override", "Ann \u202e <a@b.com>"],
    ["a zero-width space", "a\u200b@b.com"],
    ["an encoded word", "=?utf-8?B?QUJD?= <a@b.com>"],
    ["an encoded word in quotes", '"=?utf-8?Q?x?=" <a@b.com>'],
    ["a fullwidth @", "a\uff20b.com"],
    ["a Cyrillic local part", "\u0430dmin@b.com"],
    ["a quoted local part", '"a b"@c.com'],
    ["an address literal", "a@[127.0.0.1]"],
    ["an IP domain", "a@127.0.0.1"],
    ["a single-label domain", "a@localhost"],
    ["an address in the name", '"ceo@victim.com" <a@b.com>'],
    ["angle brackets in the name", '"<x@y.com>" <a@b.com>'],
    ["a bad backslash", '"a\\b" <a@b.com>'],
    ["no domain", "Ann <ann@>"],
    ["double dots", "a..b@c.com"],
    ["a route", "<@relay.com:a@b.com>"],
    ["a percent in an IDN", "a@b\u00e4%2e.com"],
    ["an empty string", ""],
    ["only spaces", "   "],
  ])("refuses %s", (_what, text) => {
    expect(refused(text)).toBe(true);
  });

  it("stores an IDN domain in one form, the A-label, however it was written", () => {
    for (const written of ["a@b\u00fccher.de", "a@B\u00dcCHER.de", "a@xn--bcher-kva.de", "a@bu\u0308cher.de", "a@b\u00fccher\u3002de"]) {
      expect(ok(written).address, written).toBe("a@xn--bcher-kva.de");
    }
    // A look-alike is its own (punycode) domain, never the one it imitates.
    expect(ok("a@\u0430pple.com").domain).toBe("xn--pple-43d.com");
    expect(ok("a@EXAMPLE\uff0ecom").domain).toBe("example.com");
  });

  it("keeps unicode display names, NFC-normalised", () => {
    expect(ok("Zoe\u0308 <z@x.com>").name).toBe("Zo\u00eb");
    expect(ok("\u5c71\u7530 \u592a\u90ce <t@x.jp>").text).toBe("\u5c71\u7530 \u592a\u90ce <t@x.jp>");
  });

  it("caps the length before any work and stays linear on huge input", () => {
    expect(parseMailbox(`${"a".repeat(MAX_MAILBOX_LENGTH - 6)}@b.com`).ok).toBe(false);
    const started = performance.now();
    for (const big of ["a".repeat(1_000_000), `${'"<'.repeat(200)}`, `${"a.".repeat(250)}@b.com`, `${"x ".repeat(250)}<a@b.com>`]) {
      parseMailbox(big);
      parseAddress(big);
    }
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("reads its own canonical text back to the same mailbox", () => {
    const nameChar = fc.constantFrom(..."aZ09 .,;:()[]\\\"'!#<>@=?-_\u00e9\u4e2d\u0416\uff20".split(""));
    fc.assert(
      fc.property(
        fc.array(nameChar, { maxLength: 20 }).map((a) => a.join("")),
        fc.constantFrom("a@b.com", "x.y+z@sub.example.org"),
        (name, address) => {
          const first = parseMailbox(formatMailbox(name.replace(/ +/g, " ").trim(), address));
          if (!first.ok) return; // names the parser refuses (<, >, @, =?) never get stored
          const again = parseMailbox(first.value.text);
          expect(again).toEqual(first);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("parseAddress", () => {
  it("takes only a bare address", () => {
    expect(parseAddress(" Someone@Example.COM ")).toEqual({ ok: true, value: { address: "someone@example.com", domain: "example.com" } });
    expect(parseAddress("Ann <a@b.com>").ok).toBe(false);
    expect(parseAddress("a@b.com, c@d.com").ok).toBe(false);
    expect(parseAddress("x".repeat(1_000_000)).ok).toBe(false);
  });
});
