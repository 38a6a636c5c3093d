/**
 * What `<loyalty-price>` does when it connects (docs/loyalty-price.md): it asks for its member price (one request
 * for the page's tags, src/state/member-prices.ts), waits for the widget's start to know whether a member is
 * signed in, and only then loads the chunk that draws the price. No React, no i18next: the element sits on
 * content pages every visitor loads. Nothing shows, with a console warning, when there is no price to show.
 */
import { languageFor } from '../i18n/languages';
import { warn } from '../lib/warn';
import { memberPriceAtom, type MemberPriceQuote } from '../state/member-prices';
import { isMemberAtom, settingsAtom, startWidgetAtom } from '../state/session';
import { getLoyaltyStore } from '../state/store';
import { listenForOpenLoyalty, stopListeningForOpenLoyalty } from './open-loyalty';
import { followPageStylesheets } from './widget-host';

/** The attributes the element reads; a change draws it again (from the page's one answer). */
export const PRICE_ATTRIBUTES = ['data-hotel-code', 'data-availability-id', 'data-currency', 'data-locale'] as const;

/**
 * Joins a connected `<loyalty-price>` to the page: the request, the start, the page's stylesheets and the
 * `open-loyalty` route its actions take.
 *
 * @param host - the element.
 * @param container - the part it draws into.
 * @returns what undoes it, to call on disconnect.
 */
export function connectLoyaltyPrice(host: HTMLElement, container: HTMLElement): () => void {
  const store = getLoyaltyStore();
  let connected = true;
  let quote: MemberPriceQuote | null = null;
  listenForOpenLoyalty();
  const unfollowStylesheets = followPageStylesheets(host);
  const read = (name: (typeof PRICE_ATTRIBUTES)[number]) => host.getAttribute(name)?.trim() ?? '';
  const label = `<loyalty-price${read('data-hotel-code') ? ` data-hotel-code="${read('data-hotel-code')}"` : ''}>`;
  const giveUp = (reason: string) => {
    if (!connected) return;
    container.replaceChildren();
    container.dataset['state'] = 'empty';
    warn(`${label} shows nothing: ${reason}.`);
  };
  const draw = () => {
    if (!connected || !quote) return;
    const shown = quote;
    void import('./price-view').then(
      ({ renderMemberPrice }) => {
        if (!connected) return;
        const member = store.get(isMemberAtom);
        renderMemberPrice(container, shown, { member, language: languageFor(host), locale: read('data-locale') || host.closest('[lang]')?.getAttribute('lang') || '', currency: read('data-currency').toUpperCase() });
      },
      (error: unknown) => giveUp(`its code could not be loaded (${error instanceof Error ? error.message : String(error)})`),
    );
  };
  container.dataset['state'] = 'loading';
  const asked = store.set(memberPriceAtom, { hotelCode: read('data-hotel-code'), availabilityId: read('data-availability-id') });
  // A microtask later the panel, wherever it stands in the markup, has published the addresses the start uses.
  const started = new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => store.set(startWidgetAtom));
  void Promise.all([asked, started]).then(([answer]) => {
    if ('reason' in answer) return giveUp(answer.reason);
    // A hidden widget (its settings failed) has no panel to join in.
    if (store.get(settingsAtom).status === 'failed') return giveUp('the loyalty widget is hidden (its settings failed)');
    quote = answer;
    draw();
  });
  // A sign-in or sign-out without a reload shows the other side's price.
  const unsubscribe = store.sub(isMemberAtom, draw);
  return () => {
    connected = false;
    unsubscribe();
    unfollowStylesheets();
    stopListeningForOpenLoyalty();
  };
}
