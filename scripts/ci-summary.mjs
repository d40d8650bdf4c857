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
  for (const line of failedTests(report)) console.log(`  failed: ${line}`);
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

/** The failed tests of a vitest or Playwright report, each with the first line of its error:
 * CI keeps only the end of its output, so the summary must name what failed. */
function failedTests(report) {
  const firstLine = (message) =>
    String(message ?? "")
      .split("\n")
      .find((l) => l.trim()) ?? "";
  const lines = [];
  for (const file of report.testResults ?? []) {
    if (file.status === "failed" && file.assertionResults.length === 0) lines.push(`${file.name}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults ?? [])
      if (t.status === "failed") lines.push(`${file.name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") {
          const error = test.results?.at(-1)?.error?.message;
          lines.push(`${[...titles, spec.title].join(" > ")}: ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const error of report.errors ?? []) lines.push(firstLine(error.message));
  return lines.map((l) => l.replace(/\u001b\[[0-9;]*m/g, "").slice(0, 300));
}
process.exit(failed > 0 ? 1 : 0);
