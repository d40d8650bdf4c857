import { describe, expect, it } from "vitest";
import { isStorableText, trimEnd, unstorableAt, withinChars } from "./text";

describe("trimEnd", () => {
  it("removes only the trailing run of the character", () => {
    expect(trimEnd("/a/b///", "/")).toBe("/a/b");
    expect(trimEnd("////", "/")).toBe("");
    expect(trimEnd("a/b", "/")).toBe("a/b");
    expect(trimEnd("", "/")).toBe("");
  });

  it("stays linear on a long run that is not at the end", () => {
    const hostile = "/".repeat(1_000_000) + "x";
    const started = performance.now();
    expect(trimEnd(hostile, "/")).toBe(hostile);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("withinChars", () => {
  it("counts code points, not UTF-16 units", () => {
    expect(withinChars("😀".repeat(3), 3)).toBe(true);
    expect(withinChars("😀".repeat(4), 3)).toBe(false);
    expect(withinChars("abc", 3)).toBe(true);
    expect(withinChars("abcd", 3)).toBe(false);
    expect(withinChars("", 0)).toBe(true);
  });
});

describe("isStorableText", () => {
  it("refuses NUL and unpaired surrogates, accepts paired ones", () => {
    expect(isStorableText("plain ✓ 😀")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("\ud800")).toBe(false);
    expect(isStorableText("x\udc00")).toBe(false);
    expect(isStorableText("\ud83d\ude00")).toBe(true);
  });
});

describe("unstorableAt", () => {
  it("names the path of the first unstorable value or key, in document order", () => {
    expect(unstorableAt({ subject: "ok", tags: [{ name: "a", value: "b" }] })).toBeNull();
    expect(unstorableAt({ subject: "ok", tags: [{ name: "a", value: "b\u0000" }] })).toBe("tags[0].value");
    expect(unstorableAt({ headers: { "X-\ud800": "v" } })).toBe("headers.X-\ud800");
    expect(unstorableAt({ a: "\u0000", b: "\u0000" })).toBe("a");
    expect(unstorableAt("\u0000")).toBe("body");
    expect(unstorableAt(["ok", "\ud800"])).toBe("[1]");
  });

  it("walks any nesting without recursion", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableAt(deep)).toBe("[0]".repeat(100_000));
  });

  it("ignores numbers, booleans and null", () => {
    expect(unstorableAt({ n: 1, b: true, z: null })).toBeNull();
  });
});
