import path from "node:path";
import { describe, expect, it } from "vitest";
import { pgliteSocketPath } from "./client";

describe("pgliteSocketPath", () => {
  it("sits beside the data when the path fits a Unix socket", () => {
    expect(pgliteSocketPath("/srv/posthaste/db")).toBe("/srv/posthaste/db/.posthaste.sock");
  });

  it("moves to the temp folder, the same name for the same directory, when the path would be too long", () => {
    const deep = path.join("/srv", "x".repeat(120), "db");
    const a = pgliteSocketPath(deep);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(100);
    expect(a).toBe(pgliteSocketPath(deep));
    expect(a).not.toBe(pgliteSocketPath(`${deep}2`));
  });
});
