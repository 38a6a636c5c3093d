/**
 * What `<loyalty-price>` does in the first chunk (docs/loyalty-price.md "Light"): it holds its place while loading,
 * and joins the widget (./price.ts, the start chunk's) once the start chunk is in (./start-chunk.ts).
 */
import { later } from './later';
import { awaitStart } from './start-chunk';

// One import for every tag, so the tags wired together join in one task and their request is one
// (src/state/member-prices.ts). The start chunk holds ./price.ts: the import only picks it out.
const loadPrice = later(() => import('./price'));

/** The attributes the element reads; a change draws it again (from the page's one answer). */
export const PRICE_ATTRIBUTES = ['data-hotel-code', 'data-availability-id', 'data-currency', 'data-locale'] as const;

/**
 * Joins a connected `<loyalty-price>` to the page once the start chunk is in, holding its place until then.
 *
 * @param host - the element.
 * @param container - the part it draws into.
 * @returns what undoes it, to call on disconnect.
 */
export function connectLoyaltyPrice(host: HTMLElement, container: HTMLElement): () => void {
  container.dataset['state'] = 'loading';
  let connected = true;
  let disconnect: (() => void) | undefined;
  const stopWaiting = awaitStart({
    wire: () =>
      void loadPrice().then(({ connectLoyaltyPrice: join }) => {
        if (connected) disconnect = join(host, container);
      }),
  });
  return () => {
    connected = false;
    stopWaiting();
    disconnect?.();
  };
}
