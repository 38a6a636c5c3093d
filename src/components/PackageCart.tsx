import { useTranslation } from 'react-i18next';

/** The package cart; its contents come with the package-cart issue. */
export function PackageCart() {
  const { t } = useTranslation();
  return <section part="cart" aria-label={t('cart.label')} />;
}
