// @ts-check
/**
 * `npm test`: the one gate, the same locally and in CI. Type-check, lint (zero warnings), the browser suites,
 * the dev-server suites, a production build with its size budget, and the end-to-end suites (as served, then under a
 * strict Content-Security-Policy with Trusted Types); then the suites' figures, each expected one present and at
 * its goal (a missing or off-goal figure counts as a failed test), and one closing line `tests: N passed, N failed`
 * that adds up every test, gate and figure it ran. Exits non-zero on any failure.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXPECTED_FIGURES, clearFigures, figureProblems, readFigures, recordFigure } from './figures.mjs';

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const failures = [];

/**
 * Runs a command, echoing its output, and returns its exit code and output.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env] variables added to this process's environment
 * @returns {Promise<{ code: number, output: string }>}
 */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...env } });
    let output = '';
    const echo = (/** @type {NodeJS.WriteStream} */ stream) => (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      stream.write(chunk);
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * @param {string} name
 * @param {Counts} counts
 * @param {number} code
 */
function record(name, counts, code) {
  // A runner that exits non-zero with no failed test (a crash, a file that would not load) is still a failure.
  const failed = code !== 0 && counts.failed === 0 ? 1 : counts.failed;
  totals.passed += counts.passed;
  totals.failed += failed;
  totals.skipped += counts.skipped;
  if (failed > 0) failures.push(name);
  console.log(`\n== ${name}: ${counts.passed} passed, ${failed} failed\n`);
}

/** Node test files kept beside browser tests, named `*.node.test.mjs`. */
function nodeTestFiles(/** @type {string} */ dir) {
  return readdirSync(dir).filter((name) => name.endsWith('.node.test.mjs')).map((name) => join(dir, name));
}

/** A gate (type-check, lint, build) counts as one test. */
async function gate(/** @type {string} */ name, /** @type {string} */ command, /** @type {string[]} */ args) {
  console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
  const { code } = await run(command, args);
  record(name, { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 }, code);
  return code === 0;
}

/** Node's test runner prints `ℹ pass N` / `ℹ fail N` / `ℹ skipped N` at the end of its spec report. */
async function nodeSuite(/** @type {string} */ name, /** @type {string[]} */ paths, /** @type {Record<string, string>} */ env = {}) {
  const prefix = Object.entries(env).map(([key, value]) => `${key}=${value} `).join('');
  console.log(`\n== ${name}: ${prefix}node --test ${paths.join(' ')}`);
  const { code, output } = await run(process.execPath, ['--test', '--test-reporter=spec', ...paths], env);
  const number = (/** @type {string} */ label) => Number(output.match(new RegExp(`^\\S*\\s*${label} (\\d+)$`, 'm'))?.[1] ?? 0);
  record(name, { passed: number('pass'), failed: number('fail'), skipped: number('skipped') + number('todo') }, code);
}

/** Where test/e2e/support.mjs logs each test it checked under the strict policy (its CSP_RESULTS_FILE). */
const CSP_RESULTS_FILE = '.test-results/csp-e2e.jsonl';

/**
 * The end-to-end suite again with the demo pages served under a strict Content-Security-Policy with Trusted Types
 * (DEMO_CSP=strict: demo/server/start.mjs sends it, test/e2e/support.mjs fails a test on any violation), and its
 * figure.
 */
async function strictCspSuite() {
  rmSync(CSP_RESULTS_FILE, { force: true });
  await nodeSuite('end-to-end tests (strict CSP + Trusted Types)', ['test/e2e/'], { DEMO_CSP: 'strict' });
  /** @type {Array<{ documents?: number, violations: number, consoleMessages: number, expectedViolations?: number }>} */
  let rows = [];
  try {
    rows = readFileSync(CSP_RESULTS_FILE, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  } catch {
    // No file: no test was checked, which the figure shows as 0 tests, off goal.
  }
  // Controls provoke violations on purpose (test/e2e/csp.test.mjs): caught means exactly as many were recorded.
  const controls = rows.filter((test) => test.expectedViolations !== undefined);
  const caught = controls.filter((test) => test.violations === test.expectedViolations).length;
  const others = rows.filter((test) => test.expectedViolations === undefined);
  // Only a test that loaded a page under the policy checked anything.
  const checked = others.filter((test) => (test.documents ?? 0) > 0);
  const violations = others.reduce((sum, test) => sum + test.violations, 0);
  const messages = others.reduce((sum, test) => sum + test.consoleMessages, 0);
  recordFigure(
    'csp',
    `${checked.length} e2e tests loaded pages under strict CSP + Trusted Types, ${violations} violations` +
      `${messages ? `, ${messages} CSP console messages` : ''}; controls: ${caught} of ${controls.length} injected violations caught`,
    checked.length > 0 && violations === 0 && messages === 0 && controls.length > 0 && caught === controls.length,
  );
}

async function browserSuite() {
  const summary = '.test-results/browser.json';
  rmSync(summary, { force: true });
  console.log('\n== browser tests: wtr');
  const { code } = await run('npx', ['wtr']);
  /** @type {Counts} */
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    counts = JSON.parse(readFileSync(summary, 'utf8'));
  } catch {
    // No summary means the runner never finished a run: counted as one failure by record().
  }
  record('browser tests', counts, code);
}

clearFigures();
await gate('type-check', 'npx', ['tsc', '--noEmit', '-p', '.']);
await gate('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
await browserSuite();
await nodeSuite('node tests (dev server, locale table, commerce entry)', ['test/server/', ...nodeTestFiles('test/lib')]);
if (await gate('build', 'npm', ['run', 'build', '--silent'])) {
  await gate('size budget', process.execPath, ['scripts/bench.mjs', '--sizes-only', '--check-budget']);
  await nodeSuite('end-to-end tests', ['test/e2e/']);
  await strictCspSuite();
  // Chromium screenshots of every state in the three demo brands against test/visual/baselines/.
  await nodeSuite('visual regression (Chromium)', ['test/visual/']);
}

const figures = readFigures();
if (figures.length) {
  console.log('\nSuite figures:');
  for (const { suite, figure, atGoal } of figures) console.log(`  ${atGoal ? 'at goal ' : 'OFF GOAL'}  ${suite}: ${figure}`);
}
// A figure off its goal, or one its suite never printed (the end-to-end figures too when the build failed and
// they did not run), fails the run: each counts as one failed test.
const problems = figureProblems(figures, Object.values(EXPECTED_FIGURES).flat());
for (const problem of problems) console.log(`  ${problem}`);
record('suite figures', { passed: problems.length === 0 ? 1 : 0, failed: problems.length, skipped: 0 }, 0);
console.log(failures.length ? `\nFailed: ${failures.join(', ')}` : '\nAll suites passed.');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed ? 1 : 0);
