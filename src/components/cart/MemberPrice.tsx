import { useAtomValue } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import { OPEN_LOYALTY_CLASS } from '../../core/open-loyalty';
import { isMemberAtom, settingsAtom } from '../../state/session';
import type { CartPrices } from './prices';

/** Props of {@link MemberPrice}. */
export interface MemberPriceProps {
  /** What this session pays for the option or line, as bookcore gives it. */
  price: number | undefined;
  /** Its member price, when bookcore gives one. */
  loyaltyPrice: number | undefined;
  /** The currency both are in. */
  currency: string;
  prices: CartPrices;
}

/**
 * An option's or a cart line's member price (docs/package-cart.md "Member prices"): to a guest, what members pay
 * and save, in one sentence, and the same "join free" action as `<loyalty-price>` (the page-wide `open-loyalty`
 * route, SIGNUP headed with the price) where the page has the loyalty widget; to a member whose price it is, that it is their member price. Nothing
 * where bookcore gives no member price, or one that saves a guest nothing.
 */
export function MemberPrice({ price, loyaltyPrice, currency, prices }: MemberPriceProps) {
  const { t } = useTranslation();
  const member = useAtomValue(isMemberAtom);
  // The join opens the loyalty panel: on a page without one (the widget never started) there is nothing to open.
  const canJoin = useAtomValue(settingsAtom).status === 'ready';
  if (loyaltyPrice === undefined || price === undefined) return null;
  if (member) return loyaltyPrice >= price ? <p part="member-price-note">{t('cart.yourMemberPrice')}</p> : null;
  // The saving in the page's currency: the difference of the two prices as the guest sees them.
  const saving = prices.convert(price, currency) - prices.convert(loyaltyPrice, currency);
  if (!(saving > 0)) return null;
  const memberText = prices.format(loyaltyPrice, currency);
  const savingText = prices.format(Math.round(saving * 100) / 100, prices.currency);
  return (
    <p part="member-offer">
      <span part="member-offer-text">{t('cart.memberOffer', { price: memberText, saving: savingText })}</span>
      {canJoin && ' '}
      {canJoin && (
          <button
          type="button"
          part="join"
          className={OPEN_LOYALTY_CLASS}
          data-external-auth-section="SIGNUP"
          data-join-price={memberText}
          data-loyalty-origin="package-cart"
        >
          {t('cart.joinFree')}
        </button>
      )}
    </p>
  );
}

