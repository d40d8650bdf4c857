import { describe, expect, it } from "vitest";
import { childRoles } from "./processes";

describe("childRoles", () => {
  it("on PostgreSQL, role all runs the background loops in the first half of the children and HTTP in all", () => {
    expect(childRoles(2, "all", true)).toEqual(["all", "web"]);
    expect(childRoles(3, "all", true)).toEqual(["all", "all", "web"]);
    expect(childRoles(8, "all", true)).toEqual(["all", "all", "all", "all", "web", "web", "web", "web"]);
    expect(childRoles(1, "all", true)).toEqual(["all"]);
  });

  it("keeps a role given as web or worker in every child", () => {
    expect(childRoles(3, "web", true)).toEqual(["web", "web", "web"]);
    expect(childRoles(2, "worker", true)).toEqual(["worker", "worker"]);
  });

  it("keeps every PGlite child at all (web needs DATABASE_URL)", () => {
    expect(childRoles(2, "all", false)).toEqual(["all", "all"]);
  });
});
