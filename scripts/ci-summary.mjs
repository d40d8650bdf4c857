// Sums the vitest and Playwright JSON reports in a folder into "N passed, M failed".
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".ci-out";
let passed = 0;
let failed = 0;
const failedBySuite = new Map();
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  let p = 0;
  let f = 0;
  if (report.crashed) f = 1;
  else if ("numPassedTests" in report) {
    p = report.numPassedTests;
    // A file that failed to load has no tests but must still count as a failure.
    f = report.numFailedTests + (report.testResults ?? []).filter((r) => r.status === "failed" && r.assertionResults.length === 0).length;
  } else if (report.stats) {
    p = report.stats.expected + (report.stats.flaky ?? 0);
    f = report.stats.unexpected + (report.errors?.length ?? 0);
  }
  failedBySuite.set(file, f);
  console.log(`${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
// A runner that exited non-zero with no failed test (e.g. vitest's unhandled errors) still failed.
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".exit"))) {
  const { exitCode, suite } = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if (!failedBySuite.get(suite)) {
    console.log(`${suite}: exited ${exitCode} without a failed test (errors outside tests): 1 failed`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
