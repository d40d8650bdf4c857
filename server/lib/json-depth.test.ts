import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "./json-depth";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("jsonNestsDeeperThan", () => {
  it("allows exactly the limit and refuses one level more, arrays and objects alike", () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan('{"a":'.repeat(3) + "1" + "}".repeat(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":1}]}', 2)).toBe(true);
  });

  it("counts depth, not the number of containers", () => {
    expect(jsonNestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => ({ a: [1] }))), 3)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ s: "[[[[{{{{" }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ s: 'say \\"[[[[' }), 1)).toBe(false);
    // An escaped backslash ends the escape: the quote after it closes the string.
    expect(jsonNestsDeeperThan(`[${JSON.stringify("\\")},[[]]]`, 2)).toBe(true);
  });

  it("judges a deep unterminated prefix (it runs before JSON.parse)", () => {
    expect(jsonNestsDeeperThan("[".repeat(100_000))).toBe(true);
  });
});
