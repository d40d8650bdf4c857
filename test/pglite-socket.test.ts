import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

// The embedded database's socket gives whoever connects the whole database.
const embedded = !process.env.DATABASE_URL;
let server: TestServer;
beforeAll(async () => {
  if (embedded) server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe.runIf(embedded)("the embedded database's socket", () => {
  it("is 0600 in a 0700 folder beside the data", async () => {
    const { pgliteSocketPath } = await import("../server/db/socket-path");
    const socket = pgliteSocketPath(process.env.PGLITE_DIR!);
    expect(path.dirname(socket)).toBe(path.join(process.env.PGLITE_DIR!, ".posthaste-socket"));
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
  });
});
