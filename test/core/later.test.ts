/**
 * When a part of the widget loads later (docs/architecture.md "React on intent"): a guest's intent prefetches at
 * once; the idle prefetch waits until the page has loaded and gone quiet (no request started or ended for a while),
 * so it never competes with the page's own loading.
 */
import { expect } from '@open-wc/testing';
import { onIntent, QUIET_MS, whenIdle } from '../../src/core/later';
import { waitUntil } from '../support/wait-until';

/** A request of the page's own (this file again, never cached), which the widget cannot tell from any other. */
function pageRequest(n: number): Promise<void> {
  const url = new URL(import.meta.url);
  url.searchParams.set('page-request', `${n}-${Math.random()}`);
  return fetch(url).then(
    async (response) => void (await response.text()),
    () => undefined,
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the idle prefetch', () => {
  it('does not start while the page keeps requesting, and starts once it has been quiet', async function () {
    this.timeout(20_000);
    if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
    let calls = 0;
    whenIdle(() => (calls += 1));
    // The page goes on loading (images, its own scripts) for longer than the quiet the prefetch waits for.
    const until = performance.now() + QUIET_MS * 1.5;
    for (let n = 0; performance.now() < until; n += 1) {
      await pageRequest(n);
      expect(calls, 'no prefetch while the page is still loading').to.equal(0);
      await pause(QUIET_MS / 5);
    }
    expect(calls, 'no prefetch right after the page last requested').to.equal(0);
    await waitUntil(() => calls === 1, 'the prefetch once the page is quiet and idle', { timeout: QUIET_MS + 8_000 });
  });
});

describe('intent', () => {
  it('prefetches at once, while the page is still loading', async () => {
    const target = document.createElement('button');
    document.body.append(target);
    let calls = 0;
    const stop = onIntent(target, () => (calls += 1));
    void pageRequest(-1);
    target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect(calls).to.equal(1);
    target.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(calls).to.equal(2);
    stop();
    target.remove();
  });
});
