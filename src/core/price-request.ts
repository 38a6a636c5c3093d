/**
 * What `<loyalty-price>` does once its code has loaded (docs/loyalty-price.md): it asks for its member price (one
 * request for the page's tags, src/state/member-prices.ts), waits for the widget's start to know whether a member is
 * signed in, and only then, once the tag is in the viewport or the page is idle, loads the chunk that draws the price. No React, no
 * i18next: the element sits on content pages every visitor loads. Nothing shows, with a console warning, when there
 * is no price to show. A chunk of its own, loaded by ./price.ts.
 */
import { languageFor } from '../i18n/languages';
import { warn } from '../lib/warn';
import { memberPriceAtom, type MemberPriceQuote } from '../state/member-prices';
import { authOpenAtom, isMemberAtom, settingsAtom, startWidgetAtom } from '../state/session';
import { pageRuntime } from './runtime';
import { whenIdle } from './later';
import { listenForOpenLoyalty, stopListeningForOpenLoyalty } from './open-loyalty';
import type { PRICE_ATTRIBUTES } from './price-place';
import { followPageStylesheets } from './widget-host';

// A tag's price is drawn at once when the tag is in the viewport, shown.
const NEAR_VIEWPORT = '0px';

/**
 * Resolves once `element` is in the viewport, or once the page is idle (./later.ts) while the guest is not in the
 * panel, whichever comes first: a price in view is drawn as soon as it can be, one further down once the page has
 * nothing else to do, so a guest scrolling finds it drawn while the guest reaching for the panel is not kept
 * waiting by it. `stop` ends the watch.
 */
function whenShown(element: HTMLElement): { near: Promise<void>; stop: () => void } {
  let observer: IntersectionObserver | undefined;
  let stopWaiting: (() => void) | undefined;
  const near = new Promise<void>((resolve) => {
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), { rootMargin: NEAR_VIEWPORT });
    observer.observe(element);
    // Idle, and the guest is not in the panel (the page behind it is not what they look at): then.
    whenIdle(() => {
      const { store } = pageRuntime();
      const unlessInPanel = () => {
        if (store.get(authOpenAtom)) return;
        stopWaiting?.();
        done();
      };
      stopWaiting = store.sub(authOpenAtom, unlessInPanel);
      unlessInPanel();
    });
  });
  return {
    near,
    stop: () => {
      observer?.disconnect();
      stopWaiting?.();
    },
  };
}

/**
 * Joins a connected `<loyalty-price>` to the page: the request, the start, the page's stylesheets and the
 * `open-loyalty` route its actions take; the price is drawn (./price-view.ts, its formatting and texts) once the tag
 * is in the viewport or the page is idle.
 *
 * @param host - the element.
 * @param container - the part it draws into.
 * @returns what undoes it, to call on disconnect.
 */
export function connectPriceRequest(host: HTMLElement, container: HTMLElement): () => void {
  const runtime = pageRuntime();
  const { store } = runtime;
  const visible = whenShown(host);
  let connected = true;
  let quote: MemberPriceQuote | null = null;
  listenForOpenLoyalty();
  const unfollowStylesheets = followPageStylesheets(runtime, host);
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
    void visible.near.then(() => import('./price-view')).then(
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
    visible.stop();
    unsubscribe();
    unfollowStylesheets();
    stopListeningForOpenLoyalty();
  };
}
