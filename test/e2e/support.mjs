// @ts-check
/**
 * End-to-end support: the demo server as `npm start` runs it (a child process on a free port) and a browser
 * driven by playwright-core: Chromium by default, or the engine `E2E_ENGINE` names (scripts/test.mjs runs the
 * main journeys in each selected engine). Firefox is stock Firefox ESR over WebDriver BiDi, through
 * playwright-core 1.64.1 installed as `playwright-core-firefox` (1.65 cannot drive stock Firefox).
 *
 * Strict mode (`DEMO_CSP=strict`, how `npm test` runs most end-to-end files): the server sends a strict
 * Content-Security-Policy with Trusted Types on every HTML page (demo/server/csp.mjs STRICT_CSP), every frame
 * of every page the helpers open reports its `securitypolicyviolation` events, the browser's console messages
 * about CSP and Trusted Types are kept too, and each test fails on any of them, printing them. Each test is
 * logged to {@link CSP_RESULTS_FILE} with how many documents it loaded under the policy, for the suite figure
 * (which counts only tests that loaded one). A control test declares the violations it provokes on purpose
 * ({@link expectCspViolations}): it fails unless exactly that many were recorded.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { afterEach, it as nodeIt } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { firefox } from 'playwright-core-firefox';
import { ENGINE_LABELS, FIREFOX_PREFS, firefoxPath } from '../../scripts/browsers.mjs';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from '../../scripts/chromium.mjs';
import { STRICT_CSP as STRICT_POLICY } from '../../demo/server/csp.mjs';
import { stopProcess } from '../support/processes.mjs';

/**
 * The engine this run drives: `E2E_ENGINE` (chromium, firefox, webkit), Chromium by default. playwright-core
 * cannot drive stock WebKitGTK: WebKit's journeys are test/e2e/webkit-journeys.mjs, over WebDriver.
 */
export const E2E_ENGINE = /** @type {'chromium' | 'firefox' | 'webkit'} */ (process.env.E2E_ENGINE || 'chromium');
if (!['chromium', 'firefox', 'webkit'].includes(E2E_ENGINE)) throw new Error(`E2E_ENGINE=${E2E_ENGINE}: pick chromium, firefox or webkit.`);

/** How reports name that engine (a figure's name, say). */
export const ENGINE_LABEL = ENGINE_LABELS[E2E_ENGINE];

/** Whether this run serves and checks pages under the strict policy. */
export const STRICT_CSP = process.env.DEMO_CSP === 'strict';

/**
 * One line per test in strict mode: `{ file, test, documents, violations, consoleMessages, expectedViolations? }`
 * (scripts/test.mjs reads it).
 */
export const CSP_RESULTS_FILE = '.test-results/csp-e2e.jsonl';

/**
 * @typedef {object} CspFinding
 * @property {'violation' | 'console'} kind a `securitypolicyviolation` event, or a console message about CSP/Trusted Types
 * @property {string} page the URL of the page (or frame) it happened in
 * @property {string} text what to print
 */

/** Findings since the last test was judged (each test file runs in its own process, one test at a time). */
/** @type {CspFinding[]} */
const cspFindings = [];

/** Console text of Chromium's CSP and Trusted Types reports, and of libraries giving up on a policy. */
const CSP_CONSOLE_TEXT = /content[- ]security[- ]policy|trusted[- ]?types?|Trusted(HTML|Script|ScriptURL)\b|require-trusted-types-for/i;

const TEST_FILE = process.argv[1] ? relative(process.cwd(), process.argv[1]) : 'unknown';

/** Documents (pages and frames) the current test loaded with the strict policy, and their pending header checks. */
let strictDocuments = 0;
/** @type {Promise<void>[]} */
const documentChecks = [];

/** The violations the current test provokes on purpose (a control), or null. */
/** @type {number | null} */
let expectedViolations = null;

/**
 * Declares that the current test provokes exactly `count` violations on purpose, to prove the strict run catches
 * them: the test then fails unless exactly that many were recorded (the browser's console echoes of them are
 * expected too), and the figure counts it as a control, not as a page checked.
 * @param {number} count
 */
export function expectCspViolations(count) {
  expectedViolations = count;
}

/** How many `securitypolicyviolation` events the current test recorded so far. */
export function cspViolationsSoFar() {
  return cspFindings.filter((finding) => finding.kind === 'violation').length;
}

