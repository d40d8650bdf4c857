import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { reconfigure } from "./config";

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestServer {
  url: string;
  /** Calls the real HTTP API. `key` becomes the Bearer token; a string body is sent as is. */
  api<T = any>(method: string, path: string, opts?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<Reply<T>>;
  /** A fresh account through the CLI's code path. */
  account(opts?: {
    plan?: "free" | "pro" | "scale" | "unlimited";
    approved?: boolean;
    email?: string;
  }): Promise<{ accountId: string; apiKey: string; email: string }>;
  /** SMTP submission's bound ports, when the env turned it on (SMTP_SUBMISSION_PORT=0 etc.). */
  smtp: { port: number | null; tlsPort: number | null } | null;
  /** The MX listener's bound port, when the env turned it on (SMTP_MX_PORT=0). */
  mx: { port: number | null } | null;
  stop(): Promise<void>;
}

let counter = 0;

/** TestServer's `api` for a server at `url` (in this process or a child). */
export function apiAt(url: string): TestServer["api"] {
  return async (method, p, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await fetch(url + p, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, headers: res.headers, body: parsed as never, text };
  };
}

/**
 * Starts the real server (the one `npm start` runs, without the dashboard) on a free
 * port, on a fresh copy of the migrated embedded database, or on DATABASE_URL when set.
 * `env` sets configuration for this test file's process.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-test-"));
  const template = inject("pgliteTemplate");
  const pgliteDir = path.join(scratch, "db");
  if (!process.env.DATABASE_URL && template) fs.cpSync(template, pgliteDir, { recursive: true });
  reconfigure({
    PGLITE_DIR: pgliteDir,
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "dGVzdC1lbmNyeXB0aW9uLWtleS0zMi1ieXRlcy1sb25nIQ==",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "test-auth-secret",
    ...env,
  });
  const { startServer } = await import("../../server/start");
  const running = await startServer({ port: 0, host: "127.0.0.1" });
  const { createAccount } = await import("../../server/accounts/accounts");

  return {
    url: running.url,
    api: apiAt(running.url),
    smtp: running.smtp && { port: running.smtp.port, tlsPort: running.smtp.tlsPort },
    mx: running.mx && { port: running.mx.port },
    async account(opts = {}) {
      const email = opts.email ?? `owner-${process.pid}-${++counter}-${Date.now()}@example.com`;
      const created = await createAccount({ email, plan: opts.plan ?? "unlimited", approved: opts.approved ?? true });
      return { ...created, email };
    },
    async stop() {
      await running.stop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
