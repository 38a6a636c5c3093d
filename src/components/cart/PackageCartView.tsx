import { useAtomValue, useSetAtom, useStore } from 'jotai/react';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { preloadAnalytics, trackAction } from '../../lib/analytics/track';
import { bestUpgradeAtom, cartAtom, cartLanguageAtom, followSessionWithCart, refreshCartAtom } from '../../state/cart';
import { userAtom } from '../../state/session';
import { Loader } from '../../ui/Loader';
import { CartError } from './CartError';
import { Message } from '../../ui/Message';
import { BestUpgrade } from './BestUpgrade';
import { CartAnnouncerContext, type CartAnnouncer } from './cart-announcer';
import { hotelProducts, itemProduct, roomProduct } from './cart-analytics';
import { CartEndpointsContext, ownEndpoints, useCartAttributes } from './cart-attributes';
import { Button } from '../../ui/Button';
import { CartItemCard } from './CartItemCard';
import { MAX_CART_ITEMS, shownCartItems } from './cart-items-shown';
import { PackageSearch } from './PackageSearch';
import { useShadowStyles } from '../host/shadow-styles';
import forms from '../../../styles/forms.css';
import css from '../../../styles/package-cart.css';
import { analyticsPrice, useCartPrices } from './prices';

// With this part, as when it imported the analytics chunk: its first event may come just before a navigation.
void preloadAnalytics();

const NO_RATES: never[] = [];
const NO_ITEMS: never[] = [];

/**
 * `<package-cart>`'s content, loaded when the first cart connects: the package availability search (with `data-package-id`), then the session's cart
 * with its best upgrade, items, total and, with `data-book-url`, the book button. The cart is read on first show
 * and again whenever the loyalty session changes (sign-in, sign-out) or an action changes it.
 */
