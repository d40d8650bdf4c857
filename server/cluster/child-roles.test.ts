import { describe, expect, it } from "vitest";
import { childRoles } from "./processes";

const shape = (roles: ReturnType<typeof childRoles>) => roles.map(({ role, loops }) => `${role}${loops ? "+loops" : ""}`);

describe("childRoles", () => {
  it("on PostgreSQL, role all keeps every child at all (HTTP and SMTP) and runs the loops in the first half", () => {
    expect(shape(childRoles(2, "all", true))).toEqual(["all+loops", "all"]);
    expect(shape(childRoles(3, "all", true))).toEqual(["all+loops", "all+loops", "all"]);
    expect(shape(childRoles(8, "all", true))).toEqual([...Array<string>(4).fill("all+loops"), ...Array<string>(4).fill("all")]);
    expect(shape(childRoles(1, "all", true))).toEqual(["all+loops"]);
  });

  it("keeps a role the operator gave in every child, unchanged", () => {
    expect(shape(childRoles(3, "web", true))).toEqual(["web+loops", "web+loops", "web+loops"]);
    expect(shape(childRoles(2, "worker", true))).toEqual(["worker+loops", "worker+loops"]);
    expect(shape(childRoles(2, "smtp", true))).toEqual(["smtp+loops", "smtp+loops"]);
  });

  it("runs the loops in every PGlite child", () => {
    expect(shape(childRoles(2, "all", false))).toEqual(["all+loops", "all+loops"]);
  });
});
