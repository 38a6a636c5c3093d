import { useTranslation } from 'react-i18next';

/** The tooltip under the loyalty icon; its texts and once-per-session rule come with the loyalty-widget issue. */
export function LoyaltyTooltip() {
  const { t } = useTranslation();
  return <div part="tooltip" role="note" aria-label={t('tooltip.label')} hidden />;
}
