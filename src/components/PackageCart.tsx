import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../ui/Loader';

// The cart is not part of the icon's first paint (DESIGN.md "Performance shape"): its code loads on first use.
const PackageCartView = lazy(() => import('./cart/PackageCartView').then(({ PackageCartView }) => ({ default: PackageCartView })));

/** `<package-cart>`: the package search and the session's cart, loaded on demand. */
export function PackageCart() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Loader label={t('cart.loading')} />}>
      <PackageCartView />
    </Suspense>
  );
}
