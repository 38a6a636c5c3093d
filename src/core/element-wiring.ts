/**
 * The start chunk (./start-chunk.ts): what a connected element does with the page's store once the first chunk has
 * painted (docs/architecture.md "React on intent"): the configuration published, the widget's start and page-wide
 * wiring (./widget-host.ts), the icon's button following the store, the panel's `section`, the notification and the
 * tooltip (./notification.ts, ./tooltip.ts, loaded when they may show), and the React part mounted into the shadow
 * root only when the element must show something React draws: the panel once auth opens or when it stands inline,
 * the dropped-cart dialog, the cart. The React part's code is fetched earlier on a guest's intent or when the page
 * is idle (./later.ts), never mounting anything by itself.
 */
import { trackLoyaltyEvent } from '../lib/analytics/track';
import { emit } from '../lib/events';
import { hasSessionFlag } from '../lib/session-flags';
import { warn } from '../lib/warn';
import type { WidgetConfig } from '../state/config';
import { droppedCartNoticeAtom, noticeHostAtom, notificationTextAtom, tooltipPendingAtom, tooltipTextAtom } from '../state/notices';
import { authOpenAtom, isMemberAtom, openAuthAtom, settingsAtom } from '../state/session';
import { authDisplayAtom, configAtom, iconCountAtom, sectionAtom, type Store } from '../state/store';
import { pageRuntime } from './runtime';
import type { ElementKind, ReactPart } from './element';
import type { IconPaint, IconSource } from './icon';
import { showLoadFailure } from './load-failure';
import { later, onIntent, whenIdle } from './later';
import { followPageStylesheets, joinWidget, publishConfig } from './widget-host';

export { openFromTrigger } from './open-loyalty';


/**
 * Whether an element must show what its React part draws now: the dropped-cart dialog in the element that holds
 * it, the panel once auth opens or when it stands inline, the cart.
 */
function needsReact(kind: ElementKind, host: HTMLElement, store: Store): boolean {
  if (kind === 'cart') return true;
  if (store.get(droppedCartNoticeAtom) && store.get(noticeHostAtom) === host) return true;
  if (store.get(settingsAtom).status === 'failed') return false;
  return kind === 'panel' && (store.get(authOpenAtom) || store.get(authDisplayAtom) === 'inline');
}

/**
 * Whether the icon's notification or the tooltip may show now, so its code (./notification.ts, ./tooltip.ts, with
 * their placement, no React) loads: the icon's when there is a notification text (the notification then decides,
 * once per session), the tooltip's when its text is in and it is still due.
 */
function needsNotice(kind: ElementKind, host: HTMLElement, store: Store): boolean {
  if (store.get(settingsAtom).status !== 'ready') return false;
  if (kind === 'icon') return store.get(notificationTextAtom) !== '' && host.shadowRoot!.querySelector('[part="button"]') !== null;
  return kind === 'tooltip' && tooltipDue(store) && store.get(tooltipTextAtom) !== '';
}

/** Whether the tooltip may still show on this page: not dismissed this session, not on desktop, auth not opened. */
function tooltipDue(store: Store): boolean {
  return !hasSessionFlag('dont_show_tooltip') && !store.get(configAtom).isDesktop && !store.get(authOpenAtom);
}

/** The atoms {@link needsReact} and {@link needsNotice} read. */
const NEEDS = [droppedCartNoticeAtom, noticeHostAtom, settingsAtom, authOpenAtom, authDisplayAtom, configAtom, notificationTextAtom, tooltipTextAtom] as const;

/**
 * The retries of the elements showing the load-failure message: once one element's React part loads, the others
 * (a cart beside the panel, say) load theirs at once, the same chunk.
 */
const waitingForReact = new Set<() => void>();

const loadNotification = later(() => import('./notification').then((module) => module.runNotification));
const loadTooltip = later(() => import('./tooltip').then((module) => module.runTooltip));

/** What the first chunk hands a connected element's wiring. */
export interface ElementSetup {
  kind: ElementKind;
  /** Imports the React part module (shared by every element of the class, tried again after a failure). */
  loadReact: () => Promise<ReactPart>;
  /** The icon's button the first chunk painted, which follows the store from now on. */
  icon?: IconPaint;
  /** Whether the guest pressed the icon before this chunk arrived: the press is applied now. */
  pressed?: boolean;
  /** The panel's configuration, read by the first chunk from its attributes. */
  config?: WidgetConfig;
}

