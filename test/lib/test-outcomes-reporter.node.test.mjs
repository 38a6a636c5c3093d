/**
 * The node suites' outcomes reporter (scripts/test-outcomes-reporter.mjs, docs/development.md "The gate's lanes"):
 * one line per test with its outcome and its duration, so the slow end-to-end, Django and visual tests can be found
 * as the browser tests' can.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

test('writes each test of a run with its outcome and its duration in milliseconds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-outcomes-'));
  try {
    const file = join(dir, 'sample.test.mjs');
    writeFileSync(
      file,
      "import { describe, it } from 'node:test';\n" +
        "describe('a suite', () => {\n" +
        "  it('waits a moment', async () => { await new Promise((resolve) => setTimeout(resolve, 60)); });\n" +
        "  it('is quick', () => undefined);\n" +
        '});\n',
    );
    const out = join(dir, 'outcomes.jsonl');
    // A run of its own, not a subtest of this one (node's runner marks its children with NODE_TEST_CONTEXT).
    const env = { ...process.env };
    delete env['NODE_TEST_CONTEXT'];
    execFileSync(process.execPath, ['--test', `--test-reporter=${resolve('scripts/test-outcomes-reporter.mjs')}`, `--test-reporter-destination=${out}`, file], { stdio: 'pipe', env });
    const lines = readFileSync(out, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
    assert.deepEqual(lines.map((line) => [line.path, line.outcome]), [['a suite › waits a moment', 'passed'], ['a suite › is quick', 'passed']]);
    assert.ok(lines[0].duration >= 60, `the waiting test's duration: ${lines[0].duration}`);
    assert.ok(lines[1].duration >= 0 && lines[1].duration < lines[0].duration, `the quick test's duration: ${lines[1].duration}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
