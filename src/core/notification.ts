/**
 * The push-style notification under the loyalty icon, painted without React (docs/loyalty-widget.md "Tooltip and
 * notification"): the configured text for members or guests, at most once per browser session, after the icon's
 * `data-notification-delay` (ms, default 0) and, with `data-notification-hide` (ms), away again after that long.
 * It waits while a tooltip is due in its place, closes on a scroll past 100 px, on Escape and when auth opens, and
 * plays a 700 ms entry and exit; clicking its text opens auth, at the icon's `data-notification-section` when it
 * names one. Loaded by the icon (./element.ts) when there is a notification text, with ./floating.ts.
 */
import { esFirstPaint, loadFirstPaintTexts, type FirstPaintTexts } from '../i18n/first-paint';
import { languageFor } from '../i18n/languages';
import { preloadAnalytics, trackLoyaltyEvent } from '../lib/analytics/track';
import { AUTH_SECTIONS, emit, type AuthSection } from '../lib/events';
import { hasSessionFlag, setSessionFlag } from '../lib/session-flags';
import { warnOnce } from '../lib/warn';
import { notificationOwnerAtom, notificationTextAtom, tooltipPendingAtom } from '../state/notices';
import { authOpenAtom, openAuthAtom } from '../state/session';
import type { Store } from '../state/store';
import notices from '../../styles/notices.css';
import { followTarget } from './floating';
import { adoptSheets, builtInSheet } from './stylesheets';


// With this part: its first event may come just before a navigation.
void preloadAnalytics();

/** How long the notification's entry and exit animations last (docs/loyalty-widget.md "Tooltip and notification"). */
export const NOTIFICATION_ANIMATION_MS = 700;

/** How far the page may scroll before the notification and the tooltip go away (docs/loyalty-widget.md "Tooltip and notification"). */
export const SCROLL_CLOSE_PX = 100;

/** How much longer than its exit animation the notification may stay when no animation-end event comes. */
const EXIT_SLACK_MS = 300;

type Phase = 'waiting' | 'visible' | 'leaving' | 'done';

function animationMs(): number {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : NOTIFICATION_ANIMATION_MS;
}

function millisecondsAttribute(host: HTMLElement, name: string): number {
  const text = host.getAttribute(name) ?? '';
  const value = Number(text);
  if (Number.isFinite(value) && value >= 0) return value;
  warnOnce(`ignoring ${name}=${JSON.stringify(text)}: expected a number of milliseconds; using 0.`);
  return 0;
}

/**
 * The section the icon's `data-notification-section` names, so the notification opens what its text invites
 * ("Inicia sesión…" → SIGNIN); undefined (auth opens as today) without it or for a name that is no section.
 */
function invitedSection(host: HTMLElement): AuthSection | undefined {
  const name = host.getAttribute('data-notification-section')?.trim();
  if (!name) return undefined;
  const section = AUTH_SECTIONS.find((candidate) => candidate === name && candidate !== 'LOADER');
  if (!section) warnOnce(`ignoring data-notification-section=${JSON.stringify(name)}: not a section of the panel.`);
  return section;
}

/**
 * Runs the icon's notification: the first icon of the page owns it; it shows once it is due, then goes.
 *
 * @returns a function that takes it away and stops (the icon's disconnect).
 */