/** A wired element: what the first chunk tells it, and how it is undone. */
export interface Wiring {
  /** The panel's attributes changed: the configuration they now say. */
  configure(config: WidgetConfig): void;
  /** The React part's container, before which the icon's button stands. */
  container(): HTMLElement | null;
  /** Undoes the wiring (the element left the page). */
  stop(): void;
}

/** The React parts whose idle prefetch is scheduled: one per part for the page, not one per element connected. */
const idlePrefetches = new WeakSet<() => Promise<ReactPart>>();

/**
 * Fetches the React part and what the panel's first render needs, mounting nothing. Made outside
 * {@link wireElement}: a closure there would hold the element (and its shadow tree) for as long as the idle
 * prefetch waits, up to 15 s after each connect.
 */
function prefetcher(loadReact: () => Promise<ReactPart>): () => void {
  return () => {
    loadReact().then(
      (part) => part.preloadPanel(),
      () => undefined,
    );
  };
}

/** Wires a connected element to the page's store. */
export function wireElement(host: HTMLElement, { kind, loadReact, icon, pressed, config }: ElementSetup): Wiring {
  // The page's runtime, made by the first element that needs one (./runtime.ts).
  const runtime = pageRuntime();
  const { store } = runtime;
  const prefetch = prefetcher(loadReact);
  const cleanups: (() => void)[] = [];
  /** The React part: not asked for, loading, or mounted (its unmount). */
  let react: 'none' | 'loading' | (() => void) = 'none';
  /** The notification's or the tooltip's code: not asked for, loading, or running (its stop). */
  let notice: 'none' | 'loading' | (() => void) = 'none';
  let container: HTMLElement | null = null;
  /** The load-failure message shown while the React part the guest waits for could not be loaded: its removal. */
  let failure: (() => void) | null = null;
  let wired = true;

  const clearFailure = () => {
    waitingForReact.delete(retryReact);
    failure?.();
    failure = null;
  };
  /** Loads the React part again, unless it is loading or mounted. */
  const retryReact = (): void => {
    if (react === 'none' && host.isConnected) mountReact();
  };
  const showFailure = () => {
    clearFailure();
    failure = showLoadFailure(host, {
      modal: kind === 'panel' && store.get(authDisplayAtom) === 'modal',
      // Loaded again in place (the message stays until it comes or fails again): the chunks that import the
      // React part's chunk use the address it loaded at (src/lib/fresh-import.ts), so one copy of React runs.
      onRetry: retryReact,
      onDismiss: () => store.set(authOpenAtom, false),
    });
    waitingForReact.add(retryReact);
  };
  const mountReact = () => {
    react = 'loading';
    loadReact().then(
      (part) => {
        if (react !== 'loading' || !wired || !host.isConnected) {
          if (react === 'loading') react = 'none';
          return;
        }
        clearFailure();
        const box = document.createElement('div');
        // No box of its own: the React part's nodes lay out as the shadow root's children (CSSOM, allowed by a strict CSP).
        box.style.display = 'contents';
        host.shadowRoot!.append(box);
        container = box;
        react = part.mountPart(runtime, host, box, kind);
        for (const retry of [...waitingForReact]) retry();
      },
      (error: unknown) => {
        // Tried again the next time the element needs it or a guest reaches for it.
        react = 'none';
        warn('a part of the widget could not be loaded:', error instanceof Error ? error.message : String(error));
        // The guest waits for it (the panel they opened, the cart): told so, with a retry, never nothing.
        if ((kind === 'panel' || kind === 'cart') && wired && host.isConnected && needsReact(kind, host, store)) showFailure();
      },
    );
  };
  const runNotice = () => {
    notice = 'loading';
    (kind === 'icon' ? loadNotification() : loadTooltip()).then(
      (run) => {
        if (notice === 'loading' && wired && host.isConnected) notice = run(host, store);
        else if (notice === 'loading') notice = 'none';
      },
      (error: unknown) => {
        // Tried again at the next change of what it shows.
        notice = 'none';
        warn('a part of the widget could not be loaded:', error instanceof Error ? error.message : String(error));
      },
    );
  };

  if (config) publishConfig(runtime, config);
  cleanups.push(kind === 'cart' ? followPageStylesheets(runtime, host) : joinWidget(runtime, host, kind, prefetch));
  if (icon) cleanups.push(followStore(host, icon, store), onIntent(host, prefetch));
  if (kind === 'panel') cleanups.push(reflectSection(host, store, () => react));
  if (kind === 'tooltip') cleanups.push(releaseTooltipPlace(store, () => notice === 'none'));
  // Decided a microtask after a change, never while another element connects: by then every element of the
  // page's markup is upgraded, so whether an icon makes the panel a modal is known.
  let checking = false;
  const check = () => {
    if (checking) return;
    checking = true;
    queueMicrotask(() => {
      checking = false;
      if (!wired || !host.isConnected) return;
      const needed = needsReact(kind, host, store);
      // The guest no longer waits for the part (the panel closed): its failure message goes too.
      if (!needed) clearFailure();
      if (react === 'none' && needed && !failure) mountReact();
      if (notice === 'none' && needsNotice(kind, host, store)) runNotice();
    });
  };
  cleanups.push(...NEEDS.map((atom) => store.sub(atom, check)));
  check();
  if (!idlePrefetches.has(loadReact)) {
    idlePrefetches.add(loadReact);
    whenIdle(prefetcher(loadReact));
  }
  // After the start (queued by joinWidget) has put the page's first section in.
  if (pressed) queueMicrotask(() => pressIcon(host, store));

  return {
    configure: (changed) => publishConfig(runtime, changed),
    container: () => container,
    stop() {
      wired = false;
      for (const cleanup of cleanups.splice(0)) cleanup();
      if (typeof react === 'function') react();
      if (typeof notice === 'function') notice();
      notice = 'none';
      clearFailure();
      container?.remove();
      container = null;
      react = 'none';
    },
  };
}

