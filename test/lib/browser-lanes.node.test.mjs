/**
 * The browser lanes' split (scripts/browser-lanes.mjs, docs/development.md "The gate's lanes"): each engine's files
 * are shared between its lanes on the seconds each file took in a measured run (scripts/browser-file-seconds.json,
 * written from the lanes' summaries by `node scripts/browser-lanes.mjs`).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, it } from 'node:test';
import { ENGINES } from '../../scripts/browsers.mjs';
import { FILE_SECONDS_TABLE, fileSecondsFromSummary, laneSeconds, meanFileSeconds, splitIntoLanes } from '../../scripts/browser-lanes.mjs';

/** The browser test files, as the gate finds them. */
const browserFiles = () =>
  readdirSync('test', { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path) && !path.split(sep).includes('node_modules'))
    .map((path) => join('test', path).split(sep).join('/'));

describe('the browser lanes', () => {
  it('puts every file in exactly one lane, the slowest first, each to the lane with the least time so far', () => {
    const seconds = { a: 10, b: 6, c: 5, d: 4 };
    const lanes = splitIntoLanes(['d', 'c', 'b', 'a'], 2, seconds);
    assert.deepEqual(lanes, [
      ['a', 'd'],
      ['b', 'c'],
    ]);
    assert.deepEqual(
      lanes.map((lane) => laneSeconds(lane, seconds)),
      [14, 11],
    );
  });

  it('counts a file the table does not know (a new file) as its typical file, and makes no empty lane', () => {
    const seconds = { a: 1, b: 3, c: 100 };
    // The median, 3: the new file weighs as much as b.
    assert.equal(laneSeconds(['new'], seconds), 3);
    assert.deepEqual(splitIntoLanes(['a', 'new', 'c', 'b'], 2, seconds), [['c'], ['new', 'b', 'a']]);
    assert.deepEqual(splitIntoLanes(['a'], 3, seconds), [['a']]);
  });

  it('reads each file’s seconds from a lane’s summary: from one file’s end to the next, else its tests’ durations and the load', () => {
    const root = '/repo/';
    const timed = {
      outcomes: [{ engine: 'Firefox', file: '/repo/test/a.test.ts', duration: 100 }],
      files: [
        { file: '/repo/test/b.test.ts', engines: ['Firefox'], endedMs: 2500 },
        { file: '/repo/test/a.test.ts', engines: ['Firefox'], endedMs: 9000 },
      ],
    };
    assert.deepEqual(fileSecondsFromSummary(timed, root), { engine: 'firefox', seconds: { 'test/b.test.ts': 2.5, 'test/a.test.ts': 6.5 } });
    const untimed = {
      outcomes: [
        { engine: 'WebKit', file: '/repo/test/a.test.ts', duration: 1500 },
        { engine: 'WebKit', file: '/repo/test/a.test.ts', duration: 500 },
        { engine: 'WebKit', file: '/repo/test/b.test.ts', duration: 0 },
      ],
    };
    assert.deepEqual(fileSecondsFromSummary(untimed, root), { engine: 'webkit', seconds: { 'test/a.test.ts': 3.5, 'test/b.test.ts': 1.5 } });
  });

  it('makes each engine’s table from several runs’ summaries: a file timed in more than one gets the mean', () => {
    const table = meanFileSeconds([
      { engine: 'chromium', seconds: { 'test/b.test.ts': 70, 'test/a.test.ts': 2 } },
      { engine: 'chromium', seconds: { 'test/c.test.ts': 5 } },
      { engine: 'firefox', seconds: { 'test/b.test.ts': 20 } },
      { engine: 'chromium', seconds: { 'test/b.test.ts': 99, 'test/c.test.ts': 6 } },
    ]);
    assert.deepEqual(table, { chromium: { 'test/a.test.ts': 2, 'test/b.test.ts': 84.5, 'test/c.test.ts': 5.5 }, firefox: { 'test/b.test.ts': 20 } });
    assert.deepEqual(Object.keys(table.chromium), ['test/a.test.ts', 'test/b.test.ts', 'test/c.test.ts']);
  });

  it('has a measured table for each engine, and splits each engine’s files into two lanes within 10 % of each other', () => {
    const table = JSON.parse(readFileSync(FILE_SECONDS_TABLE, 'utf8'));
    const files = browserFiles();
    for (const engine of ENGINES) {
      const seconds = table[engine];
      assert.ok(seconds && Object.keys(seconds).length > files.length / 2, `${engine}: a measured table`);
      const [first, second] = splitIntoLanes(files, 2, seconds).map((lane) => laneSeconds(lane, seconds));
      assert.ok(Math.abs(first - second) <= 0.1 * Math.max(first, second), `${engine}: lanes of ${first} s and ${second} s`);
    }
  });
});
