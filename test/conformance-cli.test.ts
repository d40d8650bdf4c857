import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

// DESIGN.md "Accounts from the command line", run exactly as written there:
// `npm run cli -- accounts create --email <addr> [--plan <p>] [--approved] --json`.
const run = promisify(execFile);
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.stop(); });

async function npmCli(...args: string[]) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "cli", "--", ...args], { env: process.env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: typeof err.code === "number" ? err.code : 1, stdout: err.stdout ?? "", stderr: err.stderr ?? "" };
  }
}

describe("npm run cli", () => {
  it("accounts create --json prints exactly one JSON object { accountId, apiKey } on stdout", async () => {
    const res = await npmCli("accounts", "create", "--email", `conf-cli-${process.pid}-${Date.now()}@example.com`, "--plan", "free", "--approved", "--json");
    expect(res.code, res.stderr).toBe(0);
    const created = JSON.parse(res.stdout);
    expect(Object.keys(created)).toEqual(["accountId", "apiKey"]);
    const usage = await server.api("GET", "/v1/usage", { key: created.apiKey });
    expect(usage.status).toBe(200);
    expect(usage.body.plan).toBe("free");
  }, 90_000);

  it("without --plan the account is unlimited; set-plan, approve, pause, resume take --account", async () => {
    const res = await npmCli("accounts", "create", "--email", `conf-cli2-${process.pid}-${Date.now()}@example.com`, "--json");
    const { accountId, apiKey } = JSON.parse(res.stdout);
    expect((await server.api("GET", "/v1/usage", { key: apiKey })).body.plan).toBe("unlimited");
    expect((await npmCli("accounts", "set-plan", "--account", accountId, "--plan", "pro")).code).toBe(0);
    expect((await server.api("GET", "/v1/usage", { key: apiKey })).body.plan).toBe("pro");
    for (const command of ["approve", "pause", "resume"]) {
      const r = await npmCli("accounts", command, "--account", accountId);
      expect(r.code, `${command}: ${r.stderr}`).toBe(0);
    }
    const bad = await npmCli("accounts", "set-plan", "--account", accountId, "--plan", "gold");
    expect(bad.code).not.toBe(0);
  }, 180_000);
});
