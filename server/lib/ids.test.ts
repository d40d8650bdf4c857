import { describe, expect, it } from "vitest";
import { isUuid, uuidv7 } from "./ids";

describe("uuidv7", () => {
  it("makes unique, well-formed version-7 ids across many refills of the random pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const id = uuidv7();
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe("7");
      expect("89ab").toContain(id[19]);
      seen.add(id);
    }
    expect(seen.size).toBe(20_000);
  });

  it("sorts by creation time", () => {
    expect(uuidv7(1_000) < uuidv7(2_000)).toBe(true);
    expect(uuidv7(Date.UTC(2030, 0, 1)) > uuidv7(Date.UTC(2026, 0, 1))).toBe(true);
  });
});
