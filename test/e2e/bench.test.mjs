// @ts-check
/**
 * End to end (docs/development.md "Size and speed"): `npm run bench`, the benchmark of record, runs on the build and
 * writes every figure, as JSON and as a Markdown table. A short run (one timing run per side, 20 mount/unmount cycles, one Lighthouse run per side)
 * into a folder of its own: the figures' values are timings and never judged here (timings belong to `npm run
 * bench`, docs/development.md "Size and speed"), only that each is there and is a number. What is judged: the
 * outside-in sizes add up the scripts the guest page requested, each moment's files within the next one's, every
 * chunk of one language and none of another's; no request leaves the machine before the panel opens; the
 * sign-in-ready rule counts no file Chromium did not fetch before the sign-in form was interactive.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { oneLanguageFiles, readGraph } from '../../scripts/bench/sizes.mjs';

test('npm run bench writes the outside-in sizes and timings, Lighthouse with and without the widget, sizes, timing ratios, requests at start, heap, the cart at 100 / 1,000 / 10,000 lines and the price ratio', () => {
  const out = mkdtempSync(join(tmpdir(), 'loyalty-bench-'));
  try {
    execFileSync(process.execPath, ['scripts/bench.mjs', '--runs=1', '--cycles=20', '--lighthouse-runs=1', `--out=${out}`], { stdio: 'pipe', timeout: 900_000 });
    const result = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8'));
    const isCount = (/** @type {unknown} */ value) => typeof value === 'number' && Number.isFinite(value) && value > 0;

    // From outside: the guest page's requested scripts, each moment's within the next one's.
    const { sizes: outside, files } = result.outside;
    const sum = (/** @type {Record<string, number>} */ list) => Object.values(list).reduce((total, bytes) => total + bytes, 0);
    for (const key of ['beforeIcon', 'signInReady', 'everything']) {
      assert.ok(isCount(outside[key]), `outside.sizes.${key}`);
      assert.equal(outside[key], sum(files[key]), `outside.sizes.${key} adds up its files`);
    }
    assert.ok('/dist/loyalty-elements.js' in files.beforeIcon, 'the entry is requested before the icon shows');
    for (const file of Object.keys(files.beforeIcon)) assert.ok(file in files.signInReady, `${file} counted before the icon and by sign-in ready`);
    for (const file of Object.keys(files.signInReady)) assert.ok(file in files.everything, `${file} counted by sign-in ready and in everything`);
    assert.deepEqual(Object.keys(files.everything).sort(), oneLanguageFiles(readGraph('dist')).map((file) => `/dist/${file}`).sort(), 'everything: every chunk of one language, none of another');
    assert.equal(result.outside.thirdPartyBeforePanel, 0, 'no request off this machine before the panel opens');
    for (const key of ['iconVisibleMs', 'baselineIconVisibleMs', 'clickToUsableColdMs', 'clickToUsableAfterIdleMs']) assert.ok(isCount(result.outside.timings[key].median), `outside.timings.${key}`);
    assert.ok(isCount(result.outside.timings.iconRatio), 'time to icon as a ratio to the bare element');
    for (const side of ['without', 'with']) {
      for (const key of ['mainThreadMs', 'lcpMs', 'bootupMs', 'score']) assert.ok(isCount(result.lighthouse[side][key]), `lighthouse.${side}.${key}`);
      assert.equal(typeof result.lighthouse[side].tbtMs, 'number', `lighthouse.${side}.tbtMs`);
    }

    for (const key of ['firstPayload', 'signInReady', 'everything']) assert.ok(isCount(result.sizes[key]), `sizes.${key}`);
    assert.ok(isCount(result.baselineSize), 'the baseline element was built and measured');
    for (const key of ['iconVisible', 'clickToInteractive']) assert.ok(isCount(result.timings.ratios[key]), `timings.ratios.${key}`);
    assert.deepEqual(result.requestsAtStart.bookcore.byPath, {
      '/bookcore/loyalty/ajax/user/': 1,
      '/bookcore/partempresas/loyalty/settings/': 1,
    }, 'requests at start: settings and user, once each');
    assert.ok(isCount(result.heap.ours.afterKb) && typeof result.heap.ours.growthKb === 'number', 'heap after the cycles');
    assert.ok(isCount(result.priceFormatting.ratio), 'price formatting ratio to Intl');
    assert.deepEqual(result.signInRuleCheck.onlyInRule, [], 'the sign-in-ready rule counts only files the browser fetched');
    assert.deepEqual(result.pageErrors, []);
    // The cart at 100, 1,000 and 10,000 lines: each rendered (a time, never judged here), at most 100 lines shown.
    assert.deepEqual(result.cartScale.map((/** @type {{ items: number }} */ row) => row.items), [100, 1000, 10_000]);
    for (const row of result.cartScale) {
      assert.ok(isCount(row.renderedMs), `the cart of ${row.items} lines rendered`);
      assert.equal(row.shown, 100, `the cart of ${row.items} lines shows 100 of them`);
    }
    const table = readFileSync(join(out, 'bench.md'), 'utf8');
    for (const row of [
      'JS requested before the icon is visible',
      'JS requested by sign-in ready',
      'everything in one language',
      'time to icon',
      'click → panel usable, cold',
      'click → panel usable, after the idle prefetch',
      'third-party requests before the panel opens',
      'Lighthouse mobile main-thread work',
      'Lighthouse mobile LCP',
      'Lighthouse mobile TBT',
      'Lighthouse mobile performance score',
      "the entry's static closure",
      'icon visible',
      'click → sign-in form interactive',
      'bookcore requests at start',
      'JS heap',
      'package-cart inserted → cart rendered',
      'price formatting',
    ]) {
      assert.ok(table.includes(row), `bench.md has the row "${row}"`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
