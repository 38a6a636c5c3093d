import { useAtomValue, useSetAtom, useStore } from 'jotai/react';
import { useContext, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { trackAction } from '../../lib/analytics/track';
import {
  cartErrorsAtom,
  closeUpgradesAtom,
  loadUpgradesAtom,
  pendingCartActionsAtom,
  removeCartItemAtom,
  upgradeCartItemAtom,
  upgradeListsAtom,
  type CartItem,
  type UpgradeOffer,
} from '../../state/cart';
import { userAtom } from '../../state/session';
import { Loader } from '../../ui/Loader';
import { CartError } from './CartError';
import { hotelProducts, itemProduct, roomProduct, upgradeProduct } from './cart-analytics';
import { Button } from '../../ui/Button';
import { CartImage } from './CartImage';
import { MemberPrice } from './MemberPrice';
import { analyticsPrice, type CartPrices } from './prices';
import { CartEndpointsContext } from './cart-attributes';
import { CartAnnouncerContext } from './cart-announcer';
import { BestUpgrade } from './BestUpgrade';

/** Props of {@link CartItemCard}. */
export interface CartItemCardProps {
  item: CartItem;
  /** The line's place in the cart, 1-based (analytics' position). */
  position: number;
  /** The cart's currency, the item's price is in it. */
  cartCurrency: string;
  prices: CartPrices;
  formatDate: (iso: string) => string;
  /** The cart's best-upgrade offer when it is for this line (it then shows inside the line), else null. */
  offer: UpgradeOffer | null;
}

/**
 * One cart line: picture, hotel, package and option, room, board, dates and nights, guests and price; remove it,
 * or list its room upgrades and take one; the cart's best upgrade when it is this line's. A failure shows under
 * the line, with the server's text.
 */
export function CartItemCard({ item, position, cartCurrency, prices, formatDate, offer }: CartItemCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const upgradesId = useId();
  const pending = useAtomValue(pendingCartActionsAtom);
  const error = useAtomValue(cartErrorsAtom)[`item:${item.uuid}`];
  const upgrades = useAtomValue(upgradeListsAtom)[item.uuid];
  const remove = useSetAtom(removeCartItemAtom);
  const endpoints = useContext(CartEndpointsContext);
  const loadUpgrades = useSetAtom(loadUpgradesAtom);
  const closeUpgrades = useSetAtom(closeUpgradesAtom);
  const upgrade = useSetAtom(upgradeCartItemAtom);
  // The member analytics name is read from the store when an event is sent, never from a render: a guest who
  // signs in and acts at once (before a render follows), or while the action's request is out, is named as the
  // member they are then (docs/package-cart.md "read when the event is sent").
  const store = useStore();
  const { announce, focusLine } = useContext(CartAnnouncerContext);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const refocusToggle = useRef(false);

  const removing = pending.has(`remove:${item.uuid}`);
  const loadingUpgrades = pending.has(`upgrades:${item.uuid}`);
  const upgrading = pending.has(`upgrade:${item.uuid}`);
  const busy = removing || loadingUpgrades || upgrading;
  useEffect(() => {
    if (!refocusToggle.current || busy) return;
    refocusToggle.current = false;
    toggleRef.current?.focus();
  });
  const name = lineName(item, t('cart.packageOption', { package: item.package?.name ?? '', option: item.option?.name ?? '' }));

  const onRemove = async () => {
    if ((await remove(item, endpoints.deletePackage)) !== 'ok') return;
    announce(t('cart.removed', { name }));
    // The line (and its button, which had focus) is gone: focus goes to the line that took its place.
    focusLine(position - 1);
    if (item.kind === 'package') void trackAction({ category: 'Shopping Cart', action: 'remove_pack', products: [itemProduct(item), ...hotelProducts([item.hotel])] });
    else void trackAction({ category: 'Shopping Cart', action: 'remove_room', products: [roomProduct(item, position, analyticsPrice(prices, item.price, cartCurrency), store.get(userAtom))] });
  };

  const onUpgrade = async (offer: UpgradeOffer, position: number) => {
    if ((await upgrade(offer)) !== 'ok') return;
    announce(t('cart.upgraded', { room: offer.room.name, board: offer.board.name }));
    // The list (and the button that had focus) is gone: focus goes back to the toggle that opened it, once it
    // is enabled again (after the next render).
    refocusToggle.current = true;
    void trackAction({
      category: 'Shopping Cart',
      action: 'change_rate',
      products: [upgradeProduct(item, offer, position, analyticsPrice(prices, offer.price, cartCurrency), store.get(userAtom))],
    });
  };

  return (
    <li part="item" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <CartImage image={item.room?.image ?? item.hotel.image} part="item-image" />
      <div part="item-body">
        {/* Focusable by script: focus lands here when the line before it is removed. */}
        <h3 id={titleId} part="item-title" tabIndex={-1}>
          {item.hotel.name}
        </h3>
        {item.package && <p part="item-package">{name}</p>}
        {/* Each detail shows where bookcore gives it (docs/bookcore-contract.md "Cart"): none missing hides the others. */}
        <dl part="item-details">
          {item.room && (
            <div>
              <dt part="item-detail-label">{t('cart.room')}</dt>
              <dd part="item-detail-value">{item.room.name}</dd>
            </div>
          )}
          {item.board && (
            <div>
              <dt part="item-detail-label">{t('cart.board')}</dt>
              <dd part="item-detail-value">{item.board.name}</dd>
            </div>
          )}
          {item.checkIn && item.checkOut && (
            <div>
              <dt part="item-detail-label">{t('cart.dates')}</dt>
              <dd part="item-detail-value">
                {t('cart.stay', { checkIn: formatDate(item.checkIn), checkOut: formatDate(item.checkOut) })}
                {item.nights !== undefined && ` · ${t('cart.nights', { count: item.nights })}`}
              </dd>
            </div>
          )}
          {item.occupancy && (
            <div>
              <dt part="item-detail-label">{t('cart.occupancy')}</dt>
              <dd part="item-detail-value">
                {t('cart.adults', { count: item.occupancy.adults })}
                {item.occupancy.children > 0 && `, ${t('cart.children', { count: item.occupancy.children })}`}
              </dd>
            </div>
          )}
        </dl>
        <p part="item-price">
          <span className="visually-hidden">{t('cart.price')}: </span>
          {prices.format(item.price, cartCurrency) || t('cart.priceUnavailable')}
        </p>
        <MemberPrice price={item.price} loyaltyPrice={item.loyaltyPrice} currency={cartCurrency} prices={prices} />
        <div part="item-actions">
          <Button
            ref={toggleRef}
            variant="secondary"
            part="upgrades-toggle"
            disabled={busy}
            busy={loadingUpgrades}
            expanded={upgrades !== undefined}
            controls={upgrades !== undefined ? upgradesId : undefined}
            onClick={() => (upgrades ? closeUpgrades(item) : void loadUpgrades(item))}
          >
            {upgrades ? t('cart.hideUpgrades') : t('cart.showUpgrades')}
          </Button>
          <Button variant="secondary" part="remove" disabled={busy} busy={removing} label={t('cart.removeLabel', { name })} onClick={() => void onRemove()}>
            {t('cart.remove')}
          </Button>
          {removing && <Loader label={t('cart.removing')} />}
          {loadingUpgrades && <Loader label={t('cart.upgradesLoading')} />}
          {upgrading && <Loader label={t('cart.upgrading')} />}
        </div>
        <CartError part="item-error">
          {error !== undefined && (error ?? t('cart.actionFailed'))}
        </CartError>
        {offer && <BestUpgrade offer={offer} item={item} index={position - 1} cartCurrency={cartCurrency} prices={prices} />}
        {upgrades && (
          <section id={upgradesId} part="upgrades" aria-label={t('cart.upgradesFor', { name: item.room?.name ?? item.hotel.name })}>
            {upgrades.length === 0 ? (
              <p part="upgrades-empty">{t('cart.noUpgrades')}</p>
            ) : (
              <ul part="upgrade-list">
                {upgrades.map((offer, index) => (
                  <li part="upgrade" key={`${offer.room.code}-${offer.board.code}`}>
                    <CartImage image={offer.room.image} part="upgrade-image" />
                    <span part="upgrade-name">
                      {offer.room.name} · {offer.board.name}
                    </span>
                    <span part="upgrade-price">
                      {prices.format(offer.price, cartCurrency) || t('cart.priceUnavailable')}
                      {offer.supplement !== undefined && (
                        <>
                          {' '}
                          <span part="upgrade-supplement">({t('cart.supplement', { amount: prices.format(offer.supplement, cartCurrency) })})</span>
                        </>
                      )}
                    </span>
                    <Button
                      part="upgrade-button"
                      disabled={busy}
                      busy={upgrading}
                      label={t('cart.upgradeLabel', { room: offer.room.name, board: offer.board.name })}
                      onClick={() => void onUpgrade(offer, index + 1)}
                    >
                      {t('cart.upgrade')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </li>
  );
}

/** What a line is called when said aloud (its removal): the package and option, else the room, else the hotel. */
function lineName(item: CartItem, packageOption: string): string {
  if (item.package) return packageOption;
  return item.room?.name ?? item.hotel.name;
}
