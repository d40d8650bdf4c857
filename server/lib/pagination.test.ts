import { describe, expect, it } from "vitest";
import { clampedLimit, decodeCursor, encodeCursor, strictLimit } from "./pagination";

describe("page limits", () => {
  it("strict: absent is the default, in range passes, out of range is refused", () => {
    expect(strictLimit.parse(undefined)).toBe(50);
    expect(strictLimit.parse("100")).toBe(100);
    for (const bad of ["0", "101", "1.5", "ten"]) expect(strictLimit.safeParse(bad).success).toBe(false);
  });

  it("clamped: out of range moves to the nearest bound, a non-number gives the default", () => {
    expect(clampedLimit(undefined)).toBe(50);
    expect(clampedLimit("0")).toBe(1);
    expect(clampedLimit("1000")).toBe(100);
    expect(clampedLimit("Infinity")).toBe(100);
    expect(clampedLimit("ten")).toBe(50);
    expect(clampedLimit("7.9")).toBe(7);
  });
});

describe("cursor codec", () => {
  it("gives back the position it encoded", () => {
    for (const position of ["a@example.com", '{"k":"t","us":"1","id":"x"}', "ü"])
      expect(decodeCursor(encodeCursor(position))).toBe(position);
  });

  it("refuses values it did not make", () => {
    expect(decodeCursor("")).toBeNull();
    expect(decodeCursor("!!!")).toBeNull();
    expect(decodeCursor(encodeCursor("x") + "=")).toBeNull();
  });
});
