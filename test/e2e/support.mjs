// @ts-check
/**
 * End-to-end support: the demo server as `npm start` runs it (a child process on a free port) and Chromium
 * driven by playwright-core.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from '../../scripts/chromium.mjs';

/**
 * Starts `demo/server/start.mjs` on a free port (the build must exist).
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export function startDemoServer() {
  const child = spawn(process.execPath, ['demo/server/start.mjs'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`demo server exited with ${code}: ${output}`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/bookcore dev server: (http:\/\/127\.0\.0\.1:\d+)\//);
      if (!match) return;
      child.removeAllListeners('exit');
      resolve({
        origin: /** @type {string} */ (match[1]),
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** Launches headless Chromium with a fresh profile. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'loyalty-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  await context.route((url) => !isLoopbackUrl(url), (route) => route.abort('blockedbyclient'));
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

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
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    // @ts-expect-error axe is the injected global
    const results = await window.axe.run(document);
    return results.violations.map((/** @type {any} */ violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((/** @type {any} */ node) => ({ target: node.target, html: node.html, summary: node.failureSummary })),
    }));
  });
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
 * Runs `action` and waits until the main frame navigated (a reload counts) and loaded.
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<unknown>} action
 */
export async function withNavigation(page, action) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), action()]);
}

/**
 * The control (input or select) of a configured form field, by its field name, inside `scope`.
 * @param {import('playwright-core').Locator} scope
 * @param {string} name
 */
export function formControl(scope, name) {
  return scope.locator(`[part~="field"][data-name="${name}"] :is(input, select, textarea)`);
}
