// @ts-check
/**
 * Timings in headless Chromium (playwright-core), each side against the baseline in the same run:
 *
 * - icon visible: navigation start to the first animation frame in which the element's shadow-root button
 *   has a box and is visible (polled with requestAnimationFrame from an init script; `performance.now()` counts
 *   from navigation start);
 * - click to panel interactive: a click on that button to the first frame in which the target control (ours:
 *   the first input of the panel's SIGNIN section; baseline: the input its state change renders) is visible and
 *   enabled;
 * - requests at start: what the page fetched until its network went quiet (no request started for 500 ms;
 *   bookcore requests by path, and the build's JavaScript files, and any request still open then); the files
 *   fetched by the time the sign-in form is interactive are kept too, to check the sign-in-ready rule;
 * - JS heap after mount/unmount cycles of the element (CDP HeapProfiler.collectGarbage, Runtime.getHeapUsage),
 *   after a short warm-up, with the growth over the second half of the cycles apart (a leak keeps growing there).
 *
 * Each timing run uses a fresh browser context (empty cache, no cookies); the sides alternate, and the first
 * run of each side is a discarded warm-up.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';

/**
 * @typedef {object} Side
 * @property {string} page path of the benchmark page
 * @property {string} host tag whose shadow-root button is the icon
 * @property {string} button selector of that button inside the shadow roots
 * @property {string} targetHost tag whose shadow tree holds the control that makes the panel interactive
 * @property {string} target selector of the container of that control (its first control counts)
 */

/** @type {Record<'ours' | 'baseline', Side>} */
export const SIDES = {
  ours: {
    page: '/bench/loyalty.html',
    host: 'loyalty-icon',
    button: '[part="button"]',
    targetHost: 'loyalty-panel',
    target: '[part~="auth-section"][data-section="SIGNIN"]',
  },
  baseline: {
    page: '/bench/baseline.html',
    host: 'baseline-button',
    button: '[part="button"]',
    targetHost: 'baseline-button',
    target: '[part="panel"]',
  },
};

const TIMEOUT_MS = 15_000;

/**
 * Installed in every document before its scripts: helpers that look through open shadow roots, and the
 * promise of the icon-visible time.
 * @param {{ host: string, button: string, timeoutMs: number }} options
 */
