/**
 * A page's jotai store, made with its transport by {@link createLoyaltyStore} (the page's runtime does it,
 * src/core/runtime.ts), and the atoms the element plumbing needs.
 */
import { atom, createStore } from 'jotai/vanilla';
import { createTransport, type Transport, type TransportSettings } from '../api/transport';
import { getStartSettings } from '../api/widget-start';
import type { AuthSection } from '../lib/events';
import { DEFAULT_CONFIG, type WidgetConfig } from './config';

/** A page's store. */
export type Store = ReturnType<typeof createStore>;

/**
 * What every request of this store's actions carries: the page's transport (its CSRF state included). A store made
 * without {@link createLoyaltyStore} has none: each of its requests then makes its own.
 */
export const requestOptionsAtom = atom<{ readonly transport?: Transport }>({});

/**
 * Makes a page's store and the transport its actions' requests go through. The transport asks bookcore for the
 * session's anti-forgery token, after Django refused a POST for CSRF, with the settings call at the address the
 * page configured (its answer carries it).
 *
 * @param settings - the transport's default timings (tests shorten them).
 */
export function createLoyaltyStore(settings?: TransportSettings): { store: Store; transport: Transport } {
  const store = createStore();
  const transport = createTransport(settings);
  const options = { transport };
  store.set(requestOptionsAtom, options);
  transport.csrf.refresh = () => getStartSettings(store.get(configAtom).endpoints.settings, options);
  return { store, transport };
}

/** The configuration `<loyalty-panel>` was given; the other elements read it from here. */
export const configAtom = atom<WidgetConfig>(DEFAULT_CONFIG);

/** The auth panel's current section: one value, never a set of booleans. */
export const sectionAtom = atom<AuthSection>(DEFAULT_CONFIG.activeSection);

/** How many `<loyalty-icon>` elements are connected: with one, auth shows as a modal (docs/loyalty-widget.md "Modal or inline"). */
export const iconCountAtom = atom(0);

/**
 * How many `<package-cart>` elements follow the loyalty session (src/state/cart.ts), so the one subscription they
 * share ends with the last of them. Navigation does not read it: a page holding a cart is loaded again after a
 * sign-in or sign-out like any other (src/lib/navigation.ts), its own Django forms rendered for the new session.
 */
export const sessionCartsAtom = atom(0);

/** Whether auth shows as a modal opened by the icon, or inline where `<loyalty-panel>` stands. */
export const authDisplayAtom = atom<'modal' | 'inline'>((get) => (get(iconCountAtom) > 0 ? 'modal' : 'inline'));
