import { afterAll } from "vitest";
import { copyForThisFile } from "./support/file-database";

// Before each test file (vitest.config.ts, setupFiles): on PostgreSQL, a database of its own
// (test/support/file-database.ts). The suite's DATABASE_URL is kept aside: a worker process
// may run several files.
const shared = (process.env.POSTHASTE_TEST_SHARED_DATABASE_URL ??= process.env.DATABASE_URL);
if (shared) {
  const copy = await copyForThisFile(shared);
  process.env.DATABASE_URL = copy.url;
  afterAll(copy.drop);
}
