import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';

/**
 * The programme's advantages (docs/loyalty-widget.md "Sections"): the configured title and phrases. Nothing renders
 * when the settings configure no phrases. The loyalty logo is the panel's, in its header (PanelLogo.tsx).
 */
export function AdvantagesBlock({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const headingId = useId();
  const advantages = settings.ADVANTAGES;
  const phrases = advantages?.phrases ?? [];
  if (phrases.length === 0) return null;
  return (
    <aside part="advantages" aria-labelledby={headingId}>
      <h3 id={headingId} part="advantages-title">
        {advantages?.title || t('auth.advantagesTitle')}
      </h3>
      {phrases.length > 0 && (
        <ul part="advantages-list">
          {phrases.map((phrase, index) => (
            <li key={index} part="advantage">
              {phrase}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
