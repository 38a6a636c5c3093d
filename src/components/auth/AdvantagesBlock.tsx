import { useAtomValue } from 'jotai/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { configAtom } from '../../state/store';

/**
 * The programme's advantages (SPEC.md §2): the configured title, phrases and loyalty logo. Nothing renders when
 * the settings configure neither phrases nor a logo.
 */
export function AdvantagesBlock({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const { loyaltyTitle } = useAtomValue(configAtom);
  const headingId = useId();
  const advantages = settings.ADVANTAGES;
  const phrases = advantages?.phrases ?? [];
  if (phrases.length === 0 && !settings.loyaltyLogo) return null;
  return (
    <aside part="advantages" aria-labelledby={headingId}>
      {settings.loyaltyLogo && (
        <img part="advantages-logo" src={settings.loyaltyLogo} alt={loyaltyTitle || t('auth.logoAlt')} />
      )}
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
