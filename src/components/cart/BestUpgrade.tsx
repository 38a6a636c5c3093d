import { useAtomValue, useSetAtom, useStore } from 'jotai/react';
import { useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { trackAction } from '../../lib/analytics/track';
import { cartErrorsAtom, pendingCartActionsAtom, upgradeCartItemAtom, type CartItem, type UpgradeOffer } from '../../state/cart';
import { userAtom } from '../../state/session';
import { Loader } from '../../ui/Loader';
import { CartError } from './CartError';
import { upgradeProduct } from './cart-analytics';
import { Button } from '../../ui/Button';
import { CartImage } from './CartImage';
import { CartAnnouncerContext } from './cart-announcer';
import { analyticsPrice, type CartPrices } from './prices';

/** Props of {@link BestUpgrade}. */
export interface BestUpgradeProps {
  offer: UpgradeOffer;
  /**
   * The line it upgrades, when the cart shows it: the offer then sits inside that line, and taking it is
   * tracked as that line's change of rate.
   */
  item?: CartItem;
  /** The line's place in the cart, 0-based: focus goes to it after the upgrade (without it, to the cart's heading). */
  index?: number;
  cartCurrency: string;
  prices: CartPrices;
}

/**
 * The best room upgrade for the cart, when bookcore has one: a one-click offer, inside the line it upgrades
 * (bookcore names the line by its `uuid`).
 */
export function BestUpgrade({ offer, item, index, cartCurrency, prices }: BestUpgradeProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const upgrade = useSetAtom(upgradeCartItemAtom);
  const pending = useAtomValue(pendingCartActionsAtom);
  const error = useAtomValue(cartErrorsAtom).best;
  // The member is read when change_rate is sent, not from this render (CartItemCard says why).
  const store = useStore();
  const { announce, focusLine } = useContext(CartAnnouncerContext);
  const upgrading = pending.has(`upgrade:${offer.uuid}`);
  const busy = upgrading || pending.has(`remove:${offer.uuid}`);
  // Inside its line, under the line's h3; on its own after the lines, beside them.
  const Heading = item ? 'h4' : 'h3';

  const onUpgrade = async () => {
    if ((await upgrade(offer, 'best')) !== 'ok') return;
    announce(t('cart.upgraded', { room: offer.room.name, board: offer.board.name }));
    // The offer (and its button, which had focus) is gone or changed: focus goes to the line it upgraded, or
    // to the cart's heading when no line was named.
    focusLine(index ?? -1);
    // Without the line, nothing describes what was upgraded from: no change_rate.
    if (!item) return;
    void trackAction({
      category: 'Shopping Cart',
      action: 'change_rate',
      products: [upgradeProduct(item, offer, 1, analyticsPrice(prices, offer.price, cartCurrency), store.get(userAtom))],
    });
  };

  return (
    <aside part="best-upgrade" aria-labelledby={titleId}>
      <CartImage image={offer.room.image} part="best-upgrade-image" />
      <div part="best-upgrade-body">
        <Heading id={titleId} part="best-upgrade-title">
          {t('cart.bestUpgradeTitle')}
        </Heading>
        <p part="best-upgrade-text">
          {t('cart.bestUpgradeText', { room: offer.room.name, board: offer.board.name, supplement: prices.format(offer.supplement, cartCurrency) || t('cart.priceUnavailable') })}
        </p>
        <Button part="best-upgrade-button" disabled={busy} busy={upgrading} label={t('cart.upgradeLabel', { room: offer.room.name, board: offer.board.name })} onClick={() => void onUpgrade()}>
          {t('cart.upgrade')}
        </Button>
        {upgrading && <Loader label={t('cart.upgrading')} />}
        <CartError part="best-upgrade-error">
          {error !== undefined && (error ?? t('cart.actionFailed'))}
        </CartError>
      </div>
    </aside>
  );
}
