// Retention for bench/scale.mjs (run under tsx on DATABASE_URL with RETENTION_DAYS set):
// the retention task's runOnce (server/ops/retention.ts) called again and again until it
// finds nothing more, as the embedded driver's loop does (a run that handled work runs
// again at once). Prints one JSON line: runs, rows handled, seconds, the slowest run.
import { closeDatabase } from "../../server/db/client";
import { pruneOnce } from "../../server/ops/retention";

const t0 = performance.now();
let runs = 0;
let handled = 0;
let slowestMs = 0;
for (;;) {
  const started = performance.now();
  const n = await pruneOnce();
  slowestMs = Math.max(slowestMs, performance.now() - started);
  runs++;
  handled += n;
  if (n === 0) break;
}
await closeDatabase();
console.log(JSON.stringify({ runs, handled, seconds: (performance.now() - t0) / 1000, slowest_run_ms: slowestMs }));
