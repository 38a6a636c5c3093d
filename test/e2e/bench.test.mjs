// @ts-check
/**
 * End to end (docs/development.md "Size and speed"): `npm run bench`, the benchmark of record, runs on the build and writes every figure
 * the issue names, as JSON and as a Markdown table. A short run (one timing run per side, 20 mount/unmount
 * cycles) into a folder of its own: the figures' values are timings and never judged here (timings belong
 * to `npm run bench`, docs/development.md "Size and speed"), only that each is there and is a number. What is judged: the sign-in-ready rule counts no
 * file Chromium did not fetch before the sign-in form was interactive.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

test('npm run bench writes sizes, timing ratios, requests at start, heap, the cart at 100 / 1,000 / 10,000 lines and the price ratio', () => {
  const out = mkdtempSync(join(tmpdir(), 'loyalty-bench-'));
  try {
    execFileSync(process.execPath, ['scripts/bench.mjs', '--runs=1', '--cycles=20', `--out=${out}`], { stdio: 'pipe', timeout: 180_000 });
    const result = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8'));
    const isCount = (/** @type {unknown} */ value) => typeof value === 'number' && Number.isFinite(value) && value > 0;
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
    for (const row of ['first payload', 'sign-in ready', 'everything', 'icon visible', 'click → sign-in form interactive', 'bookcore requests at start', 'JS heap', 'package-cart inserted → cart rendered', 'price formatting']) {
      assert.ok(table.includes(row), `bench.md has the row "${row}"`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
