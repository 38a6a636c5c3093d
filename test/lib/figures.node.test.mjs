// @ts-check
/**
 * `npm test` judges the suites' figures (scripts/figures.mjs): a figure off its goal, or one a suite that ran
 * never printed, fails the run. These check the judge, and that its list of expected figures names exactly the
 * figures the suites print.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { EXPECTED_FIGURES, clearFigures, figureLineCount, figureProblems, readFigures, recordFigure, settleRetriedFigures } from '../../scripts/figures.mjs';

/** Every file under a folder, recursively. */
function filesUnder(/** @type {string} */ dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('suite figures', () => {
  it('passes when every expected figure is there and at goal', () => {
    const figures = [
      { suite: 'xss', atGoal: true },
      { suite: 'faults', atGoal: true },
    ];
    assert.deepEqual(figureProblems(figures, ['xss', 'faults']), []);
  });

  it('fails on a figure off its goal, once however often it was printed', () => {
    const figures = [
      { suite: 'xss', atGoal: true },
      { suite: 'security', atGoal: false },
      { suite: 'security', atGoal: false },
    ];
    assert.deepEqual(figureProblems(figures, ['xss', 'security']), ['figure security OFF GOAL']);
  });

  it('fails on an expected figure that was never printed', () => {
    assert.deepEqual(figureProblems([{ suite: 'xss', atGoal: true }], ['xss', 'faults']), ['figure faults missing (its suite did not print it)']);
  });

  it('expects exactly the figures the suites print', () => {
    const printed = new Set();
    for (const file of [...filesUnder('test'), 'scripts/test.mjs']) {
      if (!/\.(ts|tsx|mjs)$/.test(file)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:reportFigure|recordFigure)\(\s*'([^']+)'/g)) printed.add(match[1]);
    }
    const expected = new Set(Object.values(EXPECTED_FIGURES).flat());
    assert.deepEqual([...expected].sort(), [...printed].sort());
  });
});

const saved = process.env.LOYALTY_FIGURES_FILE;
afterEach(() => {
  if (saved === undefined) delete process.env.LOYALTY_FIGURES_FILE;
  else process.env.LOYALTY_FIGURES_FILE = saved;
});

/** Points the figures at a file of this test's own. */
function ownFile() {
  const file = join(mkdtempSync(join(tmpdir(), 'loyalty-figures-')), 'figures.jsonl');
  process.env.LOYALTY_FIGURES_FILE = file;
  return file;
}

describe('the run\'s figures file (docs/development.md "The gate\'s lanes")', () => {
  it('keeps each run\'s figures in the file its LOYALTY_FIGURES_FILE names, so two gates in one checkout never mix', () => {
    const first = ownFile();
    recordFigure('xss', 'first run', true);
    const second = ownFile();
    recordFigure('xss', 'second run', false);
    assert.deepEqual(readFigures(), [{ suite: 'xss', figure: 'second run', atGoal: false }]);
    process.env.LOYALTY_FIGURES_FILE = first;
    assert.deepEqual(readFigures(), [{ suite: 'xss', figure: 'first run', atGoal: true }]);
    assert.match(readFileSync(second, 'utf8'), /second run/);
    clearFigures();
    assert.deepEqual(readFigures(), []);
  });

  it('settles a retried figure at its goal and keeps, in order, what other lanes printed during the retry', () => {
    ownFile();
    recordFigure('faults', '136 cases, 1 failure', false, 'Firefox');
    recordFigure('races', '60 runs, 0 bad end states', true, 'WebKit');
    const printed = figureLineCount();
    recordFigure('xss', '0 alert calls', true, 'WebKit'); // another lane, during the retry
    recordFigure('faults', '17 cases, 0 failures', true, 'Firefox'); // the retry
    settleRetriedFigures(printed);
    recordFigure('autofill', '4 of 4 forms', true, 'Chromium'); // another lane, after it
    assert.deepEqual(readFigures(), [
      { suite: 'faults (Firefox)', figure: '136 cases, 1 failure; the failed test passed on its retry: 17 cases, 0 failures', atGoal: true },
      { suite: 'races (WebKit)', figure: '60 runs, 0 bad end states', atGoal: true },
      { suite: 'xss (WebKit)', figure: '0 alert calls', atGoal: true },
      { suite: 'autofill (Chromium)', figure: '4 of 4 forms', atGoal: true },
    ]);
  });
});
