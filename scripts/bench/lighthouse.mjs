// @ts-check
/**
 * Lighthouse (mobile preset: a mid-range phone, simulated slow 4G and 4× CPU slowdown) on the landing page without
 * the widget (`/bench/landing.html`) and with it (`/bench/guest.html`), in headless Chromium through
 * chrome-launcher, each a fresh browser; the sides alternate, `runs` times each, and the median of each figure is
 * kept: main-thread work, Largest Contentful Paint, Total Blocking Time, JavaScript boot-up time and the
 * performance score. The pages are served gzip-compressed (./server.mjs), so transfer figures are real.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.mjs';
import { median } from './browser.mjs';

export const LIGHTHOUSE_PAGES = { without: '/bench/landing.html', with: '/bench/guest.html' };

/**
 * One Lighthouse run of `url`, performance only.
 * @param {string} url
 */
async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const value = (/** @type {string} */ id) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    return {
      mainThreadMs: value('mainthread-work-breakdown'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      bootupMs: value('bootup-time'),
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lighthouse: result.lhr.lighthouseVersion,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * @param {{ origin: string, runs: number, log?: (line: string) => void }} options
 */
export async function benchLighthouse({ origin, runs, log = () => undefined }) {
  /** @type {Record<'without' | 'with', Awaited<ReturnType<typeof lighthouseRun>>[]>} */
  const results = { without: [], with: [] };
  for (let run = 0; run < runs; run += 1) {
    /** @type {Array<'without' | 'with'>} */
    const order = run % 2 ? ['with', 'without'] : ['without', 'with'];
    for (const side of order) results[side].push(await lighthouseRun(origin + LIGHTHOUSE_PAGES[side]));
    const last = (/** @type {'without' | 'with'} */ side) => results[side].at(-1);
    log(`  Lighthouse ${run + 1}/${runs}: LCP ${last('without')?.lcpMs} → ${last('with')?.lcpMs} ms, main thread ${last('without')?.mainThreadMs} → ${last('with')?.mainThreadMs} ms, TBT ${last('without')?.tbtMs} → ${last('with')?.tbtMs} ms, score ${last('without')?.score} → ${last('with')?.score}`);
  }
  const medians = (/** @type {'without' | 'with'} */ side) => {
    const list = results[side];
    return {
      mainThreadMs: median(list.map((run) => run.mainThreadMs)),
      lcpMs: median(list.map((run) => run.lcpMs)),
      tbtMs: median(list.map((run) => run.tbtMs)),
      bootupMs: median(list.map((run) => run.bootupMs)),
      score: median(list.map((run) => run.score)),
    };
  };
  const without = medians('without');
  const withWidget = medians('with');
  return {
    lighthouse: results.with[0]?.lighthouse,
    runs,
    without,
    with: withWidget,
    difference: {
      mainThreadMs: withWidget.mainThreadMs - without.mainThreadMs,
      lcpMs: withWidget.lcpMs - without.lcpMs,
      tbtMs: withWidget.tbtMs - without.tbtMs,
      bootupMs: withWidget.bootupMs - without.bootupMs,
    },
  };
}
