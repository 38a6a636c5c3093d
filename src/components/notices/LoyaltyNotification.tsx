import { useAtomValue, useSetAtom } from 'jotai/react';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadAnalytics, trackLoyaltyEvent } from '../../lib/analytics/track';
import { AUTH_SECTIONS, emit, type AuthSection } from '../../lib/events';
import { hasSessionFlag, setSessionFlag } from '../../lib/session-flags';
import { warnOnce } from '../../lib/warn';
import { notificationOwnerAtom, notificationTextAtom, tooltipPendingAtom } from '../../state/notices';
import { authOpenAtom, openAuthAtom } from '../../state/session';
import { useHost } from '../ElementRoot';
import { useShadowStyles } from '../host/shadow-styles';
import { useFloatingPosition } from '../../ui/useFloatingPosition';
import notices from '../../../styles/notices.css';

// With this part, as when it imported the analytics chunk: its first event may come just before a navigation.
void preloadAnalytics();

/** How long the notification's entry and exit animations last (docs/loyalty-widget.md "Tooltip and notification"). */
export const NOTIFICATION_ANIMATION_MS = 700;

/** How far the page may scroll before the notification and the tooltip go away (docs/loyalty-widget.md "Tooltip and notification"). */
export const SCROLL_CLOSE_PX = 100;

type Phase = 'waiting' | 'visible' | 'leaving' | 'done';

/** How much longer than its exit animation the notification may stay when no animation-end event comes. */
const EXIT_SLACK_MS = 300;

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
 * The push-style notification under the loyalty icon (docs/loyalty-widget.md "Tooltip and notification"): the configured
 * text for members or guests, at most once per browser session, after the icon's `data-notification-delay`
 * (ms, default 0) and, with `data-notification-hide` (ms), away again after that long. It closes on a scroll
 * past 100 px and when auth opens; clicking its text opens auth, at the icon's `data-notification-section` when
 * it names one.
 */
export function LoyaltyNotification() {
  const { t } = useTranslation();
  const host = useHost();
  useShadowStyles(notices);
  const text = useAtomValue(notificationTextAtom);
  const authOpen = useAtomValue(authOpenAtom);
  const owner = useAtomValue(notificationOwnerAtom);
  const setOwner = useSetAtom(notificationOwnerAtom);
  const openAuth = useSetAtom(openAuthAtom);
  const [eligible] = useState(() => !hasSessionFlag('dont_show_notification'));
  const [phase, setPhase] = useState<Phase>('waiting');
  const tooltipPending = useAtomValue(tooltipPendingAtom);
  const bubbleRef = useRef<HTMLDivElement>(null);
  const findIcon = useCallback(() => host, [host]);
  const shown = phase === 'visible' || phase === 'leaving';
  // Under the icon, its right edges lined up, flipped and shifted to stay inside the viewport (a phone, an icon
  // at the left of a desktop header).
  const position = useFloatingPosition(shown, findIcon, bubbleRef, { placement: 'bottom-end' });

  useEffect(() => {
    setOwner((current) => current ?? host);
    return () => setOwner((current) => (current === host ? null : current));
  }, [host, setOwner]);

  const due = eligible && owner === host && text !== '';

  useEffect(() => {
    if (!due || phase !== 'waiting' || authOpen || tooltipPending) return;
    const timer = setTimeout(() => {
      setSessionFlag('dont_show_notification');
      void trackLoyaltyEvent('view_loyalty_message');
      setPhase('visible');
    }, millisecondsAttribute(host, 'data-notification-delay'));
    return () => clearTimeout(timer);
  }, [due, phase, authOpen, tooltipPending, host]);

  // Gone when its exit animation ends (onAnimationEnd below); the timer only covers an animation that never runs
  // (reduced motion, a page stylesheet removing it), with room to spare so it never cuts the animation short.
  useEffect(() => {
    if (phase !== 'leaving') return;
    const duration = animationMs();
    const timer = setTimeout(() => setPhase('done'), duration === 0 ? 0 : duration + EXIT_SLACK_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (phase !== 'visible') return;
    const hideAfter = millisecondsAttribute(host, 'data-notification-hide');
    if (!hideAfter) return;
    const timer = setTimeout(() => setPhase('leaving'), hideAfter);
    return () => clearTimeout(timer);
  }, [phase, host]);

  // Auth opening or a scroll past the threshold ends it, whether it is showing or still waiting for its delay.
  useEffect(() => {
    if (phase !== 'waiting' && phase !== 'visible') return;
    const close = () => setPhase((current) => (current === 'visible' ? 'leaving' : 'done'));
    if (authOpen) {
      close();
      return;
    }
    const onScroll = () => {
      if (window.scrollY > SCROLL_CLOSE_PX) close();
    };
    // Escape closes it, as it closes the tooltip: a guest can dismiss it without finding its button.
    const onKeyDown = (event: KeyboardEvent) => {
      if (phase === 'visible' && (event.key === 'Escape' || event.key === 'Esc')) close();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [phase, authOpen]);

  if (phase !== 'visible' && phase !== 'leaving') return null;

  function onOpen() {
    void trackLoyaltyEvent('click_loyalty_message');
    setPhase('leaving');
    const section = openAuth(invitedSection(host));
    emit(host, 'loyalty-open', { section });
  }

  function onClose() {
    void trackLoyaltyEvent('close_loyalty_message');
    setPhase('leaving');
  }

  return (
    <div
      ref={bubbleRef}
      part="notification"
      role="status"
      data-placed={position ? position.placement : undefined}
      style={position ? ({ top: `${position.top}px`, left: `${position.left}px` } as CSSProperties) : undefined}
      data-state={phase === 'leaving' ? 'out' : 'in'}
      onAnimationEnd={(event) => {
        if (phase === 'leaving' && event.target === event.currentTarget) setPhase('done');
      }}
    >
      <button type="button" part="notification-text" onClick={onOpen}>
        {text}
      </button>
      <button type="button" part="notification-close" aria-label={t('notice.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
