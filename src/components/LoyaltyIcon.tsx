import { useAtomValue, useSetAtom } from 'jotai/react';
import { Suspense, useDeferredValue, useEffect, useState, type PointerEvent } from 'react';
import { es } from '../i18n/es';
import { trackLoyaltyEvent } from '../lib/analytics/track';
import { emit } from '../lib/events';
import { authOpenAtom, isMemberAtom, openAuthAtom } from '../state/session';
import { configAtom, iconCountAtom } from '../state/store';
import { notificationTextAtom } from '../state/notices';
import { preloadAuthPanel } from './auth/preload-auth-panel';
import { useHost, useLanguage } from './ElementRoot';
import { lazyTranslated } from './Translated';
import { recoverableLazy } from './recoverable-lazy';

// The label in another language than Spanish comes with i18next; Spanish is in the first payload.
const TranslatedIconLabel = recoverableLazy(() => import('./TranslatedRoot').then((module) => module.IconLabel));

// The notification and its styles load when there is a notification text.
const LoyaltyNotification = lazyTranslated(() => import('./notices/LoyaltyNotification').then((module) => module.LoyaltyNotification));

/** Whether the page turned the icon off with `<meta name="renderIcon" content="false">` (the page meta of docs/loyalty-widget.md). */
function pageHidesIcon(): boolean {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="renderIcon"]');
  return meta?.content.trim().toLowerCase() === 'false';
}

/**
 * The loyalty icon (docs/loyalty-widget.md "Member and guest"): a button labelled with the configured call to action, classed `in` for a
 * member with a first name and `out` otherwise, that opens auth. The notification shows under it. While it is
 * rendered it counts in `iconCountAtom`, which makes auth a modal.
 */
export function LoyaltyIcon() {
  const host = useHost();
  // Deferred: during a switch the old label stays until the new language has loaded (React keeps what was
  // shown while the background render with the new language waits).
  const language = useDeferredValue(useLanguage());
  const notification = useAtomValue(notificationTextAtom);
  // Loaded with the first notification text and kept from then on: the notification plays its own exit when
  // its text goes (a member's text replacing a guest's, say), it is never cut off mid-animation.
  const [notificationLoaded, setNotificationLoaded] = useState(false);
  if (notification !== '' && !notificationLoaded) setNotificationLoaded(true);
  const { cta, renderIcon } = useAtomValue(configAtom);
  const member = useAtomValue(isMemberAtom);
  const authOpen = useAtomValue(authOpenAtom);
  const openAuth = useSetAtom(openAuthAtom);
  const setIconCount = useSetAtom(iconCountAtom);
  const rendered = renderIcon && !pageHidesIcon();

  useEffect(() => {
    if (!rendered) return;
    setIconCount((count) => count + 1);
    return () => setIconCount((count) => count - 1);
  }, [rendered, setIconCount]);

  if (!rendered) return null;

  function onClick() {
    const section = openAuth();
    emit(host, 'loyalty-open', { section });
    void trackLoyaltyEvent('open_loyalty_modal');
  }

  // Painted with the configured call to action, else the built-in label: Spanish at once, another language once
  // its texts have loaded (the button waits for them rather than flash Spanish).
  const builtIn = language === 'es' ? es.icon.label : <TranslatedIconLabel />;
  const button = (
    <button
      type="button"
      part="button"
      className={`loyalty-icon ${member ? 'in' : 'out'}`}
      aria-haspopup="dialog"
      aria-expanded={authOpen}
      onClick={onClick}
      onPointerEnter={(event) => {
        showWholeLabelWhenTruncated(event);
        preloadAuthPanel();
      }}
      onFocus={preloadAuthPanel}
    >
      {cta || builtIn}
    </button>
  );
  return (
    <>
      {cta || language === 'es' ? button : <Suspense fallback={null}>{button}</Suspense>}
      {notificationLoaded && <LoyaltyNotification />}
    </>
  );
}

/**
 * A header that squeezes the icon truncates its label to one line with an ellipsis (loyalty-icon.css): the
 * button's text, its accessible name, stays whole, and while it is cut the whole label is its tooltip (`title`)
 * for sighted pointer users. Decided as the pointer comes over it, which is when a `title` shows, whatever the
 * button's size or label did before.
 */
function showWholeLabelWhenTruncated(event: PointerEvent<HTMLButtonElement>): void {
  const button = event.currentTarget;
  const label = button.textContent ?? '';
  if (button.scrollWidth > button.clientWidth && label) button.title = label;
  else button.removeAttribute('title');
}