if (STRICT_CSP) {
  afterEach(async (context) => {
    await Promise.all(documentChecks.splice(0));
    const documents = strictDocuments;
    strictDocuments = 0;
    const expected = expectedViolations;
    expectedViolations = null;
    const findings = cspFindings.splice(0);
    const violations = findings.filter((finding) => finding.kind === 'violation').length;
    mkdirSync(dirname(CSP_RESULTS_FILE), { recursive: true });
    appendFileSync(
      CSP_RESULTS_FILE,
      `${JSON.stringify({
        file: TEST_FILE,
        test: context.name,
        documents,
        violations,
        consoleMessages: findings.length - violations,
        ...(expected === null ? {} : { expectedViolations: expected }),
      })}\n`,
    );
    if (expected !== null) {
      if (violations !== expected) {
        const report =
          `control "${context.name}": ${violations} violations recorded instead of the ${expected} it provoked:\n` +
          findings.map((finding) => `  [${finding.kind}] ${finding.text}\n      on ${finding.page}`).join('\n');
        console.error(report);
        throw new Error(report);
      }
      return;
    }
    if (findings.length > 0) {
      const report =
        `${findings.length} Content-Security-Policy / Trusted Types finding(s) under the strict policy in "${context.name}":\n` +
        findings.map((finding) => `  [${finding.kind}] ${finding.text}\n      on ${finding.page}`).join('\n');
      // Printed as well as thrown: when the test body failed first, node:test reports only the body's error.
      console.error(report);
      throw new Error(report);
    }
  });
}

/**
 * The strict-mode collectors of a browser context: a binding every frame reports its violations through, an
 * init script (run in every frame before any page script) that listens for them, and the console.
 * @param {import('playwright-core').BrowserContext} context
 */
async function watchCsp(context) {
  await context.exposeBinding('__loyaltyE2eCspViolation', ({ frame }, /** @type {Record<string, unknown>} */ report) => {
    const where = report.sourceFile ? ` at ${report.sourceFile}:${report.lineNumber}:${report.columnNumber}` : '';
    const sample = report.sample ? ` sample "${report.sample}"` : '';
    cspFindings.push({
      kind: 'violation',
      page: String(report.documentURI ?? frame.url()),
      text: `${report.disposition} ${report.effectiveDirective}: blocked ${report.blockedURI || '(inline)'}${where}${sample}`,
    });
  });
  await context.addInitScript(() => {
    // Capture on window: the event bubbles and is composed, so violations of elements in shadow roots arrive too.
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const { documentURI, effectiveDirective, blockedURI, sourceFile, lineNumber, columnNumber, sample, disposition } = event;
        const report = { documentURI, effectiveDirective, blockedURI, sourceFile, lineNumber, columnNumber, sample, disposition };
        /** @type {any} */
        const page = window;
        // Kept in the page as well, for a look from DevTools; the binding hands it to the test at once, so a
        // navigation or reload right after cannot lose it.
        (page.__loyaltyE2eCspViolations ??= []).push(report);
        page.__loyaltyE2eCspViolation?.(report);
      },
      true,
    );
  });
  // Documents served with the strict policy: the figure counts only tests that loaded one.
  context.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return;
    documentChecks.push(
      response
        .headerValue('content-security-policy')
        .then((policy) => {
          if (policy === STRICT_POLICY) strictDocuments += 1;
        })
        .catch(() => undefined),
    );
  });
  context.on('console', (message) => {
    if (CSP_CONSOLE_TEXT.test(message.text())) {
      cspFindings.push({ kind: 'console', page: message.page()?.url() ?? '(no page)', text: `console.${message.type()}: ${message.text()}` });
    }
  });
}

/**
 * Starts `demo/server/start.mjs` on a free port (the build must exist).
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export function startDemoServer() {
  const child = spawn(process.execPath, ['demo/server/start.mjs'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    // It serves within a second; one that never says where is stopped and fails its test.
    const late = setTimeout(() => {
      child.removeAllListeners('exit');
      child.kill('SIGKILL');
      reject(new Error(`demo server did not start serving within 30 s: ${output}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(late);
      reject(new Error(`demo server exited with ${code}: ${output}`));
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/bookcore dev server: (http:\/\/127\.0\.0\.1:\d+)\//);
      if (!match) return;
      clearTimeout(late);
      child.removeAllListeners('exit');
      resolve({
        origin: /** @type {string} */ (match[1]),
        stop: () => stopProcess(child),
      });
    });
  });
}

