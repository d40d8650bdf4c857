import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

const run = promisify(execFile);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Runs a command as a user would, while the server holds the database. */
async function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: typeof err.code === "number" ? err.code : 1, stdout: err.stdout ?? "", stderr: err.stderr ?? "" };
  }
}

/** The CLI's entry point under tsx (without npm's start-up cost). */
const cliWith = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  runCommand(process.execPath, ["--import", "tsx", "server/cli/index.ts", ...args], env);
const cli = (...args: string[]) => cliWith(process.env, ...args);
/** docs/design.md "Accounts from the command line", run exactly as written there. */
const npmCli = (...args: string[]) => runCommand("npm", ["run", "cli", "--", ...args]);

// Each command is a process of its own under tsx, about 3 s on a loaded 2-core VM: a test's
// bound grows with its commands (the --email test runs eleven), not the suite's 30 s.
describe("accounts CLI while the server runs", { timeout: 150_000 }, () => {
  it("creates an account and prints { accountId, apiKey, signInUrl } that the API accepts", async () => {
    const res = await cli("accounts", "create", "--email", `cli-${Date.now()}@example.com`, "--approved", "--json");
    expect(res.code).toBe(0);
    const created = JSON.parse(res.stdout.trim());
    expect(Object.keys(created)).toEqual(["accountId", "apiKey", "signInUrl"]);
    expect(created.signInUrl).toMatch(/\/set-password\?token=/);
    expect(created.apiKey).toMatch(/^ph_/);
    const keys = await server.api("GET", "/v1/api-keys", { key: created.apiKey });
    expect(keys.status).toBe(200);
  });

  it("changes plan, approves, pauses and resumes", async () => {
    const { accountId } = JSON.parse((await cli("accounts", "create", "--email", `cli2-${Date.now()}@example.com`, "--json")).stdout);
    for (const args of [
      ["set-plan", "--plan", "pro"],
      ["approve"],
      ["pause"],
      ["resume"],
      ["throttle", "--per-day", "10"],
      ["unthrottle"],
    ]) {
      const res = await cli("accounts", args[0], "--account", accountId, ...args.slice(1));
      expect(res.code, `${args.join(" ")}: ${res.stderr}`).toBe(0);
    }
  });

  it("--email names the account wherever --account does (the account's email in any case, or a member's address)", async () => {
    const email = `cli-email-${process.pid}-${Date.now()}@example.com`;
    const { accountId, apiKey } = JSON.parse((await cli("accounts", "create", "--email", email, "--json")).stdout);
    for (const args of [
      ["set-plan", "--plan", "pro"],
      ["approve"],
      ["pause"],
      ["resume"],
      ["throttle", "--per-day", "10"],
      ["unthrottle"],
      ["sign-in-link"],
    ]) {
      const res = await cli("accounts", args[0], "--email", email.toUpperCase(), ...args.slice(1));
      expect(res.code, `${args.join(" ")}: ${res.stderr}`).toBe(0);
    }
    const listed = JSON.parse((await cli("accounts", "list", "--json")).stdout).find((a: any) => a.id === accountId);
    expect(listed).toMatchObject({ email, plan: "pro", approved: true, paused: false, throttlePerDay: null, members: 1 });
    expect((await server.api("GET", "/v1/usage", { key: apiKey })).body.plan).toBe("pro");
    const both = await cli("accounts", "approve", "--account", accountId, "--email", email);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/not both/);
    const unknown = await cli("accounts", "pause", "--email", `nobody-${Date.now()}@example.com`);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no account with email/);
  });

  it("accounts list shows every account's id, email, plan and standing", async () => {
    const email = `cli-list-${process.pid}-${Date.now()}@example.com`;
    const { accountId } = JSON.parse((await cli("accounts", "create", "--email", email, "--plan", "free", "--json")).stdout);
    const res = await cli("accounts", "list");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^ID\s+EMAIL\s+PLAN\s+MEMBERS\s+CREATED\s+STANDING$/m);
    const line = res.stdout.split("\n").find((l) => l.startsWith(accountId));
    expect(line).toMatch(
      new RegExp(`^${accountId}\\s+${email.replace(/[.]/g, "\\.")}\\s+free\\s+1\\s+\\d{4}-\\d\\d-\\d\\d\\s+awaiting review$`),
    );
  });

  it.runIf(process.env.DATABASE_URL)("with DATABASE_URL, account commands need neither ENCRYPTION_KEY nor AUTH_SECRET", async () => {
    const env = { ...process.env };
    delete env.ENCRYPTION_KEY;
    delete env.AUTH_SECRET;
    const res = await cliWith(env, "accounts", "create", "--email", `cli5-${Date.now()}@example.com`, "--json");
    expect(res.code, res.stderr).toBe(0);
    const created = JSON.parse(res.stdout.trim());
    expect(created.apiKey).toMatch(/^ph_/);
    // A sign-in link is signed with AUTH_SECRET: without it there is none (`accounts sign-in-link` makes one later).
    expect(created.signInUrl).toBeNull();
  });

  it("set-plan returns with the new plan's allowances in force on the running server", async () => {
    const { accountId, apiKey } = JSON.parse(
      (await cli("accounts", "create", "--email", `cli4-${Date.now()}@example.com`, "--approved", "--json")).stdout,
    );
    for (let i = 0; i < 2; i++) {
      const created = await server.api("POST", "/v1/webhooks", {
        key: apiKey,
        body: { url: `https://hooks${i}.example.com/in`, events: ["email.sent"] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    expect((await cli("accounts", "set-plan", "--account", accountId, "--plan", "free")).code).toBe(0);
    const parked = await server.api("GET", "/v1/webhooks", { key: apiKey });
    expect(parked.body.data.map((e: any) => e.suspendedByPlan).sort()).toEqual([false, true]);
    expect((await server.api("GET", "/v1/usage", { key: apiKey })).body.webhooks).toMatchObject({ count: 2, limit: 1, suspended: 1 });
    expect((await cli("accounts", "set-plan", "--account", accountId, "--plan", "pro")).code).toBe(0);
    const back = await server.api("GET", "/v1/webhooks", { key: apiKey });
    expect(back.body.data.map((e: any) => e.suspendedByPlan)).toEqual([false, false]);
  });

  it("pause takes effect on the running server at once, resume lifts it", async () => {
    const { accountId, apiKey } = JSON.parse(
      (await cli("accounts", "create", "--email", `cli3-${Date.now()}@example.com`, "--approved", "--json")).stdout,
    );
    const send = () =>
      server.api("POST", "/v1/emails", {
        key: apiKey,
        body: { from: "onboarding@posthaste.dev", to: "success@simulator.amazonses.com", subject: "hi", text: "hi" },
      });
    expect((await send()).status).toBe(200);
    expect((await cli("accounts", "pause", "--account", accountId)).code).toBe(0);
    const paused = await send();
    expect(paused.status).toBe(403);
    expect(paused.body.error.type).toBe("authentication_error");
    expect((await server.api("GET", "/v1/api-keys", { key: apiKey })).status).toBe(200);
    expect((await cli("accounts", "resume", "--account", accountId)).code).toBe(0);
    expect((await send()).status).toBe(200);
  });

  it.each([
    [["accounts", "create"], /--email/],
    [["accounts", "create", "--email", "not-an-email"], /valid email/],
    [["accounts", "create", "--email", "a@b.co", "--plan", "gold"], /unknown plan/],
    [["accounts", "pause"], /--account <id> or --email <addr>/],
    [["accounts", "set-plan", "--account", "00000000-0000-7000-8000-000000000000", "--plan", "pro"], /no account/],
    [["accounts", "frobnicate"], /unknown command/],
    [["accounts", "create", "--bogus"], /bogus/],
  ])("refuses %j clearly", async (args, message) => {
    const res = await cli(...(args as string[]));
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(message);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses a duplicate account email", async () => {
    const email = `dup-${Date.now()}@example.com`;
    expect((await cli("accounts", "create", "--email", email)).code).toBe(0);
    const again = await cli("accounts", "create", "--email", email.toUpperCase());
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already exists/);
  });

  it("refuses the service's own sender addresses (SYSTEM_SENDER owns the owners' notices)", async () => {
    const env = { ...process.env, SYSTEM_SENDER: "notices@mail.posthaste.example", SANDBOX_SENDER: "sandbox@mail.posthaste.example" };
    for (const email of ["notices@mail.posthaste.example", "SANDBOX@mail.posthaste.example"]) {
      const res = await cliWith(env, "accounts", "create", "--email", email);
      expect(res.code).not.toBe(0);
      expect(res.stderr).toMatch(/service's own sender/);
    }
  });
});

describe("npm run cli -- accounts …, as docs/design.md writes it", () => {
  it("accounts create --json prints exactly one JSON object { accountId, apiKey, signInUrl } on stdout", async () => {
    const res = await npmCli(
      "accounts",
      "create",
      "--email",
      `conf-cli-${process.pid}-${Date.now()}@example.com`,
      "--plan",
      "free",
      "--approved",
      "--json",
    );
    expect(res.code, res.stderr).toBe(0);
    const created = JSON.parse(res.stdout);
    expect(Object.keys(created)).toEqual(["accountId", "apiKey", "signInUrl"]);
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
