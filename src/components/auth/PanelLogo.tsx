import { useAtomValue } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import { responsiveImage } from '../../lib/cdn-images';
import { loyaltySettingsAtom } from '../../state/settings';
import { configAtom } from '../../state/store';

/**
 * The programme's logo (the settings' `loyaltyLogo`) for the panel's header: in the modal, the dialog's header
 * row beside the close button; inline, a header above the section (`framed`). Nothing at all, not even an empty
 * box, when the settings configure no logo or have not arrived.
 */
export function PanelLogo({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation();
  const settings = useAtomValue(loyaltySettingsAtom);
  const { loyaltyTitle } = useAtomValue(configAtom);
  const source = settings.status === 'ready' ? settings.settings.loyaltyLogo : undefined;
  if (!source) return null;
  // Through the image CDN's logo preset (docs/commerce.md "CDN images"), each rendition at 1×, 2× and 3×.
  const logo = responsiveImage(source, 'logo');
  const image = <img part="panel-logo" src={logo.src} srcSet={logo.srcset} sizes={logo.sizes} alt={loyaltyTitle || t('auth.logoAlt')} />;
  return framed ? <div part="panel-header">{image}</div> : image;
}
