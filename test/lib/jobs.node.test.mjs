/**
 * The gate's scheduler (scripts/jobs.mjs, docs/development.md "The gate's lanes"): jobs run a few at a time, in
 * order, and a job that waits for the build takes no place until the build has ended.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runCommand, runJobsAtOnce } from '../../scripts/jobs.mjs';

/** A promise and the function that resolves it. */
function later() {
  /** @type {() => void} */
  let resolve = () => undefined;
  const promise = new Promise((done) => (resolve = () => done(undefined)));
  return { promise, resolve };
}

describe('the gate scheduler', () => {
  it('runs the jobs in order, so many at a time', async () => {
    const events = [];
    let running = 0;
    let most = 0;
    const job = (name) => ({
      name,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        events.push(name);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      },
    });
    await runJobsAtOnce(['a', 'b', 'c', 'd', 'e'].map(job), 2);
    assert.deepEqual(events, ['a', 'b', 'c', 'd', 'e']);
    assert.equal(most, 2);
  });

  it('gives the place of a job waiting for the build to the jobs after it, and runs it once the build has ended', async () => {
    const build = later();
    const started = [];
    const finish = new Map();
    const job = (name, ready) => ({
      name,
      ...(ready ? { ready } : {}),
      run: async () => {
        started.push(name);
        const end = later();
        finish.set(name, end.resolve);
        await end.promise;
      },
    });
    const all = runJobsAtOnce([job('browser 1'), job('end-to-end', build.promise), job('browser 2'), job('browser 3')], 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The build still runs: both places work, neither waits for it.
    assert.deepEqual(started, ['browser 1', 'browser 2']);
    build.resolve();
    finish.get('browser 1')();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first place free after the build goes to the job that waited for it, ahead of those after it.
    assert.deepEqual(started, ['browser 1', 'browser 2', 'end-to-end']);
    finish.get('browser 2')();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(started, ['browser 1', 'browser 2', 'end-to-end', 'browser 3']);
    finish.get('end-to-end')();
    finish.get('browser 3')();
    await all;
  });

  it('waits when every job left waits for the build', async () => {
    const build = later();
    const started = [];
    const all = runJobsAtOnce([{ name: 'visual', ready: build.promise, run: async () => void started.push('visual') }], 3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(started, []);
    build.resolve();
    await all;
    assert.deepEqual(started, ['visual']);
  });
});

describe("a suite's command (runCommand)", () => {
  /** Whether a process is running: gone, or a zombie no one has reaped yet (its state in /proc is Z), is not. */
  const alive = (/** @type {number} */ pid) => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };

  it('gives the exit code and the output of a command that ends', async () => {
    let seen = '';
    const result = await runCommand('sh', ['-c', 'echo out; echo err >&2; exit 3'], { timeoutMs: 10_000, onOutput: (text) => (seen += text) });
    assert.equal(result.code, 3);
    assert.equal(result.timedOut, false);
    assert.match(result.output, /out\n/);
    assert.match(result.output, /err\n/);
    assert.equal(seen, result.output);
  });

  it('stops a command still running at its deadline, with every process it started, and fails it', async () => {
    // A shell that starts a child of its own (as a test file starts a browser and a server) and hangs.
    const started = Date.now();
    const result = await runCommand('sh', ['-c', 'sleep 60 & echo child $!; wait'], { timeoutMs: 500 });
    assert.equal(result.timedOut, true);
    assert.equal(result.code, 1);
    assert.ok(Date.now() - started < 10_000, `stopped after ${Date.now() - started} ms`);
    const child = Number(result.output.match(/child (\d+)/)?.[1]);
    assert.ok(child > 0, result.output);
    // The grandchild is stopped with the command's group (SIGTERM at once).
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(alive(child), false, `the command's child ${child} is still running`);
  });
});