/**
 * The engine of this run, launched once per test file (each file runs in a process of its own) and shared by the
 * file's tests: each {@link launchBrowser} is a fresh browser context of it, as isolated as a fresh profile (its own
 * cookies, storage and HTTP cache; in Firefox a user context of its own). A launch costs a few seconds of CPU
 * (Firefox's fresh profile most: about 12 s of CPU, 5 s of wall, against under 1 s for a context), and files that
 * took one per test paid it each time.
 * @type {Promise<import('playwright-core').Browser> | undefined}
 */
let sharedBrowser;
/** Closes the shared browser once no context has used it for a moment: the file's process can then end. */
let closeTimer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
/** How long the shared browser outlives its last context: the next test's hooks run well within it. */
const BROWSER_LINGER_MS = 1500;

function theBrowser() {
  clearTimeout(closeTimer);
  closeTimer = undefined;
  sharedBrowser ??=
    E2E_ENGINE === 'firefox'
      ? // Kept on loopback by its proxy preferences as well as by the route below.
        firefox.launch({ channel: 'moz-firefox', executablePath: firefoxPath(), headless: true, firefoxUserPrefs: { ...FIREFOX_PREFS } })
      : chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  return sharedBrowser;
}

function closeBrowserWhenUnused() {
  if (openContexts.size > 0 || !sharedBrowser) return;
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => {
    const closing = sharedBrowser;
    sharedBrowser = undefined;
    closeTimer = undefined;
    void closing?.then((browser) => browser.close()).catch(() => undefined);
  }, BROWSER_LINGER_MS);
}

/** A fresh context (as a fresh profile) of the engine of this run ({@link E2E_ENGINE}), headless. */
export async function launchBrowser() {
  if (E2E_ENGINE === 'webkit') throw new Error('playwright-core cannot drive stock WebKitGTK: WebKit journeys are test/e2e/webkit-journeys.mjs (WebDriver).');
  const context = await (await theBrowser()).newContext();
  await context.route((url) => !isLoopbackUrl(url), (route) => route.abort(E2E_ENGINE === 'chromium' ? 'blockedbyclient' : undefined));
  if (STRICT_CSP) await watchCsp(context);
  keepConsoles(context);
  openContexts.add(context);
  return {
    context,
    async close() {
      openContexts.delete(context);
      await context.close();
      closeBrowserWhenUnused();
    },
  };
}

/** The contexts {@link launchBrowser} opened and that are not closed yet: a failing test describes their pages. */
const openContexts = new Set();

/** Each page's last console messages, of every kind, for a failure's description. */
const consoles = new WeakMap();

