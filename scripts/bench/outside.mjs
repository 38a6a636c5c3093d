// @ts-check
/**
 * The benchmark from outside: the realistic guest page (./server.mjs `guest.html`: Spanish, the icon with its
 * notification, the tooltip, social providers configured, no cart) loaded in headless Chromium, every script the
 * browser requested recorded with its bytes as served (gzip -9, ./server.mjs), and the moments a guest meets:
 *
 * - icon visible: the first animation frame in which `<loyalty-icon>`'s button has a box and is visible;
 * - click → panel usable: the guest's click on that button (a real pointer: move, press, release) to the first
 *   frame in which the SIGNIN form's first input is visible, enabled and not inert; clicked as soon as the icon
 *   is visible ("cold") or once the widget's idle prefetch has run (no request started for 4.5 s, the prefetch
 *   having started after 3 s of them, then none for 500 ms and an idle callback: "after the idle prefetch");
 * - sign-in ready: the scripts requested from navigation until the SIGNIN form is usable, clicked cold (the
 *   benchmark's report), or, for the size budget `npm test` judges, clicked once the page is settled by a guest
 *   whose connection asks for Save-Data: "settled", below;
 * - everything in one language: then every chunk of the build but the other languages' (a Spanish page never
 *   loads those) imported in the page, and every script requested by then;
 * - third-party requests before the panel opens: every request off this machine is aborted and counted, by
 *   whether it left before the click.
 *
 * Bytes are each script's encoded body (Resource Timing's `encodedBodySize`: the server sends gzip -9, so the same
 * build always gives the same bytes), summed over the scripts whose request started before the moment
 * (`startTime`, in the page's own clock). The baseline page (`guest-baseline.html`) is the same page with a bare
 * React 19 + r2wc element; its time to icon is the ratio's denominator, measured in the same run, interleaved.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from '../chromium.mjs';
import { median } from './browser.mjs';
import { oneLanguageFiles, readGraph } from './sizes.mjs';

const TIMEOUT_MS = 20_000;

/**
 * Installed before the page's scripts for a "settled" load: the guest's connection asks for Save-Data, so the widget
 * prefetches nothing on idle (src/core/later.ts `sparesData`) and what the page requests before the click is only
 * what it needs without the guest (the start, its answers' chunks), whatever the machine's load.
 */
function saveData() {
  Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
}
const QUIET_MS = 500;
/**
 * How long the page must have gone without a request before the "after the idle prefetch" click: the widget's
 * idle prefetch waits for 3 s without one after the load (src/core/later.ts `QUIET_MS`), then for an idle
 * callback; a further 1.5 s covers that callback and the prefetch's first request.
 */
const PREFETCH_QUIET_MS = 4_500;

/** The landing page's sides ({@link import('./server.mjs').LANDING_PAGES}). */
export const OUTSIDE_SIDES = {
  ours: {
    page: '/bench/guest.html',
    host: 'loyalty-icon',
    button: '[part="button"]',
    targetHost: 'loyalty-panel',
    target: '[part~="auth-section"][data-section="SIGNIN"]',
  },
  baseline: {
    page: '/bench/guest-baseline.html',
    host: 'baseline-button',
    button: '[part="button"]',
    targetHost: 'baseline-button',
    target: '[part="panel"]',
  },
};

/** @typedef {typeof OUTSIDE_SIDES.ours} OutsideSide */

/**
 * Installed before the page's scripts: helpers that look through open shadow roots, the icon-visible moment, and
 * the time of the guest's first click (the event's own time stamp, in the page's clock).
 * @param {{ host: string, button: string, timeoutMs: number }} options
 */
function probe({ host, button, timeoutMs }) {
  /** @param {Document | ShadowRoot | Element} root @param {string} selector @returns {Element | null} */
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
    /** @type {number | null} */
    clickAt: null,
    /** @type {Promise<unknown> | undefined} */
    visible: undefined,
  };
  window.addEventListener('click', (event) => {
    if (bench.clickAt === null) bench.clickAt = event.timeStamp;
  }, { capture: true });
  bench.visible = whenFrame(() => {
    const element = inHost(host, button);
    return element !== null && shown(element);
  });
  bench.visible.catch(() => undefined);
  Object.assign(window, { __bench: bench });
}

