// A Web Test Runner reporter that writes the run's totals for scripts/test.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function countSuite(suite, totals) {
  for (const test of suite.tests) {
    if (test.skipped) totals.skipped++;
    else if (test.passed) totals.passed++;
    else totals.failed++;
  }
  for (const child of suite.suites) countSuite(child, totals);
}

/** Counts passed, failed and skipped tests; a file that failed to load or errored counts as one failure. */
export function countReporter(outFile) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        if (session.testResults) countSuite(session.testResults, totals);
        // Errors outside any test (a file that does not load, a failing hook) have no test of their own.
        if (session.errors?.length || (!session.passed && !session.testResults?.tests.length && !session.testResults?.suites.length)) {
          totals.failed += Math.max(1, session.errors?.length ?? 0);
        }
      }
      mkdirSync(dirname(outFile), { recursive: true });
      writeFileSync(outFile, JSON.stringify(totals));
    },
  };
}
