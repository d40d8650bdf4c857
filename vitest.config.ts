import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "server/**/*.test.ts", "inngest/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI runs on whatever machine the session had, some a third as fast as others: a test that
    // fails once and passes on its retry is reported by name as flaky (scripts/ci-summary.mjs),
    // a test that fails twice fails the run.
    retry: process.env.CI ? 1 : 0,
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/file-database.setup.ts"],
    // Three files at a time on two cores: a file waits on its servers, relays and timers for
    // about half its time (one at a time, as vitest's default on two cores, left 40 % of the
    // CPU idle). Each file has a database of its own on either driver.
    maxWorkers: 3,
    // One JSON line per request at info would bury the test output; a test that reads logs sets its own level.
    // SMTP submission off unless a test asks for it (on port 0): its default ports would clash across test files.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", SMTP_SUBMISSION_PORT: "off", SMTP_SUBMISSION_TLS_PORT: "off", SMTP_MX_PORT: "off" },
    // next-auth imports "next/server" without an extension, which Node's ESM loader refuses;
    // through vite it resolves, so the sign-in tests can call the real route handler.
    server: { deps: { inline: ["next-auth"] } },
  },
  resolve: { alias: { "@": new URL(".", import.meta.url).pathname } },
});
