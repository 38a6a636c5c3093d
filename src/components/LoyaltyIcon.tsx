import { useAtomValue } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import { configAtom } from '../state/store';

/**
 * The loyalty icon: a button labelled with the configured call to action.
 * Opening the auth panel comes with the loyalty-widget issue; for now it is the element plumbing's proof.
 */
export function LoyaltyIcon() {
  const { t } = useTranslation();
  const { cta, renderIcon } = useAtomValue(configAtom);
  if (!renderIcon) return null;
  return (
    <button type="button" part="button" className="loyalty-icon out">
      {cta || t('icon.label')}
    </button>
  );
}
