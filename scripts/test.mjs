// @ts-check
/**
 * `npm test`: the one gate, the same locally and in CI. Type-check, lint (zero warnings), the browser suites,
 * the dev-server suites, a production build with its size budget, the end-to-end suites (under a strict
 * Content-Security-Policy with Trusted Types, with a few files as served: see {@link E2E_PLAIN_FILES}), the Django
 * journeys and the visual suite; then the suites' figures, each expected one present and at its goal (a missing or
 * off-goal figure counts as a failed test), the run's time, and one closing line `tests: N passed, N failed` that
 * adds up every test, gate and figure it ran. Exits non-zero on any failure.
 *
 * `npm run test:quick` (`--quick`): the loop before a commit, type-check, lint, the browser suites in Chromium and
 * the Node tests, with the same closing lines.
 *
 * Suites run side by side (the end of this file): the type-check, lint and build first; then every suite as a job,
 * {@link JOBS_AT_ONCE} at a time, the longest first. The browser tests run in lanes ({@link BROWSER_LANES} per engine,
 * each a web-test-runner of its own with a share of the files, balanced on the seconds each file took in a measured
 * run: scripts/browser-lanes.mjs), and so do
 * Chromium's end-to-end files under the strict policy; each file's page has a store of its own on the dev bookcore,
 * so no lane sees another's faults or request log. Each suite's output is printed whole when it ends, under its
 * `== name:` line, with how long it took.
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
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, sep } from 'node:path';
import { readFileSecondsTable, splitIntoLanes } from './browser-lanes.mjs';
import { ENGINE_LABELS, selectedEngines } from './browsers.mjs';
import { runCommand, runJobsAtOnce, stopAllCommands } from './jobs.mjs';
import { EXPECTED_FIGURES, clearFigures, engineFigure, figureLineCount, figureProblems, readFigures, recordFigure, settleRetriedFigures } from './figures.mjs';

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

const totals = { passed: 0, failed: 0, skipped: 0 };
/** When the run started: the closing lines say how long it took. */
const runStarted = Date.now();
/** The loop before a commit (`npm run test:quick`): no build, no end-to-end suites, Chromium alone. */
const QUICK = process.argv.includes('--quick');
// The property tests' fewer seeded runs in Chromium too (test/support/property-runs.ts); the gate keeps their depth.
if (QUICK) process.env.LOYALTY_PROPERTY_DEPTH = 'quick';
/** @param {number} milliseconds */
const duration = (milliseconds) => `${Math.floor(milliseconds / 60_000)} min ${Math.round((milliseconds % 60_000) / 1000)} s`;
/** @type {string[]} */
const failures = [];
/** Tests that failed, then passed on their one retry: `[engine] file: path — first failure: message`. @type {string[]} */
const flaky = [];
/** The most failed tests of one suite that are retried: more is a breakage, shown as it is. */
const MAX_RETRIED = 3;
/** @type {import('./browsers.mjs').Engine[]} */
const engines = QUICK ? ['chromium'] : selectedEngines();
/** Each engine's counts over the suites that ran in it. @type {Map<string, Counts>} */
const engineTotals = new Map(engines.map((engine) => [ENGINE_LABELS[engine], { passed: 0, failed: 0, skipped: 0 }]));

/**
 * What one suite printed, held until it ends: suites run side by side, and each one's output is printed whole,
 * above its `== name:` line.
 */
class SuiteLog {
  /** @param {string} name */
  constructor(name) {
    this.name = name;
    this.started = Date.now();
    this.text = '';
    // Said at once, so a long wait shows what is running.
    if (name !== 'suite figures') console.log(`-- ${name}: started`);
  }

  /** @param {string} text */
  write(text) {
    this.text += text;
  }

  /** @param {string} line */
  line(line) {
    this.text += `${line}\n`;
  }
}

/**
 * How long one command of a suite may run (`LOYALTY_JOB_TIMEOUT_MIN`, 20 minutes by default; the longest, a
 * Chromium browser lane, takes about 9 here): past it the command's whole process tree is stopped and the suite
 * fails saying so, so a hung browser or server costs one suite, never the run (CI stops a run at 90 minutes).
 */
