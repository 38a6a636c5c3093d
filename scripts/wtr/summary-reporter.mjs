// @ts-check
/**
 * Writes the run's test counts to a JSON file, so `scripts/test.mjs` can add them up with the other suites':
 * the totals, the counts of each engine (the launcher's name: Chromium, Firefox, WebKit) and the failed tests,
 * each named with its engine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

/**
 * @param {string} file - where to write `{ passed, failed, skipped, engines: { [engine]: Counts }, failures: string[] }`.
 * @returns {import('@web/test-runner').Reporter}
 */
export function summaryReporter(file) {
  /** @type {string[]} */
  let engineNames = [];
  return {
    start({ browsers }) {
      engineNames = browsers.map((browser) => browser.name);
    },
    onTestRunFinished({ sessions }) {
      /** @type {Counts} */
      const totals = { passed: 0, failed: 0, skipped: 0 };
      /** @type {Record<string, Counts>} */
      const engines = Object.fromEntries(engineNames.map((name) => [name, { passed: 0, failed: 0, skipped: 0 }]));
      /** @type {string[]} */
      const failures = [];
      for (const session of sessions) {
        const engine = session.browser.name;
        const counts = (engines[engine] ??= { passed: 0, failed: 0, skipped: 0 });
        /** @param {keyof Counts} kind */
        const add = (kind) => {
          counts[kind] += 1;
          totals[kind] += 1;
        };
        /**
         * @param {import('@web/test-runner').TestSuiteResult} suite
         * @param {string[]} path
         */
        const count = (suite, path) => {
          for (const test of suite.tests) {
            if (test.skipped) add('skipped');
            else if (test.passed) add('passed');
            else {
              add('failed');
              failures.push(`[${engine}] ${session.testFile}: ${[...path, test.name].join(' › ')}`);
            }
          }
          for (const child of suite.suites) count(child, [...path, child.name]);
        };
        if (session.testResults) count(session.testResults, []);
        // A file that failed to load or threw outside a test has no results but must still count as a failure.
        if (!session.passed && (!session.testResults || session.errors.length > 0)) {
          add('failed');
          failures.push(`[${engine}] ${session.testFile}: ${session.errors.map((error) => error.message).join('; ') || 'did not run'}`);
        }
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ ...totals, engines, failures }, null, 2));
    },
  };
}