/** @param {import('playwright-core').BrowserContext} context */
function keepConsoles(context) {
  context.on('page', (page) => {
    /** @type {string[]} */
    const lines = [];
    consoles.set(page, lines);
    const keep = (/** @type {string} */ line) => {
      lines.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 300)}`);
      if (lines.length > 8) lines.shift();
    };
    page.on('console', (message) => keep(`console.${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => keep(`pageerror: ${error.message}`));
    page.on('requestfailed', (request) => keep(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  });
}

/**
 * Where every open page stood when a test failed: its address, each panel's section and messages, the cart's state,
 * its last console messages and failed requests, and the last requests its dev bookcore answered (method, path,
 * status, time). Each page is asked for at most 3 s: a stuck page must not hang the report.
 */
async function describeOpenPages() {
  const lines = [];
  const origins = new Set();
  for (const context of openContexts) {
    for (const page of context.pages()) {
      if (page.url() === 'about:blank') continue;
      const within = (/** @type {Promise<string>} */ promise) =>
        Promise.race([promise, new Promise((resolve) => setTimeout(resolve, 3000, 'no answer within 3 s'))]);
      const cart = await within(
        page
          .evaluate(() =>
            [...document.querySelectorAll('package-cart')]
              .map((element) => {
                const root = element.shadowRoot;
                const state = root?.querySelector('[part~="cart"]')?.getAttribute('data-state') ?? 'not drawn';
                const alerts = [...(root?.querySelectorAll('[role="alert"], [role="status"]') ?? [])].map((node) => node.textContent?.trim()).filter(Boolean);
                return `cart ${state}, ${root?.querySelectorAll('[part~="item"]').length ?? 0} lines${alerts.length ? `, saying ${JSON.stringify(alerts)}` : ''}`;
              })
              .join('; '),
          )
          .catch(() => ''),
      );
      lines.push(`  page ${page.url()}: ${await within(widgetState(page))}${cart ? `; ${cart}` : ''}`);
      for (const line of consoles.get(page) ?? []) lines.push(`    ${line}`);
      try {
        const { origin } = new URL(page.url());
        if (origin.startsWith('http://127.0.0.1')) origins.add(origin);
      } catch {
        // about:blank and the like: no server to ask.
      }
    }
  }
  for (const origin of origins) {
    try {
      /** @type {Array<{ method: string, path: string, search: string, at?: string, status?: number | string, ms?: number }>} */
      const requests = await (await fetch(`${origin}/__dev/requests`, { signal: AbortSignal.timeout(3000) })).json();
      lines.push(`  ${origin} answered last:`);
      for (const request of requests.slice(-12)) {
        lines.push(`    ${request.at?.slice(11, 23) ?? ''} ${request.method} ${request.path}${request.search} → ${request.status ?? 'no answer yet'}${request.ms === undefined ? '' : ` in ${request.ms} ms`}`);
      }
    } catch (error) {
      lines.push(`  ${origin}: its request log unread (${String(error).split('\n')[0]})`);
    }
  }
  return lines.length ? `\nWhere the open pages stood:\n${lines.join('\n')}` : '';
}

/**
 * node:test's `it`, whose failure also says where every open page stood ({@link describeOpenPages}): the widget's
 * sections and messages, the cart, the page's last console lines and the dev bookcore's last answers. A flake seen
 * once in a full run (CI's output is all there is) then says what happened. (Node then names this file as the test's
 * location; the stack names the test's own line, and scripts/test-outcomes-reporter.mjs takes the suite's file.)
 * @param {string} name
 * @param {...any} rest - node:test's options and test function, as `it` takes them
 */
export function it(name, ...rest) {
  const index = rest.findIndex((argument) => typeof argument === 'function');
  if (index === -1) return nodeIt(name, ...rest);
  const body = rest[index];
  const wrapped = async (/** @type {unknown[]} */ ...args) => {
    try {
      return await body(...args);
    } catch (error) {
      const description = await describeOpenPages().catch(() => '');
      if (description && error instanceof Error) {
        try {
          // The spec reporter prints the stack, which was written with the first message.
          error.message += description;
          error.stack = `${error.stack ?? ''}${description}`;
        } catch {
          console.error(description);
        }
      } else if (description) console.error(description);
      throw error;
    }
  };
  // node:test tells a test that takes a `done` callback by its arity.
  Object.defineProperty(wrapped, 'length', { value: body.length });
  return nodeIt(name, ...rest.slice(0, index), wrapped, ...rest.slice(index + 1));
}
it.skip = nodeIt.skip;
it.todo = nodeIt.todo;
it.only = nodeIt.only;

/**
 * Collects what a page reports as broken: uncaught errors and console errors.
 * @param {import('playwright-core').Page} page
 */
export function collectPageErrors(page) {
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** The axe-core build the loyalty end-to-end tests inject (a dependency of @open-wc/testing via chai-a11y-axe). */
const AXE_PATH = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));

export { injectFault } from '../../scripts/dev-faults.mjs';

/**
 * Puts the dev bookcore back to its seed (users, sessions, carts, faults, log, mailbox, clock).
 * @param {string} origin
 */
export async function resetBookcore(origin) {
  const response = await fetch(`${origin}/__dev/reset`, { method: 'POST' });
  if (!response.ok) throw new Error(`POST /__dev/reset answered ${response.status}`);
}

/**
 * The dev mailbox, oldest first.
 * @param {string} origin
 * @returns {Promise<Array<{ id: string, to: string, subject: string, kind: 'validation' | 'recovery', text: string, links: string[], sentAt: string }>>}
 */
export async function readMailbox(origin) {
  const response = await fetch(`${origin}/__dev/mailbox.json`);
  if (!response.ok) throw new Error(`GET /__dev/mailbox.json answered ${response.status}`);
  return response.json();
}

