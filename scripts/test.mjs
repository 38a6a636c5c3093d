// @ts-check
/**
 * `npm test`: the one gate, the same locally and in CI. Type-check, lint (zero warnings), the browser suites,
 * the dev-server suites, a production build with its size budget, and the end-to-end suites (as served, then under a
 * strict Content-Security-Policy with Trusted Types); then the suites' figures, each expected one present and at
 * its goal (a missing or off-goal figure counts as a failed test), and one closing line `tests: N passed, N failed`
 * that adds up every test, gate and figure it ran. Exits non-zero on any failure.
 *
 * The browser suites run in each selected engine (Chromium, Firefox ESR, WebKitGTK; `--browser=firefox` or
 * `LOYALTY_BROWSERS=firefox,webkit` picks some, scripts/browsers.mjs), so do the engine-parametrised end-to-end
 * journeys (E2E_ENGINE_FILES); the line before the closing one counts each engine's tests, and every failure
 * names its engine.
 *
 * A suite with at most MAX_RETRIED failed tests runs those tests once more (their files, by name); a test that then
 * passes counts as passed and is listed as flaky, with its first failure's message, on a `flaky:` line before the
 * closing one. More failures than that are a breakage, not a flake: nothing is retried. A test failing twice fails.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ENGINE_LABELS, selectedEngines } from './browsers.mjs';
import { EXPECTED_FIGURES, clearFigures, engineFigure, figureProblems, readFigures, recordFigure, settleRetriedFigures } from './figures.mjs';

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

const totals = { passed: 0, failed: 0, skipped: 0 };
/** When the run started, and when the last suite ended: each suite's line says how long it took. */
const runStarted = Date.now();
let lastRecorded = runStarted;
/** @param {number} milliseconds */
const duration = (milliseconds) => `${Math.floor(milliseconds / 60_000)} min ${Math.round((milliseconds % 60_000) / 1000)} s`;
/** @type {string[]} */
const failures = [];
/** Tests that failed, then passed on their one retry: `[engine] file: path — first failure: message`. @type {string[]} */
const flaky = [];
/** The most failed tests of one suite that are retried: more is a breakage, shown as it is. */
const MAX_RETRIED = 3;
const engines = selectedEngines();
/** Each engine's counts over the suites that ran in it. @type {Map<string, Counts>} */
const engineTotals = new Map(engines.map((engine) => [ENGINE_LABELS[engine], { passed: 0, failed: 0, skipped: 0 }]));

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
 * @param {string} [engine] - the engine label the suite ran in, for that engine's counts.
 */