const JOB_TIMEOUT_MS = (Number(process.env.LOYALTY_JOB_TIMEOUT_MIN) || 20) * 60_000;
/** Every 3 minutes the run names the suites still running, so a long wait shows where it is. */
const HEARTBEAT_MS = 3 * 60_000;
/** The suites running now, by name, with when each started. @type {Map<SuiteLog, number>} */
const running = new Map();
for (const name of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(name, () => {
    // Each command runs in a process group of its own (to be stopped whole at its deadline), so a Ctrl-C reaches
    // only this process: it passes the stop on, and nothing is left running.
    stopAllCommands();
    process.exit(130);
  });
}

const heartbeat = setInterval(() => {
  if (running.size === 0) return;
  const now = Date.now();
  console.log(`-- still running (${duration(now - runStarted)} in): ${[...running].map(([log, started]) => `${log.name} (${duration(now - started)})`).join(', ')}`);
}, HEARTBEAT_MS);
heartbeat.unref();

/**
 * Runs a command, keeping its output in the suite's log, and returns its exit code and output; a command still
 * running after {@link JOB_TIMEOUT_MS} is stopped, with its whole process tree (browsers, servers), and fails.
 * @param {SuiteLog} log
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env] variables added to this process's environment
 * @returns {Promise<{ code: number, output: string, timedOut: boolean }>}
 */
async function run(log, command, args, env = {}) {
  running.set(log, running.get(log) ?? Date.now());
  const result = await runCommand(command, args, { env: { ...process.env, FORCE_COLOR: '0', ...env }, timeoutMs: JOB_TIMEOUT_MS, onOutput: (text) => log.write(text) });
  if (result.timedOut) {
    log.line(`\n== ${log.name}: still running after ${duration(JOB_TIMEOUT_MS)}, stopped: ${command} ${args.join(' ').slice(0, 200)}`);
    console.log(`-- ${log.name}: stopped after ${duration(JOB_TIMEOUT_MS)}`);
  }
  return result;
}

/**
 * Counts a suite's tests, and prints its output and its line.
 * @param {SuiteLog} log
 * @param {string} name
 * @param {Counts} counts
 * @param {number} code
 * @param {string} [engine] - the engine label the suite ran in, for that engine's counts.
 */
function record(log, name, counts, code, engine) {
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
  running.delete(log);
  // The browser suites' engines share one run, and each engine's line gives that run's time.
  process.stdout.write(log.text);
  log.text = '';
  console.log(`\n== ${name}: ${counts.passed} passed, ${failed} failed (${duration(Date.now() - log.started)})\n`);
}

/** Node test files kept beside browser tests, named `*.node.test.mjs`. */
function nodeTestFiles(/** @type {string} */ dir) {
  return readdirSync(dir).filter((name) => name.endsWith('.node.test.mjs')).map((name) => join(dir, name));
}

/** A gate (type-check, lint, build) counts as one test. */
async function gate(/** @type {string} */ name, /** @type {string} */ command, /** @type {string[]} */ args) {
  const log = new SuiteLog(name);
  log.line(`\n== ${name}: ${command} ${args.join(' ')}`);
  const { code } = await run(log, command, args);
  record(log, name, { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 }, code);
  return code === 0;
}

/** @typedef {{ file: string, path: string, name?: string, outcome: 'passed' | 'failed' | 'skipped', message?: string, engine?: string }} Outcome */

/** Where scripts/test-outcomes-reporter.mjs writes each node suite's outcomes: one file per suite (they run side by side). */
const nodeOutcomesFile = (/** @type {string} */ name) => `.test-results/node-outcomes/${name.replace(/[^A-Za-z0-9]+/g, '-')}.jsonl`;

/**
 * Runs node's test runner on `paths` (only the tests named by `pattern`, when given), `concurrency` files at a time:
 * the spec report to the suite's log, each test's outcome to its outcomes file. Node's spec report ends with
 * `ℹ pass N` / `ℹ fail N` / `ℹ cancelled N` / `ℹ skipped N`; a test cancelled (its suite's `before` hook failed) did
 * not pass, and counts as failed. Both reports come in the files' order, whatever the concurrency.
 * @param {SuiteLog} log
 * @param {string[]} paths
 * @param {Record<string, string>} env
 * @param {number} concurrency
 * @param {string} [pattern]
 */
