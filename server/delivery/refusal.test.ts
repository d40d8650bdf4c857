import { describe, expect, it } from "vitest";
import { classifyRefusal } from "./refusal";

describe("classifyRefusal", () => {
  it.each([
    ["550 5.1.1 <x@example.org>: user unknown", 550, "bounce"],
    ["550 5.1.2 bad destination system", 550, "bounce"],
    ["550 5.2.1 mailbox disabled", 550, "bounce"],
    ["552 5.2.2 mailbox full", 552, "permanent"],
    ["550 5.7.1 message refused by policy", 550, "permanent"],
    ["554 transaction failed", 554, "permanent"],
    ["450 4.2.1 try later", 450, "temporary"],
    ["421 4.7.0 too many connections", 421, "temporary"],
  ] as const)("an SMTP reply %j (basic code %i) is %s", (reply, code, expected) => {
    expect(classifyRefusal(reply, code)).toBe(expected);
  });

  it("reads the enhanced code on any line of a multi-line reply, but only after a basic code", () => {
    expect(classifyRefusal("550-first line\n550 5.1.1 user unknown", 550)).toBe("bounce");
    expect(classifyRefusal("550 see RFC 5.1.1 for details", 550)).toBe("permanent");
  });

  it("trusts the basic code's class over an enhanced code of another class", () => {
    expect(classifyRefusal("450 5.1.1 odd but temporary", 450)).toBe("temporary");
  });

  it("without a basic code (SES's free text) reads an enhanced code anywhere", () => {
    expect(classifyRefusal("Address blacklisted: 5.1.1 mailbox unavailable")).toBe("bounce");
    expect(classifyRefusal("Message rejected: 5.7.1 policy")).toBe("permanent");
    expect(classifyRefusal("Throttled: 4.4.2 retry")).toBe("temporary");
  });

  it("treats no reply at all (refused, reset, timed out) as temporary", () => {
    expect(classifyRefusal("")).toBe("temporary");
    expect(classifyRefusal("connect ECONNREFUSED 127.0.0.1:25")).toBe("temporary");
  });
});
