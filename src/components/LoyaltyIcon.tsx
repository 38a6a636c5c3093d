import { useAtomValue, useSetAtom } from 'jotai/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { trackLoyaltyEvent } from '../lib/analytics/data-layer';
import { emit } from '../lib/events';
import { authOpenAtom, isMemberAtom, openAuthAtom } from '../state/session';
import { configAtom, iconCountAtom } from '../state/store';
import { useHost } from './ElementRoot';
import { LoyaltyNotification } from './notices/LoyaltyNotification';

/** Whether the page turned the icon off with `<meta name="renderIcon" content="false">` (SPEC.md §2). */
function pageHidesIcon(): boolean {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="renderIcon"]');
  return meta?.content.trim().toLowerCase() === 'false';
}

/**
 * The loyalty icon (SPEC.md §2): a button labelled with the configured call to action, classed `in` for a
 * member with a first name and `out` otherwise, that opens auth. The notification shows under it. While it is
 * rendered it counts in `iconCountAtom`, which makes auth a modal.
 */
export function LoyaltyIcon() {
  const { t } = useTranslation();
  const host = useHost();
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
    trackLoyaltyEvent('open_loyalty_modal');
  }

  return (
    <>
      <button
        type="button"
        part="button"
        className={`loyalty-icon ${member ? 'in' : 'out'}`}
        aria-haspopup="dialog"
        aria-expanded={authOpen}
        onClick={onClick}
      >
        {cta || t('icon.label')}
      </button>
      <LoyaltyNotification />
    </>
  );
}
