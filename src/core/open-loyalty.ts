/**
 * Page elements with the class `open-loyalty` open the widget on click (docs/loyalty-widget.md "Modal or inline"), at the section in their
 * `data-external-auth-section` (default PRE_SIGNUP). One delegated listener on `document` serves the page, shared
 * by every loyalty element and every copy of the library, and goes away when the last loyalty element does. A
 * trigger may sit in an element's open shadow root, and may carry `data-join-price` (SIGNUP's heading) and
 * `data-loyalty-origin` (where the guest's interest came from, tracked as `interested_in_loyalty`).
 */
import { trackLoyaltyEvent } from '../lib/analytics/track';
import { AUTH_SECTIONS, emit, type AuthSection } from '../lib/events';
import { warn } from '../lib/warn';
import { onIntent } from './later';
import { OPEN_LOYALTY_CLASS, followTrigger, isFollowed, openLoyaltyTrigger } from './start-chunk';
import { announceHostAtom } from '../state/notices';
import { joinOfferAtom, openAuthAtom, settingsAtom } from '../state/session';
import { pageRuntime } from './runtime';

export { OPEN_LOYALTY_CLASS };

const LISTENER_KEY = Symbol.for('loyalty-elements.open-loyalty');

type Registration = { users: number; listener: (event: MouseEvent) => void; stopIntent?: () => void };
type Holder = Document & { [LISTENER_KEY]?: Registration };

function sectionOf(trigger: Element): AuthSection {
  const value = trigger.getAttribute('data-external-auth-section');
  if (value === null || value.trim() === '') return 'PRE_SIGNUP';
  const section = value.trim().toUpperCase();
  if ((AUTH_SECTIONS as readonly string[]).includes(section)) return section as AuthSection;
  warn(`data-external-auth-section="${value}" is not an auth section; opening PRE_SIGNUP.`);
  return 'PRE_SIGNUP';
}

function onPageClick(event: MouseEvent): void {
  const trigger = openLoyaltyTrigger(event);
  if (!trigger || isFollowed(trigger)) return;
  // A widget whose settings failed is hidden: there is nothing to open.
  if (pageRuntime().store.get(settingsAtom).status === 'failed') return;
  event.preventDefault();
  openFromTrigger(trigger);
}

/**
 * Opens the widget as a click on `trigger` asks: the section it names, the join price it carries, the origin it
 * tracks. Also the clicks the first chunk held before the start chunk arrived (./start-chunk.ts).
 */
export function openFromTrigger(trigger: Element): void {
  const { store } = pageRuntime();
  if (store.get(settingsAtom).status === 'failed') {
    followTrigger(trigger);
    return;
  }
  // Opened before the settings are in (the click's default prevented): should they fail, the widget hides, and a
  // link goes where it goes after all.
  if (store.get(settingsAtom).status !== 'ready') {
    const stop = store.sub(settingsAtom, () => {
      const { status } = store.get(settingsAtom);
      if (status === 'ready' || status === 'failed') stop();
      if (status === 'failed') followTrigger(trigger);
    });
  }
  // A member price's join action heads SIGNUP with that price (docs/loyalty-price.md "Joining from a price").
  store.set(joinOfferAtom, trigger.getAttribute('data-join-price') || null);
  const section = store.set(openAuthAtom, sectionOf(trigger));
  const host = store.get(announceHostAtom) as HTMLElement | null;
  emit(host ?? trigger, 'loyalty-open', { section });
  void trackLoyaltyEvent('open_loyalty_modal');
  const origin = trigger.getAttribute('data-loyalty-origin');
  if (origin) void trackLoyaltyEvent('interested_in_loyalty', { origin });
}

/** Counts a connected loyalty element in, adding the page's listener with the first one. */
export function listenForOpenLoyalty(prefetch: () => void = () => undefined): void {
  const page = document as Holder;
  const registration = (page[LISTENER_KEY] ??= { users: 0, listener: onPageClick });
  if (registration.users === 0) {
    document.addEventListener('click', registration.listener);
    // A guest reaching for an `open-loyalty` element fetches the panel's code before the click.
    registration.stopIntent = onIntent(document, prefetch, (event) => openLoyaltyTrigger(event) !== null);
  }
  registration.users += 1;
}

/** Counts a disconnected loyalty element out, removing the page's listener with the last one. */
export function stopListeningForOpenLoyalty(): void {
  const registration = (document as Holder)[LISTENER_KEY];
  if (!registration || registration.users === 0) return;
  registration.users -= 1;
  if (registration.users === 0) {
    document.removeEventListener('click', registration.listener);
    registration.stopIntent?.();
  }
}

/** Whether the page's listener is installed, and for how many loyalty elements (for tests and diagnostics). */
export function openLoyaltyListenerUsers(): number {
  return (document as Holder)[LISTENER_KEY]?.users ?? 0;
}
