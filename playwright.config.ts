import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Drives the real dashboard in Debian's Chromium against the real server (`server/main.ts`)
 * on a fresh embedded database. After `npm run build` it runs `npm start`'s server; otherwise
 * Next's dev mode. E2E_BASE_URL points the tests at a server you started yourself instead.
 */
const port = Number(process.env.E2E_PORT || 3100);
export const WEBHOOK_RECEIVER_PORT = Number(process.env.E2E_WEBHOOK_PORT || 3199);
// The server resolves through a test DNS server on this loopback port (test/support/dns-server.ts),
// which a test starts while it publishes a domain's records; nothing listens there otherwise, so
// every other lookup fails at once, as an unreachable resolver's would.
export const DNS_PORT = Number(process.env.E2E_DNS_PORT || 3153);
/** The MX listener of the server the tests start. */
export const MX_PORT = port + 7;
const external = process.env.E2E_BASE_URL;
const baseURL = external || `http://127.0.0.1:${port}`;
// After `npm run build` the tests run what `npm start` runs (the bundled server and Next's build).
const built = fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID")) && fs.existsSync(path.join(process.cwd(), "dist", "server.mjs"));
// Made once by the runner; workers re-read this file and inherit the environment.
process.env.E2E_SCRATCH ??= fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-e2e-"));
const scratch = process.env.E2E_SCRATCH;

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0, // as vitest.config.ts: flaky tests are named by the CI summary
  reporter: [["list"]],
  outputDir: path.join(scratch, "results"),
  use: {
    baseURL,
    // CI keeps failure screenshots; trace recording there only added a way to fail.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        command: built ? "node dist/server.mjs" : "npx tsx server/main.ts --dev",
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: "pipe",
        stderr: "pipe",
        env: {
          PORT: String(port),
          APP_URL: baseURL,
          PGLITE_DIR: path.join(scratch, "db"),
          MAIL_PROVIDER: "sink",
          ENCRYPTION_KEY: "ZTJlLWVuY3J5cHRpb24ta2V5LTMyLWJ5dGVzLWxvbmchIQ==",
          AUTH_SECRET: "e2e-auth-secret-e2e-auth-secret-e2e",
          WEBHOOK_ALLOWED_ORIGINS: `http://127.0.0.1:${WEBHOOK_RECEIVER_PORT}`,
          WEBHOOK_RETRY_SCHEDULE: "1,1",
          DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
          // Every test signs up and in from 127.0.0.1; the per-address limits keep their defaults.
          AUTH_SIGNUP_PER_IP: "1000",
          AUTH_SIGNIN_ATTEMPTS_PER_IP: "1000",
          NEXT_TELEMETRY_DISABLED: "1",
          // SMTP submission beside the HTTP port (its default ports would clash with other runs).
          SMTP_SUBMISSION_PORT: String(port + 5),
          SMTP_SUBMISSION_TLS_PORT: String(port + 6),
          SMTP_MX_PORT: String(MX_PORT),
        },
      },
});
