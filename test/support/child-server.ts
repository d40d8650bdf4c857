import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { apiAt, type TestServer } from "./harness";

export interface ChildServer {
  proc: ChildProcess;
  url: string;
  api: TestServer["api"];
  /** The account the child made (CHILD_CREATE_ACCOUNT), else null. */
  account: { accountId: string; apiKey: string } | null;
  /** Every stdout line after the ready line (the server's JSON logs). */
  lines: string[];
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/**
 * The real server in its own process (test/support/delivery-child.ts): its own module
 * state, caches and pools, as another instance or a restarted process has. `env` adds to
 * this process's environment (DATABASE_URL or PGLITE_DIR say which database).
 */
export async function startChildServer(
  env: Record<string, string>,
  opts: { createAccount?: boolean; readyMs?: number } = {},
): Promise<ChildServer> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "dGVzdC1lbmNyeXB0aW9uLWtleS0zMi1ieXRlcy1sb25nIQ==",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "test-auth-secret",
    JOBS_DRIVER: "embedded",
    ...env,
    CHILD_CREATE_ACCOUNT: opts.createAccount ? "1" : "0",
  };
  for (const k of ["VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID"]) delete childEnv[k];
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "delivery-child.ts")], {
    env: childEnv,
    cwd: path.join(__dirname, "..", ".."),
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(proc);
  const exited = new Promise<number | null>((resolve) =>
    proc.once("exit", (code) => {
      running.delete(proc);
      resolve(code);
    }),
  );
  let stderr = "";
  proc.stderr!.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const lines: string[] = [];
  const ready = await new Promise<string>((resolve, reject) => {
    let seen = false;
    readline.createInterface({ input: proc.stdout! }).on("line", (l) => {
      if (!seen && l.startsWith('{"ready"')) {
        seen = true;
        resolve(l);
      } else if (seen) lines.push(l);
    });
    proc.once("exit", (code) => reject(new Error(`server exited (${code}) before it was ready: ${stderr}`)));
    const readyMs = opts.readyMs ?? 30_000;
    setTimeout(() => reject(new Error(`server not ready in ${readyMs / 1000} s: ${stderr}`)), readyMs).unref();
  });
  const { url, account } = JSON.parse(ready);
  return { proc, url, api: apiAt(url), account, lines, exited, stderr: () => stderr };
}

/** SIGKILLs every child still running (afterAll). */
export function killChildServers(): void {
  for (const proc of running) proc.kill("SIGKILL");
}
