/**
 * What the widget relies on from jotai's React binding: a component sees a change made between its render and
 * its subscription. Jotai subscribes in an effect, and children's effects run before their parent's, so a child
 * writing an atom its parent reads lands in exactly that gap. The widget does this: `<loyalty-icon>` counts itself
 * in `iconCountAtom` from an effect, and whatever reads `authDisplayAtom` must then say "modal".
 *
 * jotai 2 re-rendered every component once after subscribing; 3.0.0 did not and missed such changes; 3.0.1 compares
 * the value at subscription with the one rendered. This test fails on 3.0.0.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { Provider, useAtomValue, useSetAtom } from 'jotai/react';
import { createStore } from 'jotai/vanilla';
import { useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { authDisplayAtom, iconCountAtom } from '../../src/state/store';

let root: Root | null = null;

afterEach(() => {
  root?.unmount();
  root = null;
});

/** Counts itself the way LoyaltyIcon does. */
function CountedIcon() {
  const setIconCount = useSetAtom(iconCountAtom);
  useEffect(() => {
    setIconCount((count) => count + 1);
    return () => setIconCount((count) => count - 1);
  }, [setIconCount]);
  return null;
}

function Display({ children }: { children?: ReactNode }) {
  const display = useAtomValue(authDisplayAtom);
  return (
    <p data-display={display} data-testid="display">
      {children}
    </p>
  );
}

async function render(node: ReactNode): Promise<HTMLElement> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  root = createRoot(host);
  root.render(<Provider store={createStore()}>{node}</Provider>);
  await waitUntil(() => host.querySelector('[data-testid="display"]'), 'rendered');
  return host;
}

describe('store subscriptions', () => {
  it("a parent sees the icon count its child's effect wrote before the parent subscribed", async () => {
    const host = await render(
      <Display>
        <CountedIcon />
      </Display>,
    );
    await waitUntil(() => host.querySelector('[data-display="modal"]'), 'the parent shows the modal display', { timeout: 1000 });
  });

  it('a change after mounting reaches every reader, and unmounting uncounts', async () => {
    const store = createStore();
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    root = createRoot(host);
    root.render(
      <Provider store={store}>
        <Display>
          <CountedIcon />
        </Display>
      </Provider>,
    );
    await waitUntil(() => host.querySelector('[data-display="modal"]'), 'modal with the icon');
    root.render(
      <Provider store={store}>
        <Display />
      </Provider>,
    );
    await waitUntil(() => host.querySelector('[data-display="inline"]'), 'inline once the icon is gone');
    expect(store.get(iconCountAtom)).to.equal(0);
  });
});
