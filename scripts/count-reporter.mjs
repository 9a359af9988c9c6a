// A Web Test Runner reporter that writes the run's totals for scripts/test.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** How test/setup/file-group.ts names the suite of each file on a page of several. */
const FILE_SUITE_PREFIX = 'file: ';

/** The first line of an error's message, for the run's closing list of failures. */
const firstLine = (error) => String(error?.message ?? error ?? '').split('\n')[0].slice(0, 200);

function countSuite(suite, totals, file, path = []) {
  for (const test of suite.tests) {
    totals.durations[file] = (totals.durations[file] ?? 0) + (test.duration ?? 0);
    if (test.skipped) totals.skipped++;
    else if (test.passed) totals.passed++;
    else {
      totals.failed++;
      totals.failures.push({ file, test: [...path, test.name].join(' › '), error: firstLine(test.error) });
    }
  }
  for (const child of suite.suites) countSuite(child, totals, file, [...path, child.name]);
}

/**
 * Counts passed, failed and skipped tests, and names each failure (file, test, first line of its
 * error) so the run can list them last; a file that failed to load, errored or timed out counts
 * as one failure, with the test it was in when `progress` (scripts/wtr-progress.mjs) knows it.
 */
export function countReporter(outFile, progress = null) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0, failures: [], durations: {} };
      for (const session of sessions) {
        const file = session.testFile.replace(`${process.cwd()}/`, '');
        if (session.testResults) {
          // A page of several files (scripts/wtr-groups.mjs) has a suite per file, named after it.
          const { suites, tests } = session.testResults;
          countSuite({ suites: suites.filter((suite) => !suite.name.startsWith(FILE_SUITE_PREFIX)), tests }, totals, file);
          for (const suite of suites.filter((suite) => suite.name.startsWith(FILE_SUITE_PREFIX))) countSuite(suite, totals, suite.name.slice(FILE_SUITE_PREFIX.length));
        }
        // Errors outside any test (a file that does not load, a failing hook) have no test of their own.
        if (session.errors?.length || (!session.passed && !session.testResults?.tests.length && !session.testResults?.suites.length)) {
          totals.failed += Math.max(1, session.errors?.length ?? 0);
          const errors = session.errors?.length ? session.errors : [{ message: 'the file did not finish (timed out or its page crashed)' }];
          // Where a file that never finished was; one that ended with an error reported it already.
          const unfinished = !session.errors?.length || session.errors.some((error) => /did not (finish|start)/.test(error.message ?? ''));
          const where = unfinished ? (progress?.lastStep(session.id) ?? null) : null;
          for (const error of errors) totals.failures.push({ file, test: '(the file)', error: firstLine(error) + (where ? `; it was ${where}` : '') });
        }
      }
      mkdirSync(dirname(outFile), { recursive: true });
      writeFileSync(outFile, JSON.stringify(totals));
    },
  };
}