async function nodeTests(log, paths, env, concurrency, pattern) {
  const outcomesFile = nodeOutcomesFile(log.name);
  rmSync(outcomesFile, { force: true });
  // Node's runner does not make the reporter's folder (a fresh clone has none until a suite writes there).
  mkdirSync(dirname(outcomesFile), { recursive: true });
  const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./scripts/test-outcomes-reporter.mjs', `--test-reporter-destination=${outcomesFile}`];
  const { code, output } = await run(log, process.execPath, ['--test', `--test-concurrency=${concurrency}`, `--test-timeout=${NODE_TEST_TIMEOUT_MS}`, ...reporters, ...(pattern ? [`--test-name-pattern=${pattern}`] : []), ...paths], env);
  const number = (/** @type {string} */ label) => Number(output.match(new RegExp(`^\\S*\\s*${label} (\\d+)$`, 'm'))?.[1] ?? 0);
  /** @type {Outcome[]} */
  let outcomes = [];
  try {
    outcomes = readFileSync(outcomesFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  } catch {
    // No outcomes: the runner did not start; the counts and the exit code tell.
  }
  return { code, counts: { passed: number('pass'), failed: number('fail') + number('cancelled'), skipped: number('skipped') + number('todo') }, outcomes };
}

/**
 * How long one Node test file may run (node's `--test-timeout` times each file's own process): the visual suite
 * takes 1.5 to 2.5 minutes alone, with the machine's load. A file that hangs is cancelled, which counts as failed, and the suite's
 * other files go on; the suite's deadline ({@link JOB_TIMEOUT_MS}) is the net under that.
 */
const NODE_TEST_TIMEOUT_MS = 10 * 60_000;

/** A regular expression matching exactly one of `names`. */
function exactly(/** @type {string[]} */ names) {
  return `^(?:${[...new Set(names)].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
}

/**
 * Counts the failed tests that passed on their retry as passed, and lists them as flaky.
 * @param {SuiteLog} log
 * @param {Counts} counts
 * @param {Outcome[]} failed - the first run's failed tests.
 * @param {Outcome[]} retried - every outcome of the retry.
 * @param {string | undefined} engine
 */
function settleRetry(log, counts, failed, retried, engine) {
  const recovered = failed.filter((test) => retried.some((again) => again.file === test.file && again.path === test.path && again.outcome === 'passed' && (again.engine ?? engine) === (test.engine ?? engine)));
  for (const test of recovered) flaky.push(`[${test.engine ?? engine ?? 'Node'}] ${relative(process.cwd(), test.file)}: ${test.path} — first failure: ${test.message || 'no message'}`);
  const stillFailed = failed.length - recovered.length;
  log.line(`== retry: ${recovered.length} of ${failed.length} passed on the retry${stillFailed ? `, ${stillFailed} failed again` : ''}\n`);
  return { ...counts, passed: counts.passed + recovered.length, failed: counts.failed - recovered.length };
}

/**
 * A node suite, its few failed tests retried once (by file and name, one file at a time).
 * @param {string} name
 * @param {string[]} paths
 * @param {{ env?: Record<string, string>, engine?: string, concurrency?: number }} [options] - `concurrency`: files
 *   run at a time (each end-to-end file starts its own demo server and browser, so they can share the machine).
 */
async function nodeSuite(name, paths, { env = {}, engine = undefined, concurrency = 1 } = {}) {
  const log = new SuiteLog(name);
  const prefix = Object.entries(env).map(([key, value]) => `${key}=${value} `).join('');
  log.line(`\n== ${name}: ${prefix}node --test${concurrency > 1 ? ` --test-concurrency=${concurrency}` : ''} ${paths.join(' ')}`);
  let { code, counts, outcomes } = await nodeTests(log, paths, env, concurrency);
  const failed = outcomes.filter((test) => test.outcome === 'failed');
  // Retried only when the failed tests are all known by name: a crash or a hook's failure outside them is shown as is.
  if (code !== 0 && failed.length > 0 && failed.length <= MAX_RETRIED && failed.length === counts.failed) {
    const files = [...new Set(failed.map((test) => test.file))];
    log.line(`\n== retry of ${failed.length} failed test(s) of ${name}, once: ${failed.map((test) => test.path).join('; ')}`);
    const printed = figureLineCount();
    const retry = await nodeTests(log, files, env, 1, exactly(failed.map((test) => test.name ?? test.path)));
    counts = settleRetry(log, counts, failed, retry.outcomes, engine);
    if (counts.failed === 0) {
      code = 0;
      settleRetriedFigures(printed);
    }
  }
  record(log, name, counts, code, engine);
}

/** Where test/e2e/support.mjs logs each test it checked under the strict policy (its CSP_RESULTS_FILE). */
const CSP_RESULTS_FILE = '.test-results/csp-e2e.jsonl';

/**
 * The figure of the end-to-end tests run under the strict Content-Security-Policy with Trusted Types
 * (DEMO_CSP=strict: demo/server/start.mjs sends it, test/e2e/support.mjs fails a test on any violation and logs each
 * test to {@link CSP_RESULTS_FILE}), once every end-to-end suite has ended.
 */
function strictCspFigure() {
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

/** Browser test files, as web-test-runner.config.mjs `files` names them, relative to the repository root. */
function browserTestFiles() {
  return readdirSync('test', { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path) && !path.split(sep).includes('node_modules'))
    .map((path) => join('test', path).split(sep).join('/'))
    .sort();
}

/**
 * Browser lanes per engine (`LOYALTY_BROWSER_LANES`, 2 by default): each lane is a web-test-runner of its own on a
 * port of its own, with its own browser, running a share of the files one at a time (Firefox and WebKit cannot run
 * two at once in one browser: a page in the background loses focus).
 */
const BROWSER_LANES = Math.max(1, Number(process.env.LOYALTY_BROWSER_LANES) || 2);

/** A free port on loopback, for one web-test-runner (lanes started together would all find 8000 free). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * One browser lane: web-test-runner on `files` in one engine, its few failed tests retried once, its counts
 * recorded for the engine; each failed test is listed with its engine.
 * @param {import('./browsers.mjs').Engine} engine
 * @param {string[]} files
 * @param {string} name - the lane's name in the report.
 */
async function browserLane(engine, files, name) {
  const label = ENGINE_LABELS[engine];
  const log = new SuiteLog(name);
  const summary = `.test-results/${name.replace(/[^A-Za-z0-9]+/g, '-')}.json`;
  rmSync(summary, { force: true });
  const port = String(await freePort());
  log.line(`\n== ${name}: wtr --port ${port} (${files.length} files)`);
  // One file at a time in a lane (`LOYALTY_WTR_CONCURRENCY` for more in Chromium): the lanes are the parallelism.
  const env = { LOYALTY_WTR_CONCURRENCY: process.env.LOYALTY_WTR_CONCURRENCY ?? '1', LOYALTY_BROWSERS: engine, LOYALTY_WTR_SUMMARY: summary };
  const { code } = await run(log, 'npx', ['wtr', '--port', port, ...files.flatMap((file) => ['--files', file])], env);
  /** @type {{ engines?: Record<string, Counts>, failures?: string[], outcomes?: Outcome[] }} */
  let result = {};
  try {
    result = JSON.parse(readFileSync(summary, 'utf8'));
  } catch {
    // No summary means the runner never finished a run: the lane counts as one failure (record()).
  }
  for (const failure of result.failures ?? []) log.line(`  failed: ${failure}`);
  const failed = (result.outcomes ?? []).filter((test) => test.outcome === 'failed');
  let counts = result.engines?.[label] ?? { passed: 0, failed: 0, skipped: 0 };
  if (failed.length > 0 && failed.length <= MAX_RETRIED && failed.every((test) => test.path !== '')) {
    const retried = [...new Set(failed.map((test) => relative(process.cwd(), test.file)))];
    log.line(`\n== retry of ${failed.length} failed browser test(s) in ${label}, once: ${retried.join(' ')}`);
    const retrySummary = summary.replace(/\.json$/, '-retry.json');
    rmSync(retrySummary, { force: true });
    const printed = figureLineCount();
    await run(log, 'npx', ['wtr', '--port', String(await freePort()), ...retried.flatMap((file) => ['--files', file])], { ...env, LOYALTY_WTR_SUMMARY: retrySummary });
    /** @type {{ outcomes?: Outcome[] }} */
    let retry = {};
    try {
      retry = JSON.parse(readFileSync(retrySummary, 'utf8'));
    } catch {
      // The retry did not finish: its tests stay failed.
    }
    counts = settleRetry(log, counts, failed, retry.outcomes ?? [], label);
    if (counts.failed === 0) settleRetriedFigures(printed);
  }
  // A lane with no result for its engine failed to run; one that exited non-zero naming no failed test crashed.
  const laneCode = counts.failed > 0 || !result.engines?.[label] || (code !== 0 && !result.failures?.length) ? 1 : 0;
  record(log, name, counts, laneCode, label);
}

/** The browser suites: each selected engine's files in {@link BROWSER_LANES} lanes, as jobs for the scheduler. */
function browserJobs() {
  const files = browserTestFiles();
  const table = readFileSecondsTable();
  return engines.flatMap((engine) => {
    const lanes = splitIntoLanes(files, BROWSER_LANES, table[engine] ?? {});
    return lanes.map((lane, index) => ({
      name: `browser tests (${ENGINE_LABELS[engine]}${lanes.length > 1 ? `, lane ${index + 1} of ${lanes.length}` : ''})`,
      run: () => browserLane(engine, lane, `browser tests (${ENGINE_LABELS[engine]}${lanes.length > 1 ? `, lane ${index + 1} of ${lanes.length}` : ''})`),
    }));
  });
}

/**
 * The end-to-end files that take the engine from E2E_ENGINE (test/e2e/support.mjs launchBrowser): the main
 * journeys. In Chromium every end-to-end file runs (the suites below); in Firefox these.
 */
const E2E_ENGINE_FILES = [
  'test/e2e/demo.test.mjs',
  'test/e2e/navigation.test.mjs',
  'test/e2e/loyalty-signup.test.mjs',
  'test/e2e/loyalty-recovery.test.mjs',
  'test/e2e/cart.test.mjs',
  // A guest joins from a member price on a content page and books at it (docs/loyalty-price.md).
  'test/e2e/loyalty-price.test.mjs',
  // A hotel's mobile page from the mobile calls (docs/hotel-page.md).
  'test/e2e/hotel-page.test.mjs',
  // Not test/e2e/keyboard.test.mjs: Firefox driven over BiDi loses :focus-visible once Tab has left the
  // document, so its focus checks cannot judge Firefox (docs/development.md "Browser engines").
  'test/e2e/csp.test.mjs',
  // A chunk that fails, against the build: Firefox keeps a failed module, so its recovery is proven here.
  'test/e2e/lazy-recovery.test.mjs',
  // The first tap, click, key, `open-loyalty` click and attribute change on a cold page (React not loaded).
  'test/e2e/first-paint.test.mjs',
  // The same while the start chunk is held or fails to load: kept, then applied once it is in.
  'test/e2e/start-chunk.test.mjs',
];

/**
 * The end-to-end files the strict policy cannot change, run as served in Chromium: those that load no page (the dist
 * entries), measure (the benchmark, the hostile cycles) or read the markup (parts, the CMS snippet).
 */
const E2E_POLICY_FREE = ['bench', 'hostile', 'bookcore-dist', 'commerce-dist', 'parts', 'readme-cms'].map((name) => `test/e2e/${name}.test.mjs`);

/**
 * The plain controls: files that also run as served in Chromium, so a page working only under the policy (or only
 * without it) is caught. `csp` checks that pages carry no policy unless asked; `demo` drives the demo's four tags.
 */
const E2E_PLAIN_CONTROLS = ['test/e2e/csp.test.mjs', 'test/e2e/demo.test.mjs'];

/** Chromium's end-to-end files as served: the policy-free files and the plain controls. */
const E2E_PLAIN_FILES = [...E2E_POLICY_FREE, ...E2E_PLAIN_CONTROLS];

/** Chromium's end-to-end files under the strict policy: every file that drives the widget on a page. */
const E2E_STRICT_CSP_FILES = readdirSync('test/e2e')
  .filter((name) => name.endsWith('.test.mjs'))
  .map((name) => `test/e2e/${name}`)
  .filter((path) => !E2E_POLICY_FREE.includes(path));

/** The Django files whose pages run in Firefox too (the journeys in five CSRF setups stay Chromium's). */
const DJANGO_PAGES_FILES = ['test/django/member-prices.test.mjs', 'test/django/mobile.test.mjs'];

/**
 * WebKit's journeys, over WebDriver (against the dev server, and a few pages against the reference Django), and its
 * first-paint checks on a cold page.
 */
const E2E_WEBKIT_FILES = ['test/e2e/webkit-journeys.mjs', 'test/e2e/webkit-first-paint.mjs'];

/** Lanes of Chromium's end-to-end files under the strict policy (`LOYALTY_E2E_LANES`, 2 by default). */
const E2E_LANES = Math.max(1, Number(process.env.LOYALTY_E2E_LANES) || 2);

const STRICT = { DEMO_CSP: 'strict' };

/**
 * Firefox's journeys under the strict policy: the policy's own checks and the demo's four tags; its other main
 * journeys run as served (each file once).
 */
const E2E_FIREFOX_STRICT_CSP_FILES = ['test/e2e/csp.test.mjs', 'test/e2e/demo.test.mjs'];

/** @typedef {import('./jobs.mjs').Job} Job */

/**
 * The end-to-end suites, as jobs for the scheduler: Chromium's widget-driving files under the strict policy (in
 * lanes, by turns) and its plain files; Firefox's main journeys (the two above under the strict policy, the others
 * as served); WebKit's under the strict policy (over WebDriver, as playwright-core cannot drive stock WebKitGTK:
 * they watch violations themselves, from each page's load on).
 * @returns {Job[]}
 */
function endToEndJobs() {
  /** @type {Job[]} */
  const jobs = [];
  const job = (/** @type {string} */ name, /** @type {string[]} */ paths, /** @type {{ env?: Record<string, string>, engine?: string }} */ options) =>
    jobs.push({ name, run: () => nodeSuite(name, paths, options) });
  if (engines.includes('chromium')) {
    const label = ENGINE_LABELS.chromium;
    const lanes = Array.from({ length: E2E_LANES }, (_, lane) => E2E_STRICT_CSP_FILES.filter((_, index) => index % E2E_LANES === lane)).filter((lane) => lane.length);
    lanes.forEach((lane, index) =>
      job(`end-to-end tests (strict CSP + Trusted Types${lanes.length > 1 ? `, lane ${index + 1} of ${lanes.length}` : ''})`, lane, { env: STRICT, engine: label }),
    );
    job('end-to-end tests (as served)', E2E_PLAIN_FILES, { engine: label });
  }
  if (engines.includes('firefox')) {
    const label = ENGINE_LABELS.firefox;
    const env = { E2E_ENGINE: 'firefox' };
    job(`end-to-end journeys (strict CSP + Trusted Types) (${label})`, E2E_FIREFOX_STRICT_CSP_FILES, { env: { ...env, ...STRICT }, engine: label });
    const plain = E2E_ENGINE_FILES.filter((file) => !E2E_FIREFOX_STRICT_CSP_FILES.includes(file));
    job(`end-to-end journeys (as served) (${label})`, plain, { env, engine: label });
    // The pages on the reference Django: member prices and <hotel-page> (WebKit's are in its journeys' file).
    job(`Django pages (${label})`, DJANGO_PAGES_FILES, { env, engine: label });
  }
  if (engines.includes('webkit')) {
    job(`end-to-end journeys (strict CSP + Trusted Types) (${ENGINE_LABELS.webkit})`, E2E_WEBKIT_FILES, { env: { ...STRICT, E2E_ENGINE: 'webkit' }, engine: ENGINE_LABELS.webkit });
  }
  return jobs;
}

/**
 * Jobs run at once (`LOYALTY_TEST_LANES`, 3 by default): each is one browser (a browser lane, an end-to-end file,
 * the Django or visual suite), about half of whose time is waiting on timers and the network, so three share 2
 * cores with the tests' own timeouts holding.
 */
const JOBS_AT_ONCE = Math.max(1, Number(process.env.LOYALTY_TEST_LANES) || 3);

/**
 * Runs the jobs, {@link JOBS_AT_ONCE} at a time, in the order given (the longest first, so none starts last); a job
 * waiting for the build holds no place while it runs (scripts/jobs.mjs).
 * @param {Job[]} jobs
 */
const runJobs = (jobs) => runJobsAtOnce(jobs, JOBS_AT_ONCE);

/** The node suites: the dev server, the locale table, the commerce entry, the lint rules. */
const nodeTestsSuite = () => nodeSuite('node tests (dev server, locale table, commerce entry)', ['test/server/', ...nodeTestFiles('test/lib')]);

/** Caches of the type-check and lint, so a run after a small change checks little (gitignored, as .test-results/ is). */
const CACHE = '.test-results/cache';

// This run's figures in a file of its own, which every suite it starts inherits: a second gate in the same
// checkout (or a test:quick beside it) never mixes its figures with these.
process.env.LOYALTY_FIGURES_FILE = `.test-results/figures-${process.pid}.jsonl`;
clearFigures();
rmSync(CSP_RESULTS_FILE, { force: true });
mkdirSync(CACHE, { recursive: true });
const typeCheck = gate('type-check', 'npx', ['tsc', '--noEmit', '-p', '.', '--incremental', '--tsBuildInfoFile', `${CACHE}/tsc.tsbuildinfo`]);
const lint = gate('lint', 'npx', ['eslint', '--max-warnings', '0', '--cache', '--cache-strategy', 'content', '--cache-location', `${CACHE}/eslint`, '.']);
/** @type {Job} */
const nodeJob = { name: 'node tests', run: nodeTestsSuite };
if (QUICK) {
  // The browser lanes need no type-check: they start beside it and the lint.
  await Promise.all([typeCheck, lint, runJobs([...browserJobs(), nodeJob])]);
} else {
  // The build and its budget beside the type-check and lint (the three are the CPU's); once the type-check and lint
  // are done, every suite as a job, three at a time, the longest first: Chromium's browser lanes, its end-to-end lanes
  // (once the build and its budget have ended: till then their places go to the jobs after them), Firefox's and
  // WebKit's browser lanes, then the shorter suites.
  const built = gate('build', 'npm', ['run', 'build', '--silent']).then(async (ok) => ok && (await gate('size budget', process.execPath, ['scripts/bench.mjs', '--sizes-only', '--check-budget']), true));
  await Promise.all([typeCheck, lint]);
  /**
   * A job that needs the build: it takes a place once the build has ended, and runs nothing when the build failed (its
   * figures then count as missing).
   */
  const afterBuild = (/** @type {Job} */ job) => ({ name: job.name, ready: built, run: async () => void ((await built) && (await job.run())) });
  /** @type {Job[]} */
  const builtJobs = [
    ...endToEndJobs(),
    // The reference Django bookcore (demo/django, Debian's python3-django) in five CSRF setups and over HTTPS.
    { name: 'Django end-to-end tests', run: () => nodeSuite('Django end-to-end tests', ['test/django/']) },
    // Chromium screenshots of every state in the three demo brands against test/visual/baselines/.
    { name: 'visual regression (Chromium)', run: () => nodeSuite('visual regression (Chromium)', ['test/visual/']) },
  ].map(afterBuild);
  const browser = browserJobs();
  const [chromiumLanes, otherLanes] = [browser.filter((job) => job.name.includes(ENGINE_LABELS.chromium)), browser.filter((job) => !job.name.includes(ENGINE_LABELS.chromium))];
  const [strictLanes, otherEndToEnd] = [builtJobs.filter((job) => job.name.startsWith('end-to-end tests (strict')), builtJobs.filter((job) => !job.name.startsWith('end-to-end tests (strict'))];
  await runJobs([...chromiumLanes, ...strictLanes, ...otherLanes, ...otherEndToEnd, nodeJob]);
  if (await built) strictCspFigure();
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
  ...(QUICK
    ? []
    : [
        ...EXPECTED_FIGURES['end-to-end tests'].flatMap((suite) =>
          suite === 'keyboard' ? keyboardLabels.map((label) => engineFigure(suite, label)) : engines.includes('chromium') ? [suite] : [],
        ),
        ...(e2eEngines.length ? EXPECTED_FIGURES['end-to-end tests (strict CSP)'] : []),
        // The Django journeys run in Chromium whatever --browser says.
        ...EXPECTED_FIGURES['Django end-to-end tests'],
      ]),
];
const problems = figureProblems(figures, expectedFigures);
for (const problem of problems) console.log(`  ${problem}`);
record(new SuiteLog('suite figures'), 'suite figures', { passed: problems.length === 0 ? 1 : 0, failed: problems.length, skipped: 0 }, 0);
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
clearFigures();
process.exit(totals.failed ? 1 : 0);