/**
 * In the page: the moment the side's target control is usable (visible, enabled, not inert).
 * @param {OutsideSide} side
 */
function whenUsable({ targetHost, target }) {
  /** @type {any} */
  const bench = Reflect.get(window, '__bench');
  return bench.whenFrame(() => {
    const container = bench.inHost(targetHost, target);
    const control = container && bench.deepQuery(container, 'input:not([type="hidden"]), select, textarea');
    return Boolean(control && !control.disabled && !control.closest('[inert]') && bench.shown(control));
  });
}

/** In the page: the centre of the icon's button, in viewport pixels. @param {OutsideSide} side */
function iconCentre({ host, button }) {
  /** @type {any} */
  const bench = Reflect.get(window, '__bench');
  const box = bench.inHost(host, button).getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** In the page: every script request so far (Resource Timing), with its start in the page's clock and its bytes. */
function scriptEntries() {
  return performance
    .getEntriesByType('resource')
    .map((entry) => /** @type {PerformanceResourceTiming} */ (entry))
    .filter((entry) => /\.m?js$/.test(new URL(entry.name).pathname))
    .map((entry) => ({ url: entry.name, startTime: entry.startTime, encoded: entry.encodedBodySize, transfer: entry.transferSize, decoded: entry.decodedBodySize }));
}

/** In the page: resolves once an idle callback runs (the page has nothing urgent left to do). */
function idle() {
  return new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 2000 }));
}

/**
 * What a page fetched: the paths of requests to the page's server, the moment the last one started, and requests
 * off this machine (aborted), split by whether they left before the guest's click.
 * @param {import('playwright-core').BrowserContext} context
 */
async function watchRequests(context) {
  const state = { lastStart: Date.now(), clicked: false, thirdPartyBeforeClick: /** @type {string[]} */ ([]), thirdPartyAfterClick: /** @type {string[]} */ ([]) };
  await context.route('**/*', async (route) => {
    state.lastStart = Date.now();
    const url = new URL(route.request().url());
    if (isLoopbackUrl(url)) return route.continue();
    (state.clicked ? state.thirdPartyAfterClick : state.thirdPartyBeforeClick).push(url.origin + url.pathname);
    return route.abort('blockedbyclient');
  });
  return {
    state,
    quiet: async (quietMs = QUIET_MS) => {
      while (Date.now() - state.lastStart < quietMs) await new Promise((resolve) => setTimeout(resolve, 25));
    },
  };
}

/**
 * Scripts requested from the page's server up to `moment` (page clock), each once, and their bytes summed.
 * @param {Array<{ url: string, startTime: number, encoded: number, transfer: number }>} entries
 * @param {number} moment
 * @param {string} origin
 */
function scriptsBefore(entries, moment, origin) {
  /** @type {Map<string, number>} */
  const files = new Map();
  for (const entry of entries) {
    const url = new URL(entry.url);
    // Requests off this machine were aborted (counted apart): they brought no bytes.
    if (entry.startTime > moment || url.origin !== origin) continue;
    files.set(url.pathname, Math.max(files.get(url.pathname) ?? 0, entry.encoded));
  }
  const sorted = new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
  return { bytes: [...sorted.values()].reduce((sum, size) => sum + size, 0), files: Object.fromEntries(sorted) };
}

/**
 * One load of a side in a fresh context (empty cache, no cookies): icon visible, the guest's click (cold: at once;
 * idle: once the page is idle), the target usable; for ours with `everything`, then every chunk of one language.
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin
 * @param {OutsideSide} side
 * @param {{ click: 'cold' | 'idle' | 'settled' | 'none', everything?: string[] }} options `none`: the load ends once
 *   the icon is visible; `settled`: a Save-Data guest ({@link saveData}) clicks once the page is quiet, so the scripts
 *   counted do not depend on how fast the machine runs the page's start beside the click; `everything`: the build's
 *   files of one language
 */
