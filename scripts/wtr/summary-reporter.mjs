// @ts-check
/**
 * Writes the run's test counts to a JSON file, so `scripts/test.mjs` can add them up with the other suites':
 * the totals, the counts of each engine (the launcher's name: Chromium, Firefox, WebKit) and the failed tests,
 * each named with its engine; and each test's outcome (`{ engine, file, path, outcome, message }`), by which
 * `scripts/test.mjs` retries a failed test once and knows whether it then passed; and when each file ended
 * (`files`, in the order they ended, milliseconds since the run started), from which scripts/browser-timings.mjs
 * makes the table the gate's lanes are balanced on.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

/**
 * @param {string} file - where to write `{ passed, failed, skipped, engines: { [engine]: Counts }, failures: string[],
 *   outcomes: Array<{ engine, file, path, outcome, duration, message? }>, files: Array<{ file, engines, endedMs }> }`
 *   (duration in ms, to find the slow files; `endedMs`: when the file's last session ended, after the run's start).
 * @returns {import('@web/test-runner').Reporter}
 */
export function summaryReporter(file) {
  /** @type {string[]} */
  let engineNames = [];
  let started = Date.now();
  /** @type {Array<{ file: string, engines: string[], endedMs: number }>} */
  const files = [];
  return {
    start({ browsers }) {
      engineNames = browsers.map((browser) => browser.name);
      started = Date.now();
    },
    onTestRunStarted() {
      // Each run of a watching runner times its own files.
      started = Date.now();
      files.length = 0;
    },
    reportTestFileResults({ sessionsForTestFile, testFile }) {
      files.push({ file: testFile, engines: sessionsForTestFile.map((session) => session.browser.name), endedMs: Date.now() - started });
    },
    onTestRunFinished({ sessions }) {
      /** @type {Counts} */
      const totals = { passed: 0, failed: 0, skipped: 0 };
      /** @type {Record<string, Counts>} */
      const engines = Object.fromEntries(engineNames.map((name) => [name, { passed: 0, failed: 0, skipped: 0 }]));
      /** @type {string[]} */
      const failures = [];
      /** @type {Array<{ engine: string, file: string, path: string, outcome: 'passed' | 'failed' | 'skipped', duration?: number, message?: string }>} */
      const outcomes = [];
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
            const testPath = [...path, test.name].join(' › ');
            if (test.skipped) add('skipped');
            else if (test.passed) add('passed');
            else {
              add('failed');
              failures.push(`[${engine}] ${session.testFile}: ${testPath}`);
            }
            const outcome = test.skipped ? 'skipped' : test.passed ? 'passed' : 'failed';
            const message = test.error?.message?.split('\n')[0]?.slice(0, 400);
            outcomes.push({ engine, file: session.testFile, path: testPath, outcome, duration: test.duration ?? 0, ...(outcome === 'failed' && message ? { message } : {}) });
          }
          for (const child of suite.suites) count(child, [...path, child.name]);
        };
        if (session.testResults) count(session.testResults, []);
        // A file that failed to load or threw outside a test has no results but must still count as a failure.
        if (!session.passed && (!session.testResults || session.errors.length > 0)) {
          add('failed');
          const message = session.errors.map((error) => error.message).join('; ') || 'did not run';
          failures.push(`[${engine}] ${session.testFile}: ${message}`);
          outcomes.push({ engine, file: session.testFile, path: '', outcome: 'failed', message: message.slice(0, 400) });
        }
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ ...totals, engines, failures, outcomes, files }, null, 2));
    },
  };
}
