// @ts-check
/**
 * Writes the run's test counts to a JSON file, so `scripts/test.mjs` can add them up with the other suites'.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * @param {string} file - where to write `{ passed, failed, skipped }`.
 * @returns {import('@web/test-runner').Reporter}
 */
export function summaryReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      /** @param {import('@web/test-runner').TestSuiteResult} suite */
      const count = (suite) => {
        for (const test of suite.tests) {
          if (test.skipped) skipped += 1;
          else if (test.passed) passed += 1;
          else failed += 1;
        }
        suite.suites.forEach(count);
      };
      for (const session of sessions) {
        if (session.testResults) count(session.testResults);
        // A file that failed to load or threw outside a test has no results but must still count as a failure.
        if (!session.passed && (!session.testResults || session.errors.length > 0)) failed += 1;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ passed, failed, skipped }));
    },
  };
}