/** A press on the icon: auth opens (at the section the session says), `loyalty-open`, tracked. */
function pressIcon(host: HTMLElement, store: Store): void {
  const section = store.set(openAuthAtom);
  emit(host, 'loyalty-open', { section });
  void trackLoyaltyEvent('open_loyalty_modal');
}

/** The icon's button follows the store: the configuration, the member, auth open; it counts in `iconCountAtom`. */
function followStore(host: HTMLElement, icon: IconPaint, store: Store): () => void {
  const source: IconSource = {
    read: () => ({ cta: store.get(configAtom).cta, renderIcon: store.get(configAtom).renderIcon, member: store.get(isMemberAtom), open: store.get(authOpenAtom) }),
    press: () => pressIcon(host, store),
    count: (delta) => store.set(iconCountAtom, (count) => count + delta),
  };
  icon.follow(source);
  const unsubscribes = [configAtom, isMemberAtom, authOpenAtom].map((atom) => store.sub(atom, icon.render));
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

/**
 * The panel's `section` attribute and `loyalty-section` event while its React part is not mounted (the panel,
 * mounted, reflects them itself in the commit that shows the section).
 */
function reflectSection(host: HTMLElement, store: Store, react: () => unknown): () => void {
  const reflect = () => {
    if (typeof react() === 'function') return;
    const section = store.get(sectionAtom);
    if (host.getAttribute('section') === section) return;
    host.setAttribute('section', section);
    emit(host, 'loyalty-section', { section });
  };
  const unsubscribe = store.sub(sectionAtom, reflect);
  // After the start (queued first, by ./widget-host.ts) has put the page's first section in.
  queueMicrotask(reflect);
  return unsubscribe;
}

/**
 * The tooltip claims its place under the icon from connect (./widget-host.ts); while its code is not loaded the
 * core gives the claim up once the tooltip cannot show (desktop, dismissed, no text once the settings
 * are known), so the notification is not held back by a tooltip that never comes.
 */
function releaseTooltipPlace(store: Store, unmounted: () => boolean): () => void {
  const release = () => {
    if (!unmounted() || !store.get(tooltipPendingAtom)) return;
    const known = store.get(settingsAtom).status === 'ready' || store.get(settingsAtom).status === 'failed';
    if (!tooltipDue(store) || (known && store.get(tooltipTextAtom) === '')) store.set(tooltipPendingAtom, false);
  };
  const unsubscribes = [settingsAtom, configAtom, authOpenAtom, tooltipTextAtom].map((atom) => store.sub(atom, release));
  queueMicrotask(release);
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
