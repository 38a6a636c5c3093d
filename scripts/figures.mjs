// @ts-check
/**
 * Suite figures: a hardening suite states its result as one line ("xss: 0 of 2,310 payload renders called
 * alert"). Browser suites POST it to `/__figures` on the test server, Node suites call {@link recordFigure};
 * both append to the run's figures file ({@link figuresFile}), and `npm test` prints every figure before its closing line.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Where this run's figures go: `LOYALTY_FIGURES_FILE` when set (scripts/test.mjs names one per run, so two gates in
 * one checkout never mix their figures; its suites inherit it), else `.test-results/figures.jsonl`.
 */
export function figuresFile() {
  return process.env.LOYALTY_FIGURES_FILE || '.test-results/figures.jsonl';
}

/**
 * @param {string} suite - short name of the suite ("xss", "faults").
 * @param {string} figure - the figure, as a reader wants it.
 * @param {boolean} [atGoal] - whether the figure is at its goal.
 * @param {string} [engine] - the engine it was measured in, when the suite runs in several ({@link engineFigure}).
 */
export function recordFigure(suite, figure, atGoal = true, engine = undefined) {
  appendLine({ suite: engine ? engineFigure(suite, engine) : suite, figure, atGoal });
}

/** @param {object} line */
function appendLine(line) {
  const file = figuresFile();
  mkdirSync(dirname(file), { recursive: true });
  // Appends only, one line per call: lanes running side by side write to the same file, and none rewrites it.
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/**
 * Every line as written: figures, and the settlements of retried ones (`replaces: true`).
 * @returns {{ suite: string, figure: string, atGoal: boolean, replaces?: true }[]}
 */
function readLines() {
  try {
    return readFileSync(figuresFile(), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

/**
 * Each suite's figure, in the order suites first printed one: the first printed, unless a retry's settlement
 * replaced it (a suite printing again on its retry does not count twice).
 * @returns {{ suite: string, figure: string, atGoal: boolean }[]}
 */
export function readFigures() {
  /** @type {Map<string, { suite: string, figure: string, atGoal: boolean }>} */
  const bySuite = new Map();
  for (const { suite, figure, atGoal, replaces } of readLines()) {
    if (!bySuite.has(suite) || replaces) bySuite.set(suite, { suite, figure, atGoal });
  }
  return [...bySuite.values()];
}

/** How many lines the figures file holds: taken before a retry, it tells {@link settleRetriedFigures} what came after. */
export function figureLineCount() {
  return readLines().length;
}

export function clearFigures() {
  rmSync(figuresFile(), { force: true });
}

/**
 * After a retry whose failed tests all passed: a figure the first run printed off its goal (because of those tests)
 * and the retry printed again at its goal is at its goal, its text saying both; a figure only the retry printed (the
 * first run's suite ended before printing it) is kept as the retry printed it. Nothing else changes, and what other
 * lanes print meanwhile is kept: the settlement is appended, never written over the file.
 *
 * @param {number} before - {@link figureLineCount} before the retry ran.
 */
export function settleRetriedFigures(before) {
  const lines = readLines();
  const first = lines.slice(0, before);
  const again = lines.slice(before);
  for (const figure of first) {
    const retried = again.find((other) => other.suite === figure.suite);
    if (!retried || figure.atGoal || !retried.atGoal) continue;
    appendLine({ suite: figure.suite, figure: `${figure.figure}; the failed test passed on its retry: ${retried.figure}`, atGoal: true, replaces: true });
  }
}

/**
 * The engine a browser's User-Agent names, as reports name it (scripts/browsers.mjs ENGINE_LABELS).
 * @param {string} userAgent
 * @returns {'Chromium' | 'Firefox' | 'WebKit' | 'unknown engine'}
 */
export function engineOfUserAgent(userAgent) {
  if (/\bFirefox\//.test(userAgent)) return 'Firefox';
  if (/\b(Chrome|Chromium|HeadlessChrome)\//.test(userAgent)) return 'Chromium';
  if (/\bAppleWebKit\//.test(userAgent)) return 'WebKit';
  return 'unknown engine';
}

/**
 * A figure's name with the engine that printed it: `xss (Firefox)`.
 * @param {string} suite
 * @param {string} engine
 */
export function engineFigure(suite, engine) {
  return `${suite} (${engine})`;
}

/**
 * Test-server middleware: `POST /__figures` with `{ suite, figure, atGoal }`; the figure is named with the
 * engine of the browser that posted it ({@link engineFigure}), since every engine runs the same suites.
 * @returns {(ctx: any, next: () => Promise<void>) => Promise<void>}
 */
export function figuresMiddleware() {
  return async (ctx, next) => {
    if (ctx.path !== '/__figures' || ctx.method !== 'POST') return next();
    let body = '';
    for await (const chunk of ctx.req) body += chunk;
    const { suite, figure, atGoal } = JSON.parse(body);
    recordFigure(engineFigure(String(suite), engineOfUserAgent(ctx.get('user-agent'))), String(figure), atGoal !== false);
    ctx.status = 204;
  };
}

/**
 * The figures each suite of `npm test` must print, by the suite that prints them: a suite that ran without
 * printing its figure (a file that never loaded, an `after` hook that never ran) is a failure, not a pass.
 * The browser tests print each of theirs once per engine ({@link engineFigure}).
 */
export const EXPECTED_FIGURES = Object.freeze({
  'browser tests': ['xss', 'faults', 'races', 'decoders', 'hostile-dom', 'autofill'],
  'node tests': ['lint-html-sinks'],
  'end-to-end tests': ['security', 'keyboard', 'hostile'],
  'end-to-end tests (strict CSP)': ['csp'],
  'Django end-to-end tests': ['django'],
});

/**
 * Judges the printed figures: every expected figure present, every printed one at its goal.
 *
 * @param {{ suite: string, atGoal: boolean }[]} figures - what the suites printed.
 * @param {readonly string[]} expected - the figures the suites that ran must have printed.
 * @returns {string[]} one line per problem, empty when the figures are all there and at goal.
 */
export function figureProblems(figures, expected) {
  const printed = new Set(figures.map((figure) => figure.suite));
  const missing = expected.filter((suite) => !printed.has(suite)).map((suite) => `figure ${suite} missing (its suite did not print it)`);
  const offGoal = [...new Set(figures.filter((figure) => !figure.atGoal).map((figure) => figure.suite))].map((suite) => `figure ${suite} OFF GOAL`);
  return [...missing, ...offGoal];
}