function probe({ host, button, timeoutMs }) {
  /**
   * The first match of `selector` in `root` or any open shadow root below it.
   * @param {Document | ShadowRoot | Element} root
   * @param {string} selector
   * @returns {Element | null}
   */
  const deepQuery = (root, selector) => {
    /** @type {Array<Document | ShadowRoot | Element>} */
    const roots = [root];
    for (let index = 0; index < roots.length; index += 1) {
      const current = /** @type {Document | ShadowRoot | Element} */ (roots[index]);
      const found = current.querySelector(selector);
      if (found) return found;
      if (current instanceof Element && current.shadowRoot) roots.push(current.shadowRoot);
      for (const element of current.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    }
    return null;
  };
  /** @param {Element} element */
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  /** @param {string} tag @param {string} selector */
  const inHost = (tag, selector) => {
    const element = document.querySelector(tag);
    return element?.shadowRoot ? deepQuery(element.shadowRoot, selector) : null;
  };
  /** Resolves with `performance.now()` at the first frame where `check` answers true. */
  const whenFrame = (/** @type {() => boolean} */ check) =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      const tick = () => {
        if (check()) resolve(performance.now());
        else if (performance.now() - start > timeoutMs) reject(new Error('timed out'));
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  const bench = {
    deepQuery,
    shown,
    inHost,
    whenFrame,
    /** @type {Promise<unknown> | undefined} */
    visible: undefined,
  };
  bench.visible = whenFrame(() => {
    const element = inHost(host, button);
    return element !== null && shown(element);
  });
  bench.visible.catch(() => undefined);
  Object.assign(window, { __bench: bench });
}

/**
 * In the page: clicks the icon and answers the milliseconds until the target's first control is interactive.
 * @param {Side} side
 */
async function clickToInteractive({ host, button, targetHost, target }) {
  /** @type {any} */
  const bench = Reflect.get(window, '__bench');
  const icon = /** @type {HTMLElement | null} */ (bench.inHost(host, button));
  if (!icon) throw new Error(`no ${host} ${button}`);
  const controlSelector = 'input:not([type="hidden"]), select, textarea';
  const start = performance.now();
  icon.click();
  const end = await bench.whenFrame(() => {
    const container = bench.inHost(targetHost, target);
    const control = container && bench.deepQuery(container, controlSelector);
    return Boolean(control && !control.disabled && !control.closest('[inert]') && bench.shown(control));
  });
  return end - start;
}

/**
 * In the page: mounts and unmounts `tag` `cycles` times, each time waiting for its shadow-root button.
 * @param {{ tag: string, button: string, cycles: number }} options
 */
async function mountCycles({ tag, button, cycles }) {
  const channel = new MessageChannel();
  /** @type {(() => void)[]} */
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  const nextTask = () =>
    new Promise((resolve) => {
      waiting.push(() => resolve(undefined));
      channel.port2.postMessage(0);
    });
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    const element = document.createElement(tag);
    document.body.append(element);
    for (let tries = 0; !element.shadowRoot?.querySelector(button); tries += 1) {
      if (tries > 5000) throw new Error(`${tag} never rendered ${button} (cycle ${cycle})`);
      await nextTask();
    }
    element.remove();
    await nextTask();
  }
  channel.port1.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? /** @type {number} */ (sorted[middle]) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const round1 = (/** @type {number} */ value) => Math.round(value * 10) / 10;

const QUIET_MS = 500;

/**
 * Follows what a page fetches from the benchmark server: the paths it started, in order, and the requests
 * still open. `quiet()` resolves once no request has started for {@link QUIET_MS} — the page's network is idle
 * as far as it asks for anything. Playwright's `networkidle` (no request open for 500 ms) is not used: a request
 * whose body is never read stays open until it is cancelled, which says nothing about what the page asked for.
 * @param {import('playwright-core').Page} page
 * @param {string} origin
 */
function trackRequests(page, origin) {
  /** @type {string[]} */
  const started = [];
  /** @type {Map<import('playwright-core').Request, string>} */
  const open = new Map();
  let lastStart = Date.now();
  page.on('request', (request) => {
    lastStart = Date.now();
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    started.push(url.pathname);
    open.set(request, url.pathname);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return {
    started,
    openPaths: () => [...open.values()].sort(),
    quiet: async () => {
      while (Date.now() - lastStart < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 25));
    },
  };
}

/**
 * One timing run of a side in a fresh context.
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin
 * @param {Side} side
 */
async function timingRun(browser, origin, side) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT_MS);
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const requests = trackRequests(page, origin);
    await page.addInitScript(probe, { host: side.host, button: side.button, timeoutMs: TIMEOUT_MS });
    await page.goto(origin + side.page, { waitUntil: 'load' });
    const iconVisibleMs = /** @type {number} */ (await page.evaluate(() => Reflect.get(window, '__bench').visible));
    await requests.quiet();
    const atStart = [...requests.started];
    const openAtQuiet = requests.openPaths();
    const clickMs = await page.evaluate(clickToInteractive, side);
    const atInteractive = [...requests.started];
    return { iconVisibleMs, clickMs, atStart, openAtQuiet, atInteractive, errors };
  } finally {
    await context.close();
  }
}

/**
 * Heap growth over `cycles` mount/unmount cycles of a side's element, in a fresh context once the page is idle.
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin
 * @param {Side} side
 * @param {number} cycles
 */
async function heapRun(browser, origin, side, cycles) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const requests = trackRequests(page, origin);
    await page.goto(origin + side.page, { waitUntil: 'load' });
    await requests.quiet();
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const usedKb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024;
    };
    // A few cycles first, so one-time costs (lazy initialisation, compiled code) do not count as growth.
    await page.evaluate(mountCycles, { tag: side.host, button: side.button, cycles: 10 });
    const beforeKb = await usedKb();
    const started = performance.now();
    const half = Math.floor(cycles / 2);
    await page.evaluate(mountCycles, { tag: side.host, button: side.button, cycles: half });
    let cyclesMs = performance.now() - started;
    const halfwayKb = await usedKb();
    const resumed = performance.now();
    await page.evaluate(mountCycles, { tag: side.host, button: side.button, cycles: cycles - half });
    cyclesMs += performance.now() - resumed;
    const afterKb = await usedKb();
    return {
      beforeKb: round1(beforeKb),
      afterKb: round1(afterKb),
      growthKb: round1(afterKb - beforeKb),
      // Growth that levels off is caches filling; growth that goes on in the second half is a leak.
      secondHalfGrowthKb: round1(afterKb - halfwayKb),
      cycles,
      cyclesMs: Math.round(cyclesMs),
    };
  } finally {
    await context.close();
  }
}

