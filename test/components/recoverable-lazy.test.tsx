/**
 * The back-off of a lazily loaded part that keeps failing (src/components/recoverable-lazy.tsx; docs/reliability.md,
 * "Optional parts"): its first load is tried LOAD_ATTEMPTS times, the guest's actions anywhere on the page start at
 * most AUTO_RETRY_ROUNDS more rounds, spaced by AUTO_RETRY_DELAY_MS; then only the retry button asks again. The
 * loader is the test's own, counting its calls, so this runs alike in every engine. So is the back-off's clock:
 * the test moves it, so the policy's seconds (12 of them) pass at once and alike on a quiet or a busy machine.
 */
import { expect } from '@open-wc/testing';
import { Suspense, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AUTO_RETRY_DELAY_MS, AUTO_RETRY_ROUNDS, LOAD_ATTEMPTS, LOAD_RETRY_DELAY_MS, recoverableLazy, type RetryClock } from '../../src/components/recoverable-lazy';
import { waitUntil } from '../support/wait-until';

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The back-offs of one round of {@link LOAD_ATTEMPTS}: 300 + 600 ms. */
const ROUND_MS = Array.from({ length: LOAD_ATTEMPTS - 1 }, (_, attempt) => LOAD_RETRY_DELAY_MS * 2 ** attempt).reduce((sum, ms) => sum + ms, 0);

/** The back-off's clock, moved by the test. */
class TestClock implements RetryClock {
  #now = 0;
  readonly #waits: Array<{ at: number; resolve: () => void }> = [];

  now = (): number => this.#now;

  wait = (ms: number): Promise<void> => new Promise((resolve) => this.#waits.push({ at: this.#now + ms, resolve }));

  /**
   * Moves the time on by `ms`: each wait due on the way ends at its time, in order, and what it starts (the next
   * attempt, its failure, the wait after it) runs before the time moves further.
   */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      await pause(0);
      const due = this.#waits.filter((wait) => wait.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#waits.splice(this.#waits.indexOf(due), 1);
      this.#now = due.at;
      due.resolve();
    }
    this.#now = end;
  }
}

describe('a lazily loaded part that keeps failing', function () {
  this.timeout(30_000);
  let root: Root | undefined;
  let host: HTMLElement | undefined;
  const realWarn = console.warn;

  beforeEach(() => {
    // Each failed round warns: expected here.
    console.warn = () => undefined;
  });

  afterEach(() => {
    console.warn = realWarn;
    root?.unmount();
    host?.remove();
  });

  function mount(load: () => Promise<ComponentType<object>>, clock: RetryClock): HTMLElement {
    const Part = recoverableLazy(load, clock);
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(
      <Suspense fallback={null}>
        <Part />
      </Suspense>,
    );
    return host;
  }

  it('pins the policy: 3 tries a round, 2 rounds on the guest\'s actions, the second 2 s after the first failed', () => {
    expect([LOAD_ATTEMPTS, AUTO_RETRY_ROUNDS, AUTO_RETRY_DELAY_MS]).to.deep.equal([3, 2, 2_000]);
  });

  it("the guest's typing asks again a few times with back-off, then only the retry button does", async () => {
    let calls = 0;
    const clock = new TestClock();
    const element = mount(() => {
      calls += 1;
      return Promise.reject(new Error('gone for good'));
    }, clock);
    await waitUntil(() => calls === 1, 'the first load', { timeout: 5_000 });
    await clock.advance(ROUND_MS);
    await waitUntil(() => element.querySelector('[part="load-failure"]') && !element.querySelector('[aria-busy]'), 'the failure shown', { timeout: 5_000 });
    expect(calls, 'the first round').to.equal(LOAD_ATTEMPTS);

    // Eight seconds of typing, a key every 100 ms.
    for (let typed = 0; typed < 8_000; typed += 100) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
      await clock.advance(100);
    }
    await waitUntil(() => !element.querySelector('[aria-busy]'), 'the last round settled', { timeout: 5_000 });
    expect(calls, 'the first round and the two the typing started').to.equal(LOAD_ATTEMPTS * (1 + AUTO_RETRY_ROUNDS));

    element.querySelector<HTMLButtonElement>('[part="load-failure-retry"]')!.click();
    await clock.advance(ROUND_MS);
    await waitUntil(() => calls === LOAD_ATTEMPTS * (2 + AUTO_RETRY_ROUNDS), 'the retry button\'s round', { timeout: 5_000 });
    await waitUntil(() => !element.querySelector('[aria-busy]'), 'its round settled', { timeout: 5_000 });
    await clock.advance(2_500);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    await clock.advance(1_500);
    expect(calls, 'no more rounds on keys after the button').to.equal(LOAD_ATTEMPTS * (2 + AUTO_RETRY_ROUNDS));
  });

  it("a part that comes back loads on the guest's next key", async () => {
    let calls = 0;
    let available = false;
    const clock = new TestClock();
    const element = mount(() => {
      calls += 1;
      return available ? Promise.resolve(() => <p part="loaded">loaded</p>) : Promise.reject(new Error('offline'));
    }, clock);
    await waitUntil(() => calls === 1, 'the first load', { timeout: 5_000 });
    await clock.advance(ROUND_MS);
    await waitUntil(() => element.querySelector('[part="load-failure"]') && !element.querySelector('[aria-busy]'), 'the failure shown', { timeout: 5_000 });
    available = true;
    // The message listens from its effect, which React runs just after the message is painted.
    await pause(200);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    await waitUntil(() => element.querySelector('[part="loaded"]'), 'the part after the key', { timeout: 5_000 });
    expect(calls).to.equal(LOAD_ATTEMPTS + 1);
  });
});
