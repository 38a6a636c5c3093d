/**
 * The member prices of `<hotel-page>`'s rooms and offers, drawn as `<loyalty-price>` draws its own
 * (src/core/price-view.ts; docs/hotel-page.md "Member prices"): to a guest the public price struck, the member price
 * and the saving, with the join and sign-in actions when the page has a `<loyalty-panel>` to open; to a member their
 * price. Whom it speaks to is the loyalty store's, known once the widget's start has answered, and a sign-in or
 * sign-out without a reload redraws every price.
 */
import { listenForOpenLoyalty, stopListeningForOpenLoyalty } from '../../core/open-loyalty';
import type { Language } from '../../i18n/languages';
import { warn } from '../../lib/warn';
import type { MemberPriceQuote } from '../../state/member-prices';
import { isMemberAtom, settingsAtom, startWidgetAtom } from '../../state/session';
import { pageRuntime } from '../../core/runtime';

/** Where the member prices of one `<hotel-page>` are drawn. */
export interface MemberPrices {
  /** Draws `quote` into `container` once the start has answered, and again on every sign-in or sign-out. */
  show(container: HTMLElement, quote: MemberPriceQuote): void;
  /** Stops following the session. */
  stop(): void;
}

type Draw = (container: HTMLElement, quote: MemberPriceQuote) => void;

/**
 * Follows the session for one `<hotel-page>`. Nothing is asked or loaded before its first member price: then the
 * widget's start (once per page, however many loyalty elements) and the drawing code, `<loyalty-price>`'s chunk.
 *
 * @param host - the element; the page it stands in is searched for a `<loyalty-panel>`.
 * @param root - its shadow root, where the prices' styles are adopted.
 * @param language - the element's language.
 */
export function followMemberPrices(host: HTMLElement, root: ShadowRoot, language: Language): MemberPrices {
  const { store } = pageRuntime();
  const quotes = new Map<HTMLElement, MemberPriceQuote>();
  const locale = host.closest('[lang]')?.getAttribute('lang') || language;
  let draw: Draw | null = null;
  let loading: Promise<void> | undefined;
  let listening = false;
  let stopped = false;
  const drawAll = () => {
    if (!draw) return;
    for (const [container, quote] of quotes) {
      // A closed room view's prices are gone for good.
      if (!container.isConnected && container.dataset['state'] !== 'loading') quotes.delete(container);
      else draw(container, quote);
    }
  };
  const load = () => {
    listenForOpenLoyalty();
    listening = true;
    // A microtask later a panel standing after the element in the markup has published the addresses the start uses.
    const started = new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => store.set(startWidgetAtom));
    return Promise.all([started, import('../../core/price-view')]).then(
      ([, view]) => {
        if (stopped) return;
        view.adoptMemberPriceStyles(root);
        draw = (container, quote) => {
          // A widget hidden because its settings failed, or a page without a panel, has nothing for the actions to open.
          const actions = store.get(settingsAtom).status !== 'failed' && host.ownerDocument.querySelector('loyalty-panel') !== null;
          view.renderMemberPrice(container, quote, { member: store.get(isMemberAtom), language, locale, currency: '', origin: 'hotel-page', actions, part: 'member-summary', publicShown: true });
        };
        drawAll();
      },
      (error: unknown) => warn('<hotel-page>: the member prices could not be drawn, their code did not load.', error),
    );
  };
  // A sign-in or sign-out without a reload shows the other side's price.
  const unsubscribe = store.sub(isMemberAtom, drawAll);
  return {
    show(container, quote) {
      container.dataset['state'] = 'loading';
      quotes.set(container, quote);
      if (draw) draw(container, quote);
      else loading ??= load();
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (listening) stopListeningForOpenLoyalty();
      quotes.clear();
    },
  };
}
