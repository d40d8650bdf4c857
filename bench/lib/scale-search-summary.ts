// The search-summary task's next run for bench/scale.mjs (run under tsx on DATABASE_URL):
// server/sending/search-summary.ts's runOnce, once, as its loop runs it every 5 s on the
// embedded driver and its cron every minute on Inngest. Prints one JSON line: what it did
// (GIN pending pages merged) and the seconds it took.
import { closeDatabase } from "../../server/db/client";
import { searchSummaryTask } from "../../server/sending/search-summary";

const t0 = performance.now();
const work = await searchSummaryTask.runOnce();
const seconds = (performance.now() - t0) / 1000;
await closeDatabase();
console.log(JSON.stringify({ work, seconds }));
