import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

// A PGLITE_DIR whose socket path would not fit a Unix socket (over ~107 bytes): the
// server serves its socket from the temp folder and the CLI still finds it.
const run = promisify(execFile);
const embedded = !process.env.DATABASE_URL;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-long-"));
const longDir = path.join(root, "a-data-directory-name-long-enough-that-its-socket-path-no-longer-fits".repeat(2), "db");
let server: TestServer;

beforeAll(async () => {
  if (!embedded) return;
  fs.cpSync(inject("pgliteTemplate"), longDir, { recursive: true });
  server = await startTestServer({ PGLITE_DIR: longDir });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe.runIf(embedded)("the CLI beside a server whose data directory has a long path", () => {
  it("creates an account through the running server", async () => {
    expect(Buffer.byteLength(path.join(longDir, ".posthaste-socket", "db.sock"))).toBeGreaterThan(107);
    // In the shared temp directory: a folder only the owner can enter, a socket only the owner can use.
    const { pgliteSocketPath } = await import("../server/db/socket-path");
    const socket = pgliteSocketPath(longDir);
    expect(path.dirname(path.dirname(socket))).toBe(os.tmpdir());
    expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "server/cli/index.ts", "accounts", "create", "--email", `long-${Date.now()}@example.com`, "--json"],
      { env: { ...process.env, PGLITE_DIR: longDir }, timeout: 60_000 },
    );
    const { apiKey } = JSON.parse(stdout.trim());
    expect((await server.api("GET", "/v1/api-keys", { key: apiKey })).status).toBe(200);
  });
});
