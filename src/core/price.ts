/**
 * What `<loyalty-price>` does in the start chunk (docs/loyalty-price.md "Light"; its place is held by the first
 * chunk, ./price-place.ts): it starts the widget; its request, its decoding and the page-wide route its actions take load once the widget's start has
 * answered (./price-request.ts, a chunk of its own), and the drawn price when the tag is in the viewport or the page idle
 * (./price-view.ts). A page without the tag loads none of it.
 */
import { warn } from '../lib/warn';
import { startWidgetAtom } from '../state/session';
import { pageRuntime } from './runtime';

type PriceRequestModule = typeof import('./price-request');

// One promise for every tag of the page: the tags connected together join the module in one task, so their
// request is one (src/state/member-prices.ts batches the tags that ask in the same task).
let requestModule: Promise<PriceRequestModule> | null = null;

function loadPriceRequest(): Promise<PriceRequestModule> {
  const { store } = pageRuntime();
  // A microtask later the panel, wherever it stands in the markup, has published the addresses the start uses. The
  // icon paints first; the price, which waits for the start to know whom it speaks to, loads its code then.
  requestModule ??= new Promise<void>((resolve) => queueMicrotask(resolve))
    .then(() => store.set(startWidgetAtom))
    .then(() => import('./price-request'));
  // A failed load is asked for again by the next tag that connects.
  requestModule.catch(() => {
    requestModule = null;
  });
  return requestModule;
}

/**
 * Joins a connected `<loyalty-price>` to the page: it keeps its place while loading, and its logic
 * (./price-request.ts) joins once the widget's start has answered.
 *
 * @param host - the element.
 * @param container - the part it draws into.
 * @returns what undoes it, to call on disconnect.
 */
export function connectLoyaltyPrice(host: HTMLElement, container: HTMLElement): () => void {
  let connected = true;
  let disconnect: (() => void) | undefined;
  container.dataset['state'] = 'loading';
  loadPriceRequest().then(
    ({ connectPriceRequest }) => {
      if (connected) disconnect = connectPriceRequest(host, container);
    },
    (error: unknown) => {
      if (!connected) return;
      container.replaceChildren();
      container.dataset['state'] = 'empty';
      const code = host.getAttribute('data-hotel-code')?.trim();
      warn(`<loyalty-price${code ? ` data-hotel-code="${code}"` : ''}> shows nothing: its code could not be loaded (${error instanceof Error ? error.message : String(error)}).`);
    },
  );
  return () => {
    connected = false;
    disconnect?.();
  };
}
