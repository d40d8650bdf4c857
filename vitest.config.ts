import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "server/**/*.test.ts", "inngest/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["test/global-setup.ts"],
  },
  resolve: { alias: { "@": new URL(".", import.meta.url).pathname } },
});