/**
 * @param {{ origin: string, runs?: number, cycles?: number, log?: (line: string) => void }} options
 */
export async function benchBrowser({ origin, runs = 15, cycles = 1000, log = () => undefined }) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  try {
    /** @type {Record<'ours' | 'baseline', Awaited<ReturnType<typeof timingRun>>[]>} */
    const results = { ours: [], baseline: [] };
    for (let run = 0; run <= runs; run += 1) {
      /** @type {Array<'ours' | 'baseline'>} */
      const order = run % 2 ? ['baseline', 'ours'] : ['ours', 'baseline'];
      for (const name of order) {
        const result = await timingRun(browser, origin, SIDES[name]);
        // Run 0 warms the browser, the server and the file cache up; it is not counted.
        if (run > 0) results[name].push(result);
      }
      if (run > 0) log(`  run ${run}/${runs}: icon ${round1(results.ours.at(-1)?.iconVisibleMs ?? 0)} ms (baseline ${round1(results.baseline.at(-1)?.iconVisibleMs ?? 0)}), click ${round1(results.ours.at(-1)?.clickMs ?? 0)} ms (baseline ${round1(results.baseline.at(-1)?.clickMs ?? 0)})`);
    }
    log(`  heap: ${cycles} mount/unmount cycles of each element`);
    const heap = { ours: await heapRun(browser, origin, SIDES.ours, cycles), baseline: await heapRun(browser, origin, SIDES.baseline, cycles) };

    const summary = (/** @type {'ours' | 'baseline'} */ name) => {
      const list = results[name];
      const stats = (/** @type {number[]} */ values) => ({ median: round1(median(values)), min: round1(Math.min(...values)), max: round1(Math.max(...values)) });
      return {
        iconVisibleMs: stats(list.map((result) => result.iconVisibleMs)),
        clickToInteractiveMs: stats(list.map((result) => result.clickMs)),
      };
    };
    /** Bookcore requests at start, by path, from the run with the most of them (each run is also counted). */
    const countBookcore = (/** @type {string[]} */ paths) => {
      /** @type {Record<string, number>} */
      const byPath = {};
      for (const path of paths.filter((candidate) => candidate.startsWith('/bookcore/'))) byPath[path] = (byPath[path] ?? 0) + 1;
      return byPath;
    };
    const startCounts = results.ours.map((result) => countBookcore(result.atStart));
    const totals = startCounts.map((byPath) => Object.values(byPath).reduce((sum, count) => sum + count, 0));
    const worst = startCounts[totals.indexOf(Math.max(...totals))] ?? {};
    const distFiles = (/** @type {string[]} */ paths) => [...new Set(paths.filter((path) => path.startsWith('/dist/')).map((path) => path.slice('/dist/'.length)))].sort();
    const last = results.ours.at(-1);
    return {
      chromium: browser.version(),
      runs,
      ours: summary('ours'),
      baseline: summary('baseline'),
      requestsAtStart: {
        bookcore: { max: Math.max(...totals), min: Math.min(...totals), byPath: worst },
        distFiles: distFiles(last?.atStart ?? []),
        // Requests the page started but had not finished when it went quiet (a body never read, say).
        openWhenQuiet: [...new Set(results.ours.flatMap((result) => result.openAtQuiet))].sort(),
      },
      distFilesAtSignInInteractive: distFiles(last?.atInteractive ?? []),
      heap,
      pageErrors: [...new Set(results.ours.concat(results.baseline).flatMap((result) => result.errors))],
    };
  } finally {
    await browser.close();
  }
}