/**
 * The requests the dev bookcore recorded for a path (exact, or a prefix ending with `*`), newest last.
 * @param {string} origin
 * @param {string} path
 * @returns {Promise<Array<{ method: string, path: string, query: Record<string, string>, body: string, contentType: string | null }>>}
 */
export async function recordedRequests(origin, path) {
  const response = await fetch(`${origin}/__dev/requests?path=${encodeURIComponent(path)}`);
  if (!response.ok) throw new Error(`GET /__dev/requests answered ${response.status}`);
  return response.json();
}

/**
 * Puts axe-core into the page once. `addScriptTag` inserts an inline `<script>`, which the strict policy refuses
 * (a violation of the test tool, not of the page), so in strict mode the source runs through DevTools evaluation,
 * which is not the page's script and no policy applies to.
 * @param {import('playwright-core').Page} page
 */
export async function injectAxe(page) {
  if (await page.evaluate(() => 'axe' in window)) return;
  if (STRICT_CSP) await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  else await page.addScriptTag({ path: AXE_PATH });
}

/**
 * Options to spread into every `axe.run`: in strict mode no preload, because axe preloads linked stylesheets by
 * adding `<style>@import "…"</style>` to the page, which a strict style-src refuses (again the tool's violation);
 * only the css-orientation-lock rule uses what it loads.
 */
export const AXE_CSP_OPTIONS = STRICT_CSP ? { preload: false } : {};

/**
 * Runs axe-core on the whole document (it looks into open shadow roots), once running animations ended, and
 * returns its violations, each reduced
 * to what a report needs: rule, impact, help and the offending nodes with axe's failure summary.
 * @param {import('playwright-core').Page} page
 */
