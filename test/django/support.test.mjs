/**
 * The Django support itself (./support.mjs): a server that has gone is stopped at once, however it went, so a suite
 * never waits for an exit that has already happened.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startDjango } from './support.mjs';

/** Resolves with `stop()`'s outcome, or 'still waiting' after `ms`. */
function within(/** @type {Promise<unknown>} */ promise, /** @type {number} */ ms) {
  return Promise.race([promise.then(() => 'stopped'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), ms).unref())]);
}

describe('the reference Django for the tests (startDjango)', () => {
  it('stop() ends at once for a server killed by a signal before it', async () => {
    const django = await startDjango();
    const { pid } = django;
    process.kill(pid, 'SIGKILL');
    // Its exit has been seen by the time stop() is called, as after a crash mid-suite.
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await within(django.stop(), 5000), 'stopped');
  });

  it('stop() ends a running server', async () => {
    const django = await startDjango();
    assert.equal(await within(django.stop(), 10_000), 'stopped');
    assert.throws(() => process.kill(django.pid, 0), /ESRCH/);
  });
});
