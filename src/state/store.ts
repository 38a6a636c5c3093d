/**
 * The one jotai store every element on a page shares, and the atoms the element plumbing needs.
 *
 * The store lives on `globalThis` under a registered symbol so that two copies of the library on one page (the
 * ES module and the classic script, say) still share it instead of showing two different widgets' states.
 */
import { atom, createStore } from 'jotai/vanilla';
import { getStartSettings } from '../api/widget-start';
import { setCsrfRefresher } from '../lib/csrf/csrf-state';
import type { AuthSection } from '../lib/events';
import { DEFAULT_CONFIG, type WidgetConfig } from './config';

type Store = ReturnType<typeof createStore>;

const STORE_KEY = Symbol.for('loyalty-elements.store');

// The store this copy of the library has told its transport about.
let refreshingFor: Store | undefined;

/**
 * The page's shared store, created on first use. Whichever element asks first (a `<package-cart>` alone on a page
 * included), the transport then knows how to ask bookcore for the session's anti-forgery token after Django refused
 * a POST for CSRF: the settings call, at the address the page configured, whose answer carries it.
 */
export function getLoyaltyStore(): Store {
  const holder = globalThis as typeof globalThis & { [STORE_KEY]?: Store };
  const store = (holder[STORE_KEY] ??= createStore());
  if (refreshingFor !== store) {
    refreshingFor = store;
    setCsrfRefresher(() => getStartSettings(store.get(configAtom).endpoints.settings));
  }
  return store;
}

/**
 * Replaces the page's store with a fresh one, so a test can start the widget again (the settings request runs
 * once per store). Elements connected before the reset keep the old store: re-create them afterwards.
 */
export function resetLoyaltyStoreForTests(): void {
  (globalThis as typeof globalThis & { [STORE_KEY]?: Store })[STORE_KEY] = createStore();
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