export async function outsideRun(browser, origin, side, { click, everything }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const requests = await watchRequests(context);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT_MS);
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(probe, { host: side.host, button: side.button, timeoutMs: TIMEOUT_MS });
    if (click === 'settled') await page.addInitScript(saveData);
    await page.goto(origin + side.page, { waitUntil: 'commit' });
    const iconVisibleMs = /** @type {number} */ (await page.evaluate(() => Reflect.get(window, '__bench').visible));
    if (click === 'none') {
      // A request shows in Resource Timing once its response has ended: one still open at the icon's frame counts
      // (it started before), so the entries are read once the page is quiet.
      await requests.quiet();
      return { iconVisibleMs, beforeIcon: scriptsBefore(await page.evaluate(scriptEntries), iconVisibleMs, origin), errors };
    }
    if (click === 'idle') {
      // The prefetch (long enough without a request for it to have started), then what it asked for come and run.
      await requests.quiet(PREFETCH_QUIET_MS);
      await requests.quiet();
      await page.evaluate(idle);
    }
    if (click === 'settled') await requests.quiet();
    const centre = await page.evaluate(iconCentre, side);
    requests.state.clicked = true;
    const usable = page.evaluate(whenUsable, side);
    await page.mouse.click(centre.x, centre.y);
    const usableAt = /** @type {number} */ (await usable);
    const clickAt = /** @type {number | null} */ (await page.evaluate(() => Reflect.get(window, '__bench').clickAt));
    if (clickAt === null) throw new Error(`${side.page}: the click never reached the page`);
    let everythingAt = null;
    if (everything) {
      await requests.quiet();
      await page.evaluate((urls) => Promise.all(urls.map((url) => import(url))), everything.map((file) => `${origin}/dist/${file}`));
      await requests.quiet();
      everythingAt = await page.evaluate(() => performance.now());
    }
    const entries = await page.evaluate(scriptEntries);
    return {
      iconVisibleMs,
      clickToUsableMs: usableAt - clickAt,
      beforeIcon: scriptsBefore(entries, iconVisibleMs, origin),
      signInReady: scriptsBefore(entries, usableAt, origin),
      everything: everythingAt === null ? null : scriptsBefore(entries, everythingAt, origin),
      thirdPartyBeforeClick: requests.state.thirdPartyBeforeClick,
      thirdPartyAfterClick: requests.state.thirdPartyAfterClick,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** @param {import('playwright-core').Browser | undefined} [browser] */
async function launch(browser) {
  return browser ?? chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/**
 * The outside-in sizes alone (what `npm test` judges; no timing is read): one load of the guest page settled (a
 * Save-Data guest clicks once the page is quiet: clicked cold, the start's answers ask for their chunks before or
 * after the form is usable depending on the machine's load, and a busy CI counted 6 KB more than a quiet machine),
 * then every chunk of one language; and two more loads up to the icon. The icon paints while the start's requests
 * are out: a chunk their answers ask for may leave before or after the icon's first frame, so the bytes before the
 * icon are the least of the three loads — what the icon itself waited for.
 * @param {{ origin: string, dist: string }} options
 */
export async function outsideSizes({ origin, dist }) {
  const browser = await launch();
  try {
    const run = await outsideRun(browser, origin, OUTSIDE_SIDES.ours, { click: 'settled', everything: oneLanguageFiles(readGraph(dist)) });
    const iconLoads = [run, await outsideRun(browser, origin, OUTSIDE_SIDES.ours, { click: 'none' }), await outsideRun(browser, origin, OUTSIDE_SIDES.ours, { click: 'none' })];
    const least = iconLoads.reduce((best, load) => (load.beforeIcon.bytes < best.beforeIcon.bytes ? load : best));
    return { chromium: browser.version(), ...sizesOf({ ...run, beforeIcon: least.beforeIcon, errors: iconLoads.flatMap((load) => load.errors) }) };
  } finally {
    await browser.close();
  }
}

/** @typedef {Exclude<Awaited<ReturnType<typeof outsideRun>>, { clickToUsableMs?: undefined }>} FullRun */

/** @param {FullRun} run */
function sizesOf(run) {
  return {
    sizes: { beforeIcon: run.beforeIcon.bytes, signInReady: run.signInReady.bytes, everything: run.everything?.bytes ?? 0 },
    files: { beforeIcon: run.beforeIcon.files, signInReady: run.signInReady.files, everything: run.everything?.files ?? {} },
    thirdPartyBeforePanelUrls: run.thirdPartyBeforeClick,
    pageErrors: [...new Set(run.errors)],
  };
}

const round1 = (/** @type {number} */ value) => Math.round(value * 10) / 10;

/**
 * The outside-in timings and sizes: `runs` rounds, each loading, in alternating order, the guest page clicked cold,
 * the baseline page, the guest page clicked once idle, and the baseline page again; after one discarded warm-up
 * round. Sizes from the last cold load (with every chunk of one language forced), the largest seen of each
 * figure alongside (a moment that moved across a request would show there).
 * @param {{ origin: string, dist: string, runs: number, log?: (line: string) => void }} options
 */
export async function outsideBench({ origin, dist, runs, log = () => undefined }) {
  const browser = await launch();
  const everything = oneLanguageFiles(readGraph(dist));
  try {
    /** @type {{ cold: FullRun[], idle: FullRun[], baseline: FullRun[] }} */
    const results = { cold: [], idle: [], baseline: [] };
    for (let round = 0; round <= runs; round += 1) {
      /** @type {Array<['cold' | 'idle' | 'baseline', OutsideSide, 'cold' | 'idle']>} */
      const loads = [
        ['cold', OUTSIDE_SIDES.ours, 'cold'],
        ['baseline', OUTSIDE_SIDES.baseline, 'cold'],
        ['idle', OUTSIDE_SIDES.ours, 'idle'],
        ['baseline', OUTSIDE_SIDES.baseline, 'cold'],
      ];
      if (round % 2) loads.reverse();
      for (const [kind, side, click] of loads) {
        const run = /** @type {FullRun} */ (await outsideRun(browser, origin, side, { click, everything: kind === 'cold' && round === runs ? everything : undefined }));
        if (round > 0) results[kind].push(run);
      }
      if (round > 0) {
        const last = (/** @type {'cold' | 'idle' | 'baseline'} */ kind) => results[kind].at(-1);
        log(
          `  round ${round}/${runs}: icon ${round1(last('cold')?.iconVisibleMs ?? 0)} / ${round1(last('idle')?.iconVisibleMs ?? 0)} ms ` +
            `(baseline ${round1(last('baseline')?.iconVisibleMs ?? 0)}), click → usable cold ${round1(last('cold')?.clickToUsableMs ?? 0)} ms, ` +
            `after idle ${round1(last('idle')?.clickToUsableMs ?? 0)} ms`,
        );
      }
    }
    const ours = [...results.cold, ...results.idle];
    const stats = (/** @type {number[]} */ values) => ({ median: round1(median(values)), min: round1(Math.min(...values)), max: round1(Math.max(...values)) });
    const lastCold = /** @type {FullRun} */ (results.cold.at(-1));
    const iconMs = stats(ours.map((run) => run.iconVisibleMs));
    const baselineIconMs = stats(results.baseline.map((run) => run.iconVisibleMs));
    return {
      chromium: browser.version(),
      runs,
      ...sizesOf(lastCold),
      // The bytes before the icon of the last cold load; the least and the largest over every load beside it.
      leastSeen: { beforeIcon: Math.min(...ours.map((run) => run.beforeIcon.bytes)) },
      largestSeen: {
        beforeIcon: Math.max(...ours.map((run) => run.beforeIcon.bytes)),
        signInReady: Math.max(...results.cold.map((run) => run.signInReady.bytes)),
      },
      timings: {
        iconVisibleMs: iconMs,
        baselineIconVisibleMs: baselineIconMs,
        iconRatio: baselineIconMs.median > 0 ? Math.round((iconMs.median / baselineIconMs.median) * 100) / 100 : null,
        clickToUsableColdMs: stats(results.cold.map((run) => run.clickToUsableMs)),
        clickToUsableAfterIdleMs: stats(results.idle.map((run) => run.clickToUsableMs)),
        baselineClickToUsableMs: stats(results.baseline.map((run) => run.clickToUsableMs)),
      },
      thirdPartyBeforePanel: Math.max(...ours.map((run) => run.thirdPartyBeforeClick.length)),
      thirdPartyBeforePanelUrls: [...new Set(ours.flatMap((run) => run.thirdPartyBeforeClick))].sort(),
      // Social SDKs from their own servers once the panel is open: expected, and aborted here.
      thirdPartyAfterClickUrls: [...new Set(ours.flatMap((run) => run.thirdPartyAfterClick))].sort(),
      pageErrors: [...new Set([...ours, ...results.baseline].flatMap((run) => run.errors))],
    };
  } finally {
    await browser.close();
  }
}
