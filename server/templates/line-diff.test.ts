import { describe, expect, it } from "vitest";
import { lineDiff, MAX_DIFF_LINES } from "./line-diff";

describe("lineDiff", () => {
  it("marks removed and added lines around the kept ones", () => {
    expect(lineDiff("a\nb\nc", "a\nx\nc")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "x" },
      { kind: "same", text: "c" },
    ]);
  });
  it("gives up on texts too long to compare", () => {
    expect(lineDiff("x\n".repeat(MAX_DIFF_LINES + 1), "y")).toBeNull();
  });
});
