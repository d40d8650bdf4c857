import { defineConfig } from "vitest/config";

/**
 * The deployment checks (`.ci/run`): the Docker image, the compose file and the Vercel build.
 * They build real artefacts (minutes each), so `npm test` leaves them out (*.check.ts).
 */
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/deploy/*.check.ts"],
    pool: "forks",
    // One file at a time: each builds the app, and the machine may have two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
