/**
 * The tooltip under its target, painted without React (docs/loyalty-widget.md "Tooltip and notification"): the
 * configured text for members or guests, only when the widget is not on desktop, at most once per browser session.
 * It goes for good on a scroll past 100 px, when auth opens, on its close button and on Escape. Loaded by
 * `<loyalty-tooltip>` (./element.ts) once it may show, with ./floating.ts.
 */
import { esFirstPaint, loadFirstPaintTexts, type FirstPaintTexts } from '../i18n/first-paint';
import { languageFor } from '../i18n/languages';
import { hasSessionFlag, setSessionFlag } from '../lib/session-flags';
import { warn } from '../lib/warn';
import { tooltipPendingAtom, tooltipTextAtom } from '../state/notices';
import { authOpenAtom } from '../state/session';
import { configAtom, type Store } from '../state/store';
import css from '../../styles/loyalty-tooltip.css';
import notices from '../../styles/notices.css';
import { followTarget } from './floating';
import { SCROLL_CLOSE_PX } from './notification';
import { adoptSheets, builtInSheet } from './stylesheets';


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
 * Runs the tooltip of a `<loyalty-tooltip>`: it keeps or gives up its place under the icon (which the
 * notification waits for), shows while it may, and goes for good once dismissed.
 *
 * @returns a function that takes it away and stops (the element's disconnect).
 */
export function runTooltip(host: HTMLElement, store: Store): () => void {
  const root = host.shadowRoot!;
  // Counted with the React parts' sheets: the dropped-cart dialog, also using notices.css, leaves it here when it goes.
  const releaseSheets = adoptSheets(root, [builtInSheet(css, true), builtInSheet(notices, true)]);
  const eligible = !hasSessionFlag('dont_show_tooltip');
  let dismissed = false;
  let texts: FirstPaintTexts = esFirstPaint;
  let tooltip: HTMLDivElement | null = null;
  let stopPlacing: (() => void) | null = null;
  let claimed = false;

  const dismiss = () => {
    setSessionFlag('dont_show_tooltip');
    dismissed = true;
    update();
  };
  const onScroll = () => {
    if (window.scrollY > SCROLL_CLOSE_PX) dismiss();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Esc') dismiss();
  };

  const show = () => {
    if (!tooltip) {
      tooltip = document.createElement('div');
      tooltip.setAttribute('part', 'tooltip');
      tooltip.setAttribute('role', 'status');
      const arrow = document.createElement('span');
      arrow.setAttribute('part', 'tooltip-arrow');
      arrow.setAttribute('aria-hidden', 'true');
      const text = document.createElement('p');
      text.setAttribute('part', 'tooltip-text');
      const closeButton = document.createElement('button');
      closeButton.type = 'button';
      closeButton.setAttribute('part', 'tooltip-close');
      const cross = document.createElement('span');
      cross.setAttribute('aria-hidden', 'true');
      cross.textContent = '×';
      closeButton.append(cross);
      closeButton.addEventListener('click', dismiss);
      tooltip.append(arrow, text, closeButton);
      root.append(tooltip);
      window.addEventListener('scroll', onScroll, { passive: true });
      document.addEventListener('keydown', onKeyDown);
    }
    const [, text, closeButton] = tooltip.children;
    const words = store.get(tooltipTextAtom);
    if (text!.textContent !== words) text!.textContent = words;
    tooltip.setAttribute('aria-label', texts.tooltip.label);
    closeButton!.setAttribute('aria-label', texts.tooltip.close);
    // Looked up whenever it shows: the icon it points at may render after the tooltip.
    const target = stopPlacing ? null : findTarget(host.getAttribute('data-target') || DEFAULT_TOOLTIP_TARGET);
    if (target) {
      const placed = tooltip;
      const arrow = placed.firstElementChild as HTMLElement;
      // Under its target, flipped above it near the viewport's bottom and shifted inside at the sides.
      stopPlacing = followTarget(target, placed, { placement: 'bottom', gap: GAP_PX, arrowElement: arrow }, (position) => {
        placed.setAttribute('data-placed', 'fixed');
        placed.setAttribute('data-side', position.placement.split('-')[0]!);
        placed.style.top = `${position.top}px`;
        placed.style.left = `${position.left}px`;
        if (position.arrowX === null) placed.style.removeProperty('--tooltip-arrow-x');
        else placed.style.setProperty('--tooltip-arrow-x', `${position.arrowX}px`);
      });
    }
  };

  const hide = () => {
    stopPlacing?.();
    stopPlacing = null;
    tooltip?.remove();
    tooltip = null;
    window.removeEventListener('scroll', onScroll);
    document.removeEventListener('keydown', onKeyDown);
  };

  function update(): void {
    const authOpen = store.get(authOpenAtom);
    // Auth opening dismisses it for good, not just while auth shows.
    if (authOpen) dismissed = true;
    const { isDesktop } = store.get(configAtom);
    // Claimed from the element's connect (./widget-host.ts), before this code and the texts arrive, so the
    // notification never shows in the tooltip's place; kept or given up here once it is known.
    const pending = eligible && !dismissed && !isDesktop;
    if (pending !== claimed || store.get(tooltipPendingAtom) !== pending) {
      claimed = pending;
      store.set(tooltipPendingAtom, pending);
    }
    const visible = pending && store.get(tooltipTextAtom) !== '' && !authOpen;
    if (visible) {
      setSessionFlag('dont_show_tooltip');
      show();
    } else hide();
  }

  void loadFirstPaintTexts(languageFor(host)).then(
    (resource) => {
      texts = resource;
      if (tooltip) show();
    },
    () => undefined,
  );
  const unsubscribes = [tooltipTextAtom, authOpenAtom, configAtom].map((atom) => store.sub(atom, update));
  update();
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    hide();
    releaseSheets();
    if (claimed) store.set(tooltipPendingAtom, false);
  };
}
