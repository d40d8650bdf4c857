import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import { freePort } from "./delivery";
import type { Reply } from "./harness";

const run = promisify(execFile);
const BUNDLE = "dist/test-processes-server.mjs";

/**
 * Bundles test/support/cluster-entry.ts the way `npm run build` bundles server/main.ts
 * (scripts/bundle.mjs): `npm start`'s multi-process server without Next. Children start
 * from the bundle in a fraction of tsx's time.
 */
export async function buildProcessesServer(): Promise<void> {
  await run(process.execPath, [
    "--input-type=module",
    "-e",
    `const { bundleServer } = await import("./scripts/bundle.mjs"); await bundleServer("test/support/cluster-entry.ts", ${JSON.stringify(BUNDLE)});`,
  ]);
}

/** A fresh embedded database (a copy of the migrated template), or DATABASE_URL's. */
export function databaseEnv(): { env: Record<string, string>; cleanup(): void } {
  const secrets = {
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "dGVzdC1lbmNyeXB0aW9uLWtleS0zMi1ieXRlcy1sb25nIQ==",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "test-auth-secret",
  };
  if (process.env.DATABASE_URL) return { env: { ...secrets, DATABASE_URL: process.env.DATABASE_URL }, cleanup: () => {} };
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-processes-"));
  const pgliteDir = path.join(scratch, "db");
  const template = inject("pgliteTemplate");
  if (template) fs.cpSync(template, pgliteDir, { recursive: true });
  return { env: { ...secrets, PGLITE_DIR: pgliteDir }, cleanup: () => fs.rmSync(scratch, { recursive: true, force: true }) };
}

export interface ServerProcesses {
  url: string;
  /** One request on a connection of its own, so the cluster hands each to the next process. */
  api<T = any>(method: string, p: string, opts?: { key?: string; body?: unknown }): Promise<Reply<T> & { process: string | null }>;
  /** Everything the server printed so far. */
  output(): string;
  /** The pids of the primary's children (empty with one process). */
  children(): Promise<number[]>;
  /** SIGTERM; resolves with the exit code once every process has drained. */
  stop(): Promise<number | null>;
}

/** Runs the bundled server (buildProcessesServer first) with `env` on a free port; resolves once it listens. */
export async function startServerProcesses(env: Record<string, string>): Promise<ServerProcesses> {
  const port = await freePort();
  const child = spawn(process.execPath, [BUNDLE], {
    // The startup and shutdown lines are info (vitest runs at LOG_LEVEL=warn).
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes("Posthaste listening")) {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve();
      }
    }, 50);
    // Before the test's hook times out: a server left behind would outlive the run (its children follow the primary).
    const giveUp = setTimeout(() => child.kill("SIGKILL"), 50_000);
    void exited.then((code) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async api(method, p, opts = {}) {
      const headers: Record<string, string> = { connection: "close" };
      if (opts.key) headers.authorization = `Bearer ${opts.key}`;
      if (opts.body !== undefined) headers["content-type"] = "application/json";
      const res = await fetch(url + p, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, headers: res.headers, body: body as never, text, process: res.headers.get("x-posthaste-process") };
    },
    output: () => output,
    async children() {
      // From /proc (Linux), not ps: slim images have no procps.
      const ppidOf = (pid: string) => {
        try {
          const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        } catch {
          return -1; // gone meanwhile
        }
      };
      return fs
        .readdirSync("/proc")
        .filter((name) => /^\d+$/.test(name) && ppidOf(name) === child.pid)
        .map(Number);
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