export async function axeViolations(page) {
  // A state is judged once its transitions ended (a notification fading out would read as low contrast);
  // endless animations (spinners) are not waited for.
  // Chromium's document.getAnimations() leaves out shadow trees, so each open shadow root is asked too.
  await page.waitForFunction(() => {
    /** @type {Array<Document | ShadowRoot>} */
    const roots = [document];
    for (let index = 0; index < roots.length; index += 1) {
      for (const element of /** @type {Document | ShadowRoot} */ (roots[index]).querySelectorAll('*')) {
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    return roots.every((root) =>
      root
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    );
  });
  await injectAxe(page);
  return page.evaluate(async (options) => {
    // @ts-expect-error axe is the injected global
    const results = await window.axe.run(document, options);
    return results.violations.map((/** @type {any} */ violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((/** @type {any} */ node) => ({ target: node.target, html: node.html, summary: node.failureSummary })),
    }));
  }, AXE_CSP_OPTIONS);
}

/**
 * Collects axe violations state by state, so a flow runs to its end and the test then reports every finding.
 * @param {import('playwright-core').Page} page
 */
export function axeAudit(page) {
  /** @type {Array<{ state: string, violations: Awaited<ReturnType<typeof axeViolations>> }>} */
  const findings = [];
  return {
    findings,
    /** @param {string} state - names the state in the report. */
    async check(state) {
      const violations = await axeViolations(page);
      if (violations.length > 0) findings.push({ state, violations });
    },
  };
}

/**
 * The `<loyalty-panel>` auth section of that name (through the panel's open shadow root).
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
export function authSection(page, name) {
  return page.locator(`loyalty-panel [part~="auth-section"][data-section="${name}"]`);
}

/**
 * Where the widget stands, for a failure's message: each panel's section and the texts of its alerts and status
 * messages (a lost press leaves the section as it was and says nothing; a refused sign-in says why; a request that
 * hangs leaves LOADER).
 * @param {import('playwright-core').Page} page
 */
async function widgetState(page) {
  return page
    .evaluate(() =>
      [...document.querySelectorAll('loyalty-panel')]
        .map((panel) => {
          const messages = [...(panel.shadowRoot?.querySelectorAll('[role="alert"], [role="status"]') ?? [])]
            .map((element) => element.textContent?.trim())
            .filter(Boolean);
          return `panel at ${panel.getAttribute('section')}${messages.length ? `, saying ${JSON.stringify(messages)}` : ', no message'}`;
        })
        .join('; ') || 'no panel',
    )
    .catch((/** @type {unknown} */ error) => `the widget's state unread: ${String(error).split('\n')[0]}`);
}

/**
 * Runs `action` and waits until the main frame navigated (a reload counts) and loaded: a marker put on `window`
 * before the action is gone and the new document's `readyState` is `complete`. It asks the page itself rather than
 * waiting for the driver's navigation event: in Firefox (WebDriver BiDi) a reload was once not seen within 10 s in a
 * full run (navigation.test.mjs, dispo.html; not reproduced alone), and the event gave no clue whether the page had
 * reloaded. This depends on no driver event, waits longer, and its failure says what the page was doing.
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<unknown>} action
 * @param {number} [timeout] milliseconds
 */
export async function withNavigation(page, action, timeout = 20_000) {
  const marker = `leaving-${Date.now()}-${Math.random()}`;
  await page.evaluate((value) => {
    /** @type {any} */ (window).__e2eLeaveMarker = value;
  }, marker);
  await action();
  const deadline = Date.now() + timeout;
  /** @type {string} */
  let seen;
  for (;;) {
    /** @type {Promise<string>} */
    const late = new Promise((resolve) => setTimeout(resolve, 2000, 'the page did not answer within 2 s'));
    // While the page navigates, its old context is destroyed under an evaluate (an error) or answers late.
    const state = await Promise.race([
      page
        .evaluate((value) => ({ left: /** @type {any} */ (window).__e2eLeaveMarker !== value, readyState: document.readyState }), marker)
        .catch((/** @type {unknown} */ error) => String(error).split('\n')[0]),
      late,
    ]);
    if (typeof state === 'string') seen = state;
    else if (state.left && state.readyState === 'complete') return;
    else seen = `the marker ${state.left ? 'gone' : 'still there'}, readyState ${state.readyState}`;
    if (Date.now() > deadline) throw new Error(`no navigation within ${timeout} ms of the action (${seen}; at ${page.url()}; ${await widgetState(page)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs `action`, waits for `until`, and fails unless the page stayed the same document all along: a marker put
 * on `window` before the action survives, the main frame committed no navigation, and the address is unchanged.
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<unknown>} action
 * @param {() => Promise<unknown>} until
 */
export async function withoutNavigation(page, action, until) {
  const marker = `stayed-${Date.now()}-${Math.random()}`;
  const address = page.url();
  await page.evaluate((value) => {
    /** @type {any} */ (window).__e2eStayMarker = value;
  }, marker);
  let navigations = 0;
  const onNavigated = (/** @type {import('playwright-core').Frame} */ frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  };
  page.on('framenavigated', onNavigated);
  try {
    await action();
    await until();
  } finally {
    page.off('framenavigated', onNavigated);
  }
  const kept = await page.evaluate(() => /** @type {any} */ (window).__e2eStayMarker);
  if (kept !== marker || navigations > 0 || page.url() !== address) {
    throw new Error(`the page navigated (marker ${kept === marker ? 'kept' : 'lost'}, ${navigations} main-frame navigations, ${address} → ${page.url()})`);
  }
}

/**
 * The control (input or select) of a configured form field, by its field name, inside `scope`.
 * @param {import('playwright-core').Locator} scope
 * @param {string} name
 */
export function formControl(scope, name) {
  return scope.locator(`[part~="field"][data-name="${name}"] :is(input, select, textarea)`);
}

/**
 * Fills the open SIGNUP section with a member's name, e-mail and password (and country, when given), ticks the
 * policy consent, submits, and waits for SIGNUP_SUCCESS.
 * @param {import('playwright-core').Page} page
 * @param {{ nombre: string, apellidos: string, email: string, password: string }} member
 * @param {{ country?: string }} [options] - the `pais` option to choose.
 */
export async function completeSignUp(page, member, { country } = {}) {
  const signUp = authSection(page, 'SIGNUP');
  for (const name of /** @type {const} */ (['nombre', 'apellidos', 'email', 'password'])) await formControl(signUp, name).fill(member[name]);
  if (country) await formControl(signUp, 'pais').selectOption(country);
  await signUp.getByRole('checkbox', { name: /He leído y acepto/ }).check();
  await signUp.locator('[part~="submit"]').click();
  await authSection(page, 'SIGNUP_SUCCESS').waitFor();
}
