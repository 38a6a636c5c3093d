import { useAtomValue, useSetAtom } from 'jotai/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { trackAction } from '../../lib/analytics/data-layer';
import { bestUpgradeAtom, cartErrorsAtom, pendingCartActionsAtom, upgradeCartItemAtom, type CartItem } from '../../state/cart';
import { userAtom } from '../../state/session';
import { Loader } from '../../ui/Loader';
import { Message } from '../../ui/Message';
import { upgradeProduct } from './cart-analytics';
import { Button } from '../../ui/Button';
import { CartImage } from './CartImage';
import { analyticsPrice, type CartPrices } from './prices';

/** The best room upgrade for the cart, when bookcore has one: a one-click offer. */
export function BestUpgrade({ items, cartCurrency, prices, focusCart }: { items: readonly CartItem[]; cartCurrency: string; prices: CartPrices; focusCart: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const offer = useAtomValue(bestUpgradeAtom);
  const upgrade = useSetAtom(upgradeCartItemAtom);
  const pending = useAtomValue(pendingCartActionsAtom);
  const error = useAtomValue(cartErrorsAtom).best;
  const user = useAtomValue(userAtom);
  const item = offer && items.find((candidate) => candidate.uuid === offer.uuid);
  if (!offer || !item) return null;
  const upgrading = pending.has(`upgrade:${offer.uuid}`);
  const busy = upgrading || pending.has(`remove:${offer.uuid}`);

  const onUpgrade = async () => {
    if ((await upgrade(offer, 'best')) !== 'ok') return;
    focusCart();
    trackAction({
      category: 'Shopping Cart',
      action: 'change_rate',
      products: [upgradeProduct(item, offer, 1, analyticsPrice(prices, offer.price, cartCurrency), user)],
    });
  };

  return (
    <aside part="best-upgrade" aria-labelledby={titleId}>
      <CartImage image={offer.room.image} part="best-upgrade-image" />
      <div part="best-upgrade-body">
        <h3 id={titleId} part="best-upgrade-title">
          {t('cart.bestUpgradeTitle')}
        </h3>
        <p part="best-upgrade-text">
          {t('cart.bestUpgradeText', { room: offer.room.name, board: offer.board.name, supplement: prices.format(offer.supplement, cartCurrency) })}
        </p>
        <Button part="best-upgrade-button" disabled={busy} busy={upgrading} label={t('cart.upgradeLabel', { room: offer.room.name, board: offer.board.name })} onClick={() => void onUpgrade()}>
          {t('cart.upgrade')}
        </Button>
        {upgrading && <Loader label={t('cart.upgrading')} />}
        <Message tone="error" part="best-upgrade-error">
          {error !== undefined && (error ?? t('cart.actionFailed'))}
        </Message>
      </div>
    </aside>
  );
}
