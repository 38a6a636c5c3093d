import { useAtomValue } from 'jotai/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { responsiveImage } from '../../lib/cdn-images';
import { configAtom } from '../../state/store';

/**
 * The programme's advantages (docs/loyalty-widget.md "Sections"): the configured title, phrases and loyalty logo. Nothing renders when
 * the settings configure neither phrases nor a logo.
 */
export function AdvantagesBlock({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const { loyaltyTitle } = useAtomValue(configAtom);
  const headingId = useId();
  const advantages = settings.ADVANTAGES;
  const phrases = advantages?.phrases ?? [];
  if (phrases.length === 0 && !settings.loyaltyLogo) return null;
  // Through the image CDN's logo preset (docs/commerce.md "CDN images"), each rendition at 1×, 2× and 3×.
  const logo = settings.loyaltyLogo ? responsiveImage(settings.loyaltyLogo, 'logo') : null;
  return (
    <aside part="advantages" aria-labelledby={headingId}>
      {logo && <img part="advantages-logo" src={logo.src} srcSet={logo.srcset} sizes={logo.sizes} alt={loyaltyTitle || t('auth.logoAlt')} />}
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
