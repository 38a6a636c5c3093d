import { useAtomValue, useSetAtom } from 'jotai/react';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { hasSessionFlag, setSessionFlag } from '../lib/session-flags';
import { warn } from '../lib/warn';
import { tooltipPendingAtom, tooltipTextAtom } from '../state/notices';
import { authOpenAtom } from '../state/session';
import { configAtom } from '../state/store';
import { useFloatingPosition } from '../ui/useFloatingPosition';
import { useHost } from './ElementRoot';
import { useShadowStyles } from './host/shadow-styles';
import forms from '../../styles/forms.css';
import css from '../../styles/loyalty-tooltip.css';
import notices from '../../styles/notices.css';
import { SCROLL_CLOSE_PX } from './notices/LoyaltyNotification';

/** The tooltip's default target (docs/configuration.md "More attributes"). */
export const DEFAULT_TOOLTIP_TARGET = '.loyalty-icon';

// Space between the target's bottom edge and the tooltip, and from the viewport's sides.
const GAP_PX = 8;

/**
 * Finds the tooltip's target: in the page first, then inside the loyalty icons' shadow roots, where the icon's
 * own `.loyalty-icon` button lives.
 */
function findTarget(selector: string): Element | null {
  try {
    const inPage = document.querySelector(selector);
    if (inPage) return inPage;
    for (const icon of document.querySelectorAll('loyalty-icon')) {
      const inside = icon.shadowRoot?.querySelector(selector);
      if (inside) return inside;
    }
  } catch (error) {
    warn(`data-target="${selector}" is not a valid selector; the tooltip stays where it is.`, error);
  }
  return null;
}

/**
 * The tooltip under its target (docs/loyalty-widget.md "Tooltip and notification"): the configured text for members or guests, only when the widget is
 * not on desktop, at most once per browser session, gone for good on a scroll past 100 px, when auth opens, on
 * its close button or on Escape.
 */
export function LoyaltyTooltip() {
  const { t } = useTranslation();
  const host = useHost();
  useShadowStyles(forms, css, notices);
  const text = useAtomValue(tooltipTextAtom);
  const { isDesktop } = useAtomValue(configAtom);
  const authOpen = useAtomValue(authOpenAtom);
  const setTooltipPending = useSetAtom(tooltipPendingAtom);
  const [eligible] = useState(() => !hasSessionFlag('dont_show_tooltip'));
  const [dismissed, setDismissed] = useState(false);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const visible = eligible && !dismissed && !isDesktop && text !== '' && !authOpen;

  const dismiss = useCallback(() => {
    setSessionFlag('dont_show_tooltip');
    setDismissed(true);
  }, []);

  // Auth opening dismisses it for good, not just while auth shows (state adjusted while rendering).
  if (authOpen && !dismissed) setDismissed(true);

  useEffect(() => {
    if (visible) setSessionFlag('dont_show_tooltip');
  }, [visible]);

  // Claimed from the element's connect (src/core/widget-host.ts), before this code and the texts
  // arrive, so the notification never shows in the tooltip's place; kept or given up here once it is known.
  const pending = eligible && !dismissed && !isDesktop;
  useEffect(() => {
    setTooltipPending(pending);
    if (!pending) return;
    return () => setTooltipPending(false);
  }, [pending, setTooltipPending]);

  // Looked up whenever it shows: the icon it points at may render after the tooltip.
  const target = useCallback(() => findTarget(host.getAttribute('data-target') || DEFAULT_TOOLTIP_TARGET), [host]);
  const arrowRef = useRef<HTMLSpanElement>(null);
  // Under its target, flipped above it near the viewport's bottom and shifted inside at the sides (Floating UI).
  const position = useFloatingPosition(visible, target, tooltipRef, { placement: 'bottom', gap: GAP_PX, arrowRef });

  useEffect(() => {
    if (!visible) return;
    const onScroll = () => {
      if (window.scrollY > SCROLL_CLOSE_PX) dismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Esc') dismiss();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [visible, dismiss]);

  if (!visible) return null;
  return (
    <div
      ref={tooltipRef}
      part="tooltip"
      role="status"
      aria-label={t('tooltip.label')}
      data-placed={position ? 'fixed' : undefined}
      data-side={position?.placement.split('-')[0]}
      style={
        position
          ? ({
              top: `${position.top}px`,
              left: `${position.left}px`,
              ...(position.arrowX === null ? {} : { '--tooltip-arrow-x': `${position.arrowX}px` }),
            } as CSSProperties)
          : undefined
      }
    >
      <span ref={arrowRef} part="tooltip-arrow" aria-hidden="true" />
      <p part="tooltip-text">{text}</p>
      <button type="button" part="tooltip-close" aria-label={t('tooltip.close')} onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
