/**
 * What a custom element does with the widget's shared state when it connects and disconnects: publishing the
 * configuration, starting the widget, hiding on failure, the page's stylesheets and the `open-loyalty` listener.
 * The element class (./element.ts) calls these.
 */
import { setCsrfCookieName } from '../lib/csrf/csrf-state';
import { emit } from '../lib/events';
import { hasSessionFlag, takeSessionFlag } from '../lib/session-flags';
import { addressWithoutSecrets } from '../lib/recovery-address';
import type { WidgetConfig } from '../state/config';
import {
  announceHostAtom,
  connectWidgetHostAtom,
  noticeHostAtom,
  disconnectWidgetHostAtom,
  settleStartAtom,
  tooltipPendingAtom,
  type WidgetElementKind,
} from '../state/notices';
import { settingsAtom, startWidgetAtom } from '../state/session';
import { configAtom, type Store } from '../state/store';
import type { Runtime } from './runtime';
import { listenForOpenLoyalty, stopListeningForOpenLoyalty } from './open-loyalty';
import { applyPageStylesheets, removePageStylesheets } from './page-stylesheets';

export type { WidgetElementKind } from '../state/notices';


/**
 * Shares the widget configuration the first chunk read from the panel's attributes (./element.ts) with every element
 * (and the CSRF cookie's name with the transport). The password-recovery uid and token leave the address bar
 * (src/lib/recovery-address.ts).
 */
export function publishConfig({ store, transport }: Runtime, config: WidgetConfig): void {
  store.set(configAtom, config);
  setCsrfCookieName(transport.csrf, config.csrfCookieName);
  const cleaned = addressWithoutSecrets(location.href, [config.tokenUID, config.tokenPassword]);
  if (cleaned !== null) history.replaceState(history.state, '', cleaned);
}

/**
 * Joins a connected element to the widget: it starts the widget (once per page), hides itself when the settings
 * fail, takes the default and project stylesheets, and counts in the page's `open-loyalty` listener (`prefetch`:
 * what a guest reaching for an `open-loyalty` element fetches).
 *
 * @returns what undoes it, to call on disconnect.
 */
export function joinWidget(
  runtime: Runtime,
  element: HTMLElement,
  kind: WidgetElementKind,
  prefetch: () => void = () => undefined,
): () => void {
  const { store } = runtime;
  const root = element.shadowRoot!;
  store.set(connectWidgetHostAtom, { kind, host: element });
  // A tooltip due this session claims its place under the icon from connect, before its code arrives: the
  // notification, which sits there too, would otherwise show first and the tooltip over it. The tooltip itself
  // keeps the claim or gives it up once it knows (desktop, dismissed), and gives it up when it goes.
  const claimsTooltipPlace = kind === 'tooltip' && !hasSessionFlag('dont_show_tooltip');
  if (claimsTooltipPlace) store.set(tooltipPendingAtom, true);
  const reflectFailure = () => {
    if (store.get(settingsAtom).status === 'failed') element.hidden = true;
  };
  reflectFailure();
  const unsubscribeSettings = store.sub(settingsAtom, reflectFailure);
  const unsubscribeConfig = store.sub(configAtom, () => applyPageStylesheets(runtime, root, store.get(configAtom)));
  listenForOpenLoyalty(prefetch);
  // A microtask later every element of the page's markup is upgraded, so the panel has published the
  // configuration (endpoints, project code) even when an icon comes first in the document.
  queueMicrotask(() => {
    if (!element.isConnected) return;
    applyPageStylesheets(runtime, root, store.get(configAtom));
    void store.set(startWidgetAtom).then(() => announceStart(store, element));
  });
  return () => {
    unsubscribeSettings();
    unsubscribeConfig();
    stopListeningForOpenLoyalty();
    removePageStylesheets(root);
    if (claimsTooltipPlace) store.set(tooltipPendingAtom, false);
    store.set(disconnectWidgetHostAtom, element);
  };
}

/**
 * Gives an element outside the widget (`<package-cart>`) the page's default and project stylesheets, following
 * the configuration the panel publishes, without starting the widget.
 *
 * @returns what undoes it, to call on disconnect.
 */
export function followPageStylesheets(runtime: Runtime, element: HTMLElement): () => void {
  const { store } = runtime;
  const root = element.shadowRoot!;
  const unsubscribe = store.sub(configAtom, () => applyPageStylesheets(runtime, root, store.get(configAtom)));
  // A microtask later the page's panel, wherever it stands in the markup, has published the project code.
  queueMicrotask(() => {
    if (element.isConnected) applyPageStylesheets(runtime, root, store.get(configAtom));
  });
  return () => {
    unsubscribe();
    removePageStylesheets(root);
  };
}

/**
 * Fires `loyalty-ready` or `loyalty-fail` once per page, on the panel or else the first loyalty element; then, on
 * the page a mail link signed the member in on the way to, the sign-in's own events as after a sign-in in the panel
 * (docs/events.md): `userLoginSuccess` (with a user name), then `loyalty-login`. bookcore says so once
 * (docs/bookcore-contract.md "Back where the guest started"), so a reload announces nothing again.
 */
function announceStart(store: Store, fallback: HTMLElement): void {
  const outcome = store.set(settleStartAtom);
  if (!outcome) return;
  const target = (store.get(announceHostAtom) as HTMLElement | null) ?? fallback;
  if (outcome.status === 'failed') {
    emit(target, 'loyalty-fail', { reason: outcome.reason });
    return;
  }
  emit(target, 'loyalty-ready', { loggedIn: outcome.loggedIn });
  // The page a sign-out led to confirms it, once (docs/loyalty-widget.md "After sign-in"); its code loads only then.
  const signedOut = takeSessionFlag('loyalty_signed_out');
  if (signedOut && !outcome.loggedIn) {
    const host = (store.get(noticeHostAtom) as HTMLElement | null) ?? target;
    void import('./signed-out-notice').then(({ showSignedOutNotice }) => showSignedOutNotice(host), () => undefined);
  }
  const member = outcome.signedInByLink;
  if (!member) return;
  const userName = member.userName ?? '';
  if (userName) emit(document, 'userLoginSuccess', { userName });
  emit(target, 'loyalty-login', { userName });
}