export function runNotification(host: HTMLElement, store: Store): () => void {
  const root = host.shadowRoot!;
  // Counted with the React parts' sheets: the dropped-cart dialog, also using this one, leaves it here when it goes.
  const releaseSheets = adoptSheets(root, [builtInSheet(notices, true)]);
  const eligible = !hasSessionFlag('dont_show_notification');
  let phase: Phase = 'waiting';
  let texts: FirstPaintTexts = esFirstPaint;
  let bubble: HTMLDivElement | null = null;
  let stopPlacing: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (store.get(notificationOwnerAtom) === null) store.set(notificationOwnerAtom, host);

  const setPhase = (next: Phase) => {
    if (phase === next) return;
    phase = next;
    clearTimeout(timer);
    timer = undefined;
    update();
  };

  const close = () => setPhase(phase === 'visible' ? 'leaving' : 'done');

  const onScroll = () => {
    if ((phase === 'waiting' || phase === 'visible') && window.scrollY > SCROLL_CLOSE_PX) close();
  };
  // Escape closes it, as it closes the tooltip: a guest can dismiss it without finding its button.
  const onKeyDown = (event: KeyboardEvent) => {
    if (phase === 'visible' && (event.key === 'Escape' || event.key === 'Esc')) close();
  };

  const paint = () => {
    if (!bubble) {
      bubble = document.createElement('div');
      bubble.setAttribute('part', 'notification');
      bubble.setAttribute('role', 'status');
      const text = document.createElement('button');
      text.type = 'button';
      text.setAttribute('part', 'notification-text');
      text.addEventListener('click', () => {
        void trackLoyaltyEvent('click_loyalty_message');
        setPhase('leaving');
        const section = store.set(openAuthAtom, invitedSection(host));
        emit(host, 'loyalty-open', { section });
      });
      const closeButton = document.createElement('button');
      closeButton.type = 'button';
      closeButton.setAttribute('part', 'notification-close');
      const cross = document.createElement('span');
      cross.setAttribute('aria-hidden', 'true');
      cross.textContent = '×';
      closeButton.append(cross);
      closeButton.addEventListener('click', () => {
        void trackLoyaltyEvent('close_loyalty_message');
        setPhase('leaving');
      });
      bubble.append(text, closeButton);
      bubble.addEventListener('animationend', (event) => {
        if (phase === 'leaving' && event.target === event.currentTarget) setPhase('done');
      });
      // After the icon's button, where the React part rendered it.
      const button = root.querySelector('[part="button"]');
      if (button) button.after(bubble);
      else root.append(bubble);
      const placed = bubble;
      stopPlacing = followTarget(host, placed, { placement: 'bottom-end' }, (position) => {
        placed.setAttribute('data-placed', position.placement);
        placed.style.top = `${position.top}px`;
        placed.style.left = `${position.left}px`;
      });
    }
    const [text, closeButton] = bubble.children;
    const words = store.get(notificationTextAtom);
    if (text!.textContent !== words) text!.textContent = words;
    closeButton!.setAttribute('aria-label', texts.notice.close);
    bubble.setAttribute('data-state', phase === 'leaving' ? 'out' : 'in');
  };

  const unpaint = () => {
    stopPlacing?.();
    stopPlacing = null;
    bubble?.remove();
    bubble = null;
  };

  function update(): void {
    const authOpen = store.get(authOpenAtom);
    // Auth opening ends it, whether it is showing or still waiting for its delay.
    if ((phase === 'waiting' || phase === 'visible') && authOpen) {
      close();
      return;
    }
    if (phase === 'waiting') {
      const due = eligible && store.get(notificationOwnerAtom) === host && store.get(notificationTextAtom) !== '';
      if (due && !store.get(tooltipPendingAtom)) {
        timer ??= setTimeout(() => {
          timer = undefined;
          setSessionFlag('dont_show_notification');
          void trackLoyaltyEvent('view_loyalty_message');
          setPhase('visible');
        }, millisecondsAttribute(host, 'data-notification-delay'));
      } else {
        clearTimeout(timer);
        timer = undefined;
      }
      return;
    }
    if (phase === 'visible') {
      paint();
      const hideAfter = millisecondsAttribute(host, 'data-notification-hide');
      if (hideAfter && timer === undefined) timer = setTimeout(() => setPhase('leaving'), hideAfter);
      return;
    }
    if (phase === 'leaving') {
      paint();
      // Gone when its exit animation ends; the timer only covers an animation that never runs (reduced motion, a
      // page stylesheet removing it), with room to spare so it never cuts the animation short.
      const duration = animationMs();
      timer ??= setTimeout(() => setPhase('done'), duration === 0 ? 0 : duration + EXIT_SLACK_MS);
      return;
    }
    unpaint();
  }

  void loadFirstPaintTexts(languageFor(host)).then(
    (resource) => {
      texts = resource;
      if (bubble) paint();
    },
    () => undefined,
  );
  const unsubscribes = [notificationTextAtom, authOpenAtom, notificationOwnerAtom, tooltipPendingAtom].map((atom) =>
    store.sub(atom, () => {
      update();
      if (bubble) paint();
    }),
  );
  window.addEventListener('scroll', onScroll, { passive: true });
  document.addEventListener('keydown', onKeyDown);
  update();
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    window.removeEventListener('scroll', onScroll);
    document.removeEventListener('keydown', onKeyDown);
    clearTimeout(timer);
    unpaint();
    releaseSheets();
    if (store.get(notificationOwnerAtom) === host) store.set(notificationOwnerAtom, null);
  };
}