export function PackageCartView() {
  const { t, i18n } = useTranslation();
  useShadowStyles(forms, css);
  const id = useId();
  const store = useStore();
  const attributes = useCartAttributes();
  const state = useAtomValue(cartAtom);
  const refresh = useSetAtom(refreshCartAtom);
  const setLanguage = useSetAtom(cartLanguageAtom);
  const language = i18n.language;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const offer = useAtomValue(bestUpgradeAtom);

  // One polite region speaks for the whole cart. It is emptied first, so the same words said twice in a row
  // (two additions of one option) are heard twice.
  const [announcement, setAnnouncement] = useState('');
  const announceTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(announceTimer.current), []);
  const announce = useCallback((text: string) => {
    setAnnouncement('');
    window.clearTimeout(announceTimer.current);
    announceTimer.current = window.setTimeout(() => setAnnouncement(text), 100);
  }, []);

  // Focus after an action that changed the lines: placed as soon as the new lines are in the DOM (rendered at
  // once, so focus is never left on the page in between).
  const focusTarget = useRef<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const focusLine = useCallback((index: number) => {
    focusTarget.current = index;
    flushSync(() => setFocusRequest((count) => count + 1));
  }, []);
  useLayoutEffect(() => {
    const index = focusTarget.current;
    if (index === null || state.status === 'loading') return;
    focusTarget.current = null;
    const titles = Array.from(sectionRef.current?.querySelectorAll<HTMLElement>('[part~="item-title"]') ?? []);
    (titles[Math.min(index, titles.length - 1)] ?? titleRef.current)?.focus();
  }, [focusRequest, state]);
  const announcer = useMemo<CartAnnouncer>(() => ({ announce, focusLine }), [announce, focusLine]);

  // Bookcore names hotels, rooms and boards in the language asked (`?lang=`): a page switching language has the
  // cart read again in the new one (the first read is the effect below's).
  const languageRead = useRef(language);
  useEffect(() => {
    setLanguage(language);
    if (languageRead.current === language) return;
    languageRead.current = language;
    if (store.get(cartAtom).status !== 'idle') void store.set(refreshCartAtom);
  }, [language, setLanguage, store]);

  useEffect(() => {
    if (store.get(cartAtom).status === 'idle') void store.set(refreshCartAtom);
    return followSessionWithCart(store);
  }, [store]);

  const cart = state.cart;
  const cartCurrency = cart?.currency ?? 'EUR';
  const prices = useCartPrices(attributes.currency, cartCurrency, cart?.rates ?? NO_RATES, attributes.locale);
  const formatDate = useMemo(() => {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat(attributes.locale.replace(/_/g, '-').split(/[.@]/)[0], { dateStyle: 'medium', timeZone: 'UTC' });
    } catch {
      format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    }
    return (iso: string) => {
      const date = new Date(`${iso}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? iso : format.format(date);
    };
  }, [attributes.locale, language]);

  // A cart answer gone wrong can hold thousands of lines: the first MAX_CART_ITEMS render, the rest are counted.
  const { shown, leftOut } = useMemo(() => shownCartItems(cart?.items ?? NO_ITEMS), [cart]);
  const numbers = useMemo(() => new Intl.NumberFormat(language), [language]);

  // Booking books bookcore's whole cart, so analytics report every line, shown or not, with the member signed in
  // at the press (read then, like every cart event's: CartItemCard).
  const onBook = () => {
    if (!cart || cart.items.length === 0) return;
    // Each line as what it is (a package option, or a room), then the hotels they are in.
    const lines = cart.items.map((item, index) =>
      item.kind === 'package' ? itemProduct(item) : roomProduct(item, index + 1, analyticsPrice(prices, item.price, cartCurrency), store.get(userAtom)),
    );
    void trackAction({ category: 'Shopping Cart', action: 'book_now', products: [...lines, ...hotelProducts(cart.items.map((item) => item.hotel))] });
  };

  const endpoints = useMemo(() => ownEndpoints(attributes), [attributes]);

  return (
    <CartEndpointsContext.Provider value={endpoints}>
      <CartAnnouncerContext.Provider value={announcer}>
        <div part="cart-root">
          <div part="announcement" role="status" className="visually-hidden">
            {announcement}
          </div>
          {attributes.packageId !== '' && <PackageSearch packageId={attributes.packageId} prices={prices} />}
          <section ref={sectionRef} part="cart" aria-labelledby={`${id}-title`} aria-busy={state.status === 'loading' || undefined} data-state={state.status}>
            <h2 id={`${id}-title`} part="cart-title" ref={titleRef} tabIndex={-1}>
              {t('cart.heading')}
            </h2>
            <Message tone="warning" part="rate-notice">
              {prices.missingRate && t('cart.rateMissing', prices.missingRate)}
            </Message>
            {/* Only when lines were left out: it comes with the lines it speaks of, and an empty region would take a row
                of the cart's grid in every cart. */}
            {cart && leftOut > 0 && (
              <Message tone="warning" part="items-left-out">
                {t('cart.itemsLeftOut', { shown: numbers.format(MAX_CART_ITEMS), lines: numbers.format(cart.items.length), leftOut: numbers.format(leftOut) })}
              </Message>
            )}
            {state.status === 'loading' && <Loader label={t('cart.loading')} />}
            {/* The alert region is there before the cart is read, so a failure to read it is announced. */}
            <div part="cart-error">
              <CartError part="cart-alert">
                {state.status === 'failed' && (state.error ?? t('cart.loadFailed'))}
              </CartError>
              {state.status === 'failed' && (
                <Button variant="secondary" part="retry" onClick={() => void refresh()}>
                  {t('cart.retry')}
                </Button>
              )}
            </div>
            {cart && cart.items.length === 0 && state.status !== 'loading' && <p part="empty">{t('cart.empty')}</p>}
            {cart && cart.items.length > 0 && (
              <>
                <ul part="items" aria-label={t('cart.items')}>
                  {shown.map((item, index) => (
                    <CartItemCard
                      key={item.uuid}
                      item={item}
                      position={index + 1}
                      cartCurrency={cartCurrency}
                      prices={prices}
                      formatDate={formatDate}
                      offer={offer?.uuid === item.uuid ? offer : null}
                    />
                  ))}
                </ul>
                {/* An offer for no line shown (bookcore's cart and its offer out of step) still has a place: after the lines. */}
                {offer && !shown.some((item) => item.uuid === offer.uuid) && (
                  <BestUpgrade offer={offer} cartCurrency={cartCurrency} prices={prices} />
                )}
                {/* Bookcore's total, over every line (shown or not): a guest never sees a total of the shown lines alone. */}
                <p part="total">
                  <span part="total-label">{t('cart.total')}</span> <strong part="total-amount">{prices.format(cart.total, cartCurrency) || t('cart.priceUnavailable')}</strong>
                </p>
                {/* Bookcore priced a member's cart at member prices (docs/package-cart.md "Member prices"). */}
                {cart.loyaltyPricing && <p part="member-pricing">{t('cart.memberPricing')}</p>}
                {attributes.bookUrl !== '' && (
                  // A link (it navigates) on the buttons' scale: the primary button's parts and rules.
                  <a part="button button-primary book-now" href={attributes.bookUrl} onClick={onBook}>
                    {t('cart.bookNow')}
                  </a>
                )}
              </>
            )}
          </section>
        </div>
      </CartAnnouncerContext.Provider>
    </CartEndpointsContext.Provider>
  );
}
