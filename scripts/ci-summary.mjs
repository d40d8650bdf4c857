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
  const { failedLines, flakyLines } = testsByOutcome(report);
  for (const line of failedLines) console.log(`  failed: ${line}`);
  for (const line of flakyLines) console.log(`  flaky (failed, then passed on its retry): ${line}`);
  passed += p;
  failed += f;
}
// A runner that exited non-zero with no failed test (e.g. vitest's unhandled errors) still failed.
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".exit"))) {
  const { exitCode, suite } = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if (!failedBySuite.get(suite)) {
    console.log(`${suite}: exited ${exitCode} without a failed test (errors outside tests): 1 failed`);
    for (const line of errorsOutsideTests(path.join(dir, suite.replace(/\.json$/, ".log")))) console.log(`  ${line}`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** The failed and the flaky tests of a vitest or Playwright report, each with the first line of
 * its (first) error: CI keeps only the end of its output, so the summary must name them. */
function testsByOutcome(report) {
  const firstLine = (message) =>
    String(message ?? "")
      .split("\n")
      .find((l) => l.trim()) ?? "";
  const failed = [];
  const flaky = [];
  for (const file of report.testResults ?? []) {
    if (file.status === "failed" && file.assertionResults.length === 0) failed.push(`${file.name}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults ?? []) {
      const line = `${file.name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`;
      if (t.status === "failed") failed.push(line);
      // vitest keeps the errors of a failed attempt on a test that passed on its retry
      else if (t.status === "passed" && t.failureMessages?.length) flaky.push(line);
    }
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const line = () => `${[...titles, spec.title].join(" > ")}: ${firstLine(test.results?.find((r) => r.error)?.error?.message)}`;
        if (test.status === "unexpected") failed.push(line());
        else if (test.status === "flaky") flaky.push(line());
      }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const error of report.errors ?? []) failed.push(firstLine(error.message));
  const clean = (l) => l.replace(/\u001b\[[0-9;]*m/g, "").slice(0, 300);
  return { failedLines: failed.map(clean), flakyLines: flaky.map(clean) };
}

/** What vitest printed of its errors outside tests (its "Unhandled Errors" section), from the
 * suite's log when .ci/run kept one: CI keeps only the end of the output, and that section is
 * printed before the last suite runs. */
function errorsOutsideTests(logFile) {
  if (!fs.existsSync(logFile)) return [];
  const lines = fs
    .readFileSync(logFile, "utf8")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n");
  const start = lines.findIndex((l) => l.includes("Unhandled Error"));
  if (start < 0) return [];
  return lines
    .slice(start, start + 16)
    .filter((l) => l.trim() && !/^⎯+$/.test(l.trim()))
    .map((l) => l.slice(0, 300));
}
