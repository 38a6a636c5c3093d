// @ts-check
/**
 * `npm test` judges the suites' figures (scripts/figures.mjs): a figure off its goal, or one a suite that ran
 * never printed, fails the run. These check the judge, and that its list of expected figures names exactly the
 * figures the suites print.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { EXPECTED_FIGURES, figureProblems } from '../../scripts/figures.mjs';

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