function record(name, counts, code, engine) {
  // A runner that exits non-zero with no failed test (a crash, a file that would not load) is still a failure.
  const failed = code !== 0 && counts.failed === 0 ? 1 : counts.failed;
  totals.passed += counts.passed;
  totals.failed += failed;
  totals.skipped += counts.skipped;
  const perEngine = engine === undefined ? undefined : engineTotals.get(engine);
  if (perEngine) {
    perEngine.passed += counts.passed;
    perEngine.failed += failed;
    perEngine.skipped += counts.skipped;
  }
  if (failed > 0) failures.push(name);
  // The browser suites' engines share one run: the first engine's line carries its whole time.
  const now = Date.now();
  console.log(`\n== ${name}: ${counts.passed} passed, ${failed} failed (${duration(now - lastRecorded)})\n`);
  lastRecorded = now;
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

/** @typedef {{ file: string, path: string, name?: string, outcome: 'passed' | 'failed' | 'skipped', message?: string, engine?: string }} Outcome */

/** Where scripts/test-outcomes-reporter.mjs writes each node suite's outcomes. */
const NODE_OUTCOMES = '.test-results/node-outcomes.jsonl';

/**
 * Runs node's test runner on `paths` (only the tests named by `pattern`, when given): the spec report to the console,
 * each test's outcome to {@link NODE_OUTCOMES}. Node's spec report ends with `ℹ pass N` / `ℹ fail N` / `ℹ cancelled N` /
 * `ℹ skipped N`; a test cancelled (its suite's `before` hook failed) did not pass, and counts as failed.
 * @param {string[]} paths
 * @param {Record<string, string>} env
 * @param {string} [pattern]
 */
async function nodeTests(paths, env, pattern) {
  rmSync(NODE_OUTCOMES, { force: true });
  // Node's runner does not make the reporter's folder (a fresh clone has none until a suite writes there).
  mkdirSync(dirname(NODE_OUTCOMES), { recursive: true });
  const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./scripts/test-outcomes-reporter.mjs', `--test-reporter-destination=${NODE_OUTCOMES}`];
  const { code, output } = await run(process.execPath, ['--test', '--test-concurrency=1', ...reporters, ...(pattern ? [`--test-name-pattern=${pattern}`] : []), ...paths], env);
  const number = (/** @type {string} */ label) => Number(output.match(new RegExp(`^\\S*\\s*${label} (\\d+)$`, 'm'))?.[1] ?? 0);
  /** @type {Outcome[]} */
  let outcomes = [];
  try {
    outcomes = readFileSync(NODE_OUTCOMES, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  } catch {
    // No outcomes: the runner did not start; the counts and the exit code tell.
  }
  return { code, counts: { passed: number('pass'), failed: number('fail') + number('cancelled'), skipped: number('skipped') + number('todo') }, outcomes };
}

/** A regular expression matching exactly one of `names`. */
function exactly(/** @type {string[]} */ names) {
  return `^(?:${[...new Set(names)].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
}

/**
 * Counts the failed tests that passed on their retry as passed, and lists them as flaky.
 * @param {Counts} counts
 * @param {Outcome[]} failed - the first run's failed tests.
 * @param {Outcome[]} retried - every outcome of the retry.
 * @param {string | undefined} engine
 */
function settleRetry(counts, failed, retried, engine) {
  const recovered = failed.filter((test) => retried.some((again) => again.file === test.file && again.path === test.path && again.outcome === 'passed' && (again.engine ?? engine) === (test.engine ?? engine)));
  for (const test of recovered) flaky.push(`[${test.engine ?? engine ?? 'Node'}] ${relative(process.cwd(), test.file)}: ${test.path} — first failure: ${test.message || 'no message'}`);
  const stillFailed = failed.length - recovered.length;
  console.log(`== retry: ${recovered.length} of ${failed.length} passed on the retry${stillFailed ? `, ${stillFailed} failed again` : ''}\n`);
  return { ...counts, passed: counts.passed + recovered.length, failed: counts.failed - recovered.length };
}

/** A node suite, its few failed tests retried once (by file and name). */
async function nodeSuite(
  /** @type {string} */ name,
  /** @type {string[]} */ paths,
  /** @type {Record<string, string>} */ env = {},
  /** @type {string | undefined} */ engine = undefined,
) {
  const prefix = Object.entries(env).map(([key, value]) => `${key}=${value} `).join('');
  console.log(`\n== ${name}: ${prefix}node --test ${paths.join(' ')}`);
  let { code, counts, outcomes } = await nodeTests(paths, env);
  const failed = outcomes.filter((test) => test.outcome === 'failed');
  // Retried only when the failed tests are all known by name: a crash or a hook's failure outside them is shown as is.
  if (code !== 0 && failed.length > 0 && failed.length <= MAX_RETRIED && failed.length === counts.failed) {
    const files = [...new Set(failed.map((test) => test.file))];
    console.log(`\n== retry of ${failed.length} failed test(s) of ${name}, once: ${failed.map((test) => test.path).join('; ')}`);
    const printed = readFigures().length;
    const retry = await nodeTests(files, env, exactly(failed.map((test) => test.name ?? test.path)));
    counts = settleRetry(counts, failed, retry.outcomes, engine);
    if (counts.failed === 0) {
      code = 0;
      settleRetriedFigures(printed);
    }
  }
  record(name, counts, code, engine);
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
  if (engines.includes('chromium')) await nodeSuite('end-to-end tests (strict CSP + Trusted Types)', E2E_STRICT_CSP_FILES, { DEMO_CSP: 'strict' }, ENGINE_LABELS.chromium);
  await otherEngineJourneys('end-to-end journeys (strict CSP + Trusted Types)', { DEMO_CSP: 'strict' });
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

/**
 * The web-test-runner suites, every selected engine one after another in one run (web-test-runner.config.mjs),
 * recorded per engine; each failed test is listed with its engine.
 */
async function browserSuite() {
  const summary = '.test-results/browser.json';
  rmSync(summary, { force: true });
  console.log(`\n== browser tests: wtr (${engines.map((engine) => ENGINE_LABELS[engine]).join(', ')})`);
  const { code } = await run('npx', ['wtr'], { LOYALTY_BROWSERS: engines.join(',') });
  /** @type {{ engines?: Record<string, Counts>, failures?: string[] }} */
  let result = {};
  try {
    result = JSON.parse(readFileSync(summary, 'utf8'));
  } catch {
    // No summary means the runner never finished a run: each engine is counted as one failure by record().
  }
  for (const failure of result.failures ?? []) console.log(`  failed: ${failure}`);
  /** @type {Outcome[]} */
  const failed = (result.outcomes ?? []).filter((test) => test.outcome === 'failed');
  /** Each engine's counts, its retried tests moved from failed to passed. @type {Record<string, Counts>} */
  const settled = { ...result.engines };
  if (failed.length > 0 && failed.length <= MAX_RETRIED && failed.every((test) => test.path !== '')) {
    for (const label of new Set(failed.map((test) => /** @type {string} */ (test.engine)))) {
      const engine = engines.find((name) => ENGINE_LABELS[name] === label);
      const ones = failed.filter((test) => test.engine === label);
      const files = [...new Set(ones.map((test) => relative(process.cwd(), test.file)))];
      console.log(`\n== retry of ${ones.length} failed browser test(s) in ${label}, once: ${files.join(' ')}`);
      const retrySummary = '.test-results/browser-retry.json';
      rmSync(retrySummary, { force: true });
      const printed = readFigures().length;
      await run('npx', ['wtr', ...files.flatMap((file) => ['--files', file])], { LOYALTY_BROWSERS: engine ?? '', LOYALTY_WTR_SUMMARY: retrySummary });
      /** @type {{ outcomes?: Outcome[] }} */
      let retry = {};
      try {
        retry = JSON.parse(readFileSync(retrySummary, 'utf8'));
      } catch {
        // The retry did not finish: its tests stay failed.
      }
      const counts = settled[label] ?? { passed: 0, failed: 0, skipped: 0 };
      settled[label] = settleRetry(counts, ones, retry.outcomes ?? [], label);
      if (settled[label].failed === 0) settleRetriedFigures(printed);
    }
  }
  for (const engine of engines) {
    const label = ENGINE_LABELS[engine];
    const counts = settled[label] ?? { passed: 0, failed: 0, skipped: 0 };
    // The run's exit code belongs to the engine that failed; an engine with no result at all failed to run.
    const engineCode = counts.failed > 0 || !result.engines?.[label] || (code !== 0 && !result.failures?.length) ? 1 : 0;
    record(`browser tests (${label})`, counts, engineCode, label);
  }
}

/**
 * The end-to-end files that take the engine from E2E_ENGINE (test/e2e/support.mjs launchBrowser): the main
 * journeys. In Chromium every end-to-end file runs (the suite below); in Firefox and WebKit these.
 */
const E2E_ENGINE_FILES = [
  'test/e2e/demo.test.mjs',
  'test/e2e/navigation.test.mjs',
  'test/e2e/loyalty-signup.test.mjs',
  'test/e2e/loyalty-recovery.test.mjs',
  'test/e2e/cart.test.mjs',
  // Not test/e2e/keyboard.test.mjs: Firefox driven over BiDi loses :focus-visible once Tab has left the
  // document, so its focus checks cannot judge Firefox (docs/development.md "Browser engines").
  'test/e2e/csp.test.mjs',
  // A chunk that fails, against the build: Firefox keeps a failed module, so its recovery is proven here.
  'test/e2e/lazy-recovery.test.mjs',
];

/**
 * Chromium's end-to-end files under the strict policy: every file that drives the widget on a page, not those that
 * load no page (the dist entries), measure (the benchmark, the hostile cycles) or read the markup (parts, the
 * CMS snippet), which the policy cannot change; to keep CI within its time.
 */
const E2E_STRICT_CSP_FILES = readdirSync('test/e2e')
  .filter((name) => name.endsWith('.test.mjs'))
  .filter((name) => !['bench', 'hostile', 'bookcore-dist', 'commerce-dist', 'parts', 'readme-cms'].includes(name.replace('.test.mjs', '')))
  .map((name) => `test/e2e/${name}`);

/**
 * Firefox's journeys under the strict policy: the policy's own checks and the demo's four tags (the other journeys
 * run in Firefox as served, and under the policy in Chromium and WebKit), to keep CI within its time.
 */
const E2E_FIREFOX_STRICT_CSP_FILES = ['test/e2e/csp.test.mjs', 'test/e2e/demo.test.mjs'];

/** WebKit's journeys, over WebDriver. */
const E2E_WEBKIT_FILE = 'test/e2e/webkit-journeys.mjs';

/**
 * The engine-parametrised journeys in each selected engine other than Chromium, under the policy given.
 * @param {string} title
 * @param {Record<string, string>} env
 */
async function otherEngineJourneys(title, env) {
  for (const engine of engines) {
    const label = ENGINE_LABELS[engine];
    if (engine === 'firefox') {
      const files = env.DEMO_CSP === 'strict' ? E2E_FIREFOX_STRICT_CSP_FILES : E2E_ENGINE_FILES;
      await nodeSuite(`${title} (${label})`, files, { ...env, E2E_ENGINE: engine }, label);
    }
    // WebKit's journeys speak WebDriver (playwright-core cannot drive stock WebKitGTK): their own file, in both
    // runs (under the strict policy they watch violations themselves, from each page's load on).
    if (engine === 'webkit') await nodeSuite(`${title} (${label})`, [E2E_WEBKIT_FILE], { ...env, E2E_ENGINE: engine }, label);
  }
}

clearFigures();
await gate('type-check', 'npx', ['tsc', '--noEmit', '-p', '.']);
await gate('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
await browserSuite();
await nodeSuite('node tests (dev server, locale table, commerce entry)', ['test/server/', ...nodeTestFiles('test/lib')]);
if (await gate('build', 'npm', ['run', 'build', '--silent'])) {
  await gate('size budget', process.execPath, ['scripts/bench.mjs', '--sizes-only', '--check-budget']);
  if (engines.includes('chromium')) await nodeSuite('end-to-end tests', ['test/e2e/'], {}, ENGINE_LABELS.chromium);
  await otherEngineJourneys('end-to-end journeys', {});
  await strictCspSuite();
  // The reference Django bookcore (demo/django, Debian's python3-django) in five CSRF setups and over HTTPS.
  await nodeSuite('Django end-to-end tests', ['test/django/']);
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
const labels = engines.map((engine) => ENGINE_LABELS[engine]);
// The keyboard journeys print their figure in each engine they ran in: Chromium runs every end-to-end file.
const keyboardLabels = engines
  .filter((engine) => engine === 'chromium' || (engine === 'firefox' && E2E_ENGINE_FILES.includes('test/e2e/keyboard.test.mjs')))
  .map((engine) => ENGINE_LABELS[engine]);
const e2eEngines = engines.filter((engine) => engine === 'chromium' || engine === 'firefox');
const expectedFigures = [
  // The browser suites print theirs once per engine, the keyboard journeys once per engine they ran in.
  ...EXPECTED_FIGURES['browser tests'].flatMap((suite) => labels.map((label) => engineFigure(suite, label))),
  ...EXPECTED_FIGURES['node tests'],
  ...EXPECTED_FIGURES['end-to-end tests'].flatMap((suite) =>
    suite === 'keyboard' ? keyboardLabels.map((label) => engineFigure(suite, label)) : engines.includes('chromium') ? [suite] : [],
  ),
  ...(e2eEngines.length ? EXPECTED_FIGURES['end-to-end tests (strict CSP)'] : []),
  // The Django journeys run in Chromium whatever --browser says.
  ...EXPECTED_FIGURES['Django end-to-end tests'],
];
const problems = figureProblems(figures, expectedFigures);
for (const problem of problems) console.log(`  ${problem}`);
record('suite figures', { passed: problems.length === 0 ? 1 : 0, failed: problems.length, skipped: 0 }, 0);
console.log(failures.length ? `\nFailed: ${failures.join(', ')}` : '\nAll suites passed.');
// Tests that failed once and passed on their retry: counted as passed, named here so each is looked into.
if (flaky.length) console.log(`flaky: ${flaky.length} (failed, then passed on the one retry)\n${flaky.map((line) => `  ${line}`).join('\n')}`);
// Each engine's tests (browser suites and the journeys run in it); gates, node suites and figures are engine-free.
console.log(
  `engines: ${[...engineTotals]
    .map(([label, counts]) => `${label} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`)
    .join('; ')}`,
);
console.log(`time: ${duration(Date.now() - runStarted)}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed ? 1 : 0);
