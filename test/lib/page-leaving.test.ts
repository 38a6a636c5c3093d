import { expect } from '@open-wc/testing';
import { unlessLeaving } from '../../src/lib/page-leaving';

/** What a promise has done once the loads before it had their turn: settled, rejected, or still pending. */
async function state(promise: Promise<unknown>): Promise<string> {
  const pending = new Promise<string>((resolve) => setTimeout(() => resolve('pending'), 0));
  return Promise.race([promise.then(() => 'settled', (error: unknown) => `rejected: ${String(error)}`), pending]);
}

/** A chunk load that fails the way Firefox fails one cut short by a navigation. */
const cutShort = () => Promise.reject(new TypeError('error loading dynamically imported module: /chunks/x.js'));

describe('unlessLeaving (chunk loads a navigation cuts short)', () => {
  afterEach(() => window.dispatchEvent(new PageTransitionEvent('pageshow')));

  it('passes a failed load on while the page stays', async () => {
    expect(await state(unlessLeaving(cutShort)())).to.equal('rejected: TypeError: error loading dynamically imported module: /chunks/x.js');
    expect(await state(unlessLeaving(() => Promise.resolve(1))())).to.equal('settled');
  });

  it('leaves a load that fails as the page leaves pending, not an uncaught error (beforeunload, pagehide)', async () => {
    window.dispatchEvent(new Event('beforeunload'));
    expect(await state(unlessLeaving(cutShort)())).to.equal('pending');
    window.dispatchEvent(new PageTransitionEvent('pageshow'));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(await state(unlessLeaving(cutShort)())).to.equal('pending');
  });

  it('passes failures on again once the page is shown again (back-forward cache)', async () => {
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    window.dispatchEvent(new PageTransitionEvent('pageshow'));
    expect(await state(unlessLeaving(cutShort)())).to.match(/^rejected/);
  });
});
