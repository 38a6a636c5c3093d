import { useAtomValue, useSetAtom, useStore } from 'jotai/react';
import { useContext, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { trackAction } from '../../lib/analytics/track';
import {
  addPackageOptionAtom,
  cartErrorsAtom,
  packageSearchesAtom,
  pendingCartActionsAtom,
  searchPackageAtom,
  type PackageAvailabilityResponse,
  type PackageOption,
  type SearchState,
} from '../../state/cart';
import { Loader } from '../../ui/Loader';
import { CartError } from './CartError';
import { hotelProducts, optionProduct } from './cart-analytics';
import { Button } from '../../ui/Button';
import { CartImage } from './CartImage';
import { MemberPrice } from './MemberPrice';
import type { CartPrices } from './prices';
import { todayIso, validateStayDates, type StayDateErrors } from './stay-dates';
import { CartEndpointsContext } from './cart-attributes';
import { CartAnnouncerContext } from './cart-announcer';

const IDLE: SearchState = { status: 'idle' };

/** Props of {@link PackageSearch}. */
export interface PackageSearchProps {
  packageId: string;
  prices: CartPrices;
}

/**
 * The package's availability: check-in and optional check-out, checked before any request, then the options
 * with their prices, each with its add button and, on failure, the server's text beside it.
 */
export function PackageSearch({ packageId, prices }: PackageSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const search = useAtomValue(packageSearchesAtom)[packageId] ?? IDLE;
  const runSearch = useSetAtom(searchPackageAtom);
  const endpoints = useContext(CartEndpointsContext);
  const { announce } = useContext(CartAnnouncerContext);
  const store = useStore();
  const [errors, setErrors] = useState<StayDateErrors>({});
  const checkInRef = useRef<HTMLInputElement>(null);
  const checkOutRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checkIn = checkInRef.current?.value ?? '';
    const checkOut = checkOutRef.current?.value ?? '';
    const found = validateStayDates(checkIn, checkOut);
    setErrors(found);
    if (found.checkIn) checkInRef.current?.focus();
    else if (found.checkOut) checkOutRef.current?.focus();
    else void searchAndAnnounce(checkIn, checkOut);
  };

  // The options appear below the form, out of sight of a screen reader on the button: their count is said.
  // A failure speaks through the search's own alert region.
  const searchAndAnnounce = async (checkIn: string, checkOut: string) => {
    if ((await runSearch({ packId: packageId, checkIn, checkOut }, endpoints.packageAvailability)) !== 'ok') return;
    const found = store.get(packageSearchesAtom)[packageId];
    if (found?.status !== 'ready') return;
    const count = found.result.options.length;
    announce(count === 0 ? t('cart.noOptions') : t('cart.optionsFound', { count }));
  };

  const loading = search.status === 'loading';
  return (
    <section part="search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} part="search-title">
        {t('cart.searchTitle')}
      </h2>
      <form part="search-form" noValidate onSubmit={onSubmit}>
        <div part="field">
          <label part="label" htmlFor={`${id}-in`}>
            {t('cart.checkIn')}
          </label>
          <input
            ref={checkInRef}
            id={`${id}-in`}
            part="input check-in"
            type="date"
            name="checkIn"
            min={todayIso()}
            required
            aria-invalid={errors.checkIn ? true : undefined}
            aria-describedby={`${id}-in-error`}
          />
          <p id={`${id}-in-error`} part="field-error">
            {errors.checkIn && t(`cart.${errors.checkIn}`)}
          </p>
        </div>
        <div part="field">
          <label part="label" htmlFor={`${id}-out`}>
            {t('cart.checkOut')}
          </label>
          <input
            ref={checkOutRef}
            id={`${id}-out`}
            part="input check-out"
            type="date"
            name="checkOut"
            aria-invalid={errors.checkOut ? true : undefined}
            aria-describedby={`${id}-out-hint ${id}-out-error`}
          />
          <p id={`${id}-out-hint`} part="field-hint">
            {t('cart.checkOutHint')}
          </p>
          <p id={`${id}-out-error`} part="field-error">
            {errors.checkOut && t(`cart.${errors.checkOut}`)}
          </p>
        </div>
        <Button type="submit" part="search-button" disabled={loading} busy={loading}>
          {t('cart.search')}
        </Button>
      </form>
      {loading && <Loader label={t('cart.searching')} />}
      <CartError part="search-error">
        {search.status === 'failed' && (search.error ?? t('cart.searchFailed'))}
      </CartError>
      {search.status === 'ready' && (
        <PackageOptions
          result={search.result}
          stay={{ checkIn: search.params.checkIn, checkOut: search.params.checkOut ?? '' }}
          prices={prices}
        />
      )}
    </section>
  );
}

function PackageOptions({ result, stay, prices }: { result: PackageAvailabilityResponse; stay: { checkIn: string; checkOut: string }; prices: CartPrices }) {
  const { t } = useTranslation();
  const id = useId();
  if (result.options.length === 0) return <p part="options-empty">{t('cart.noOptions')}</p>;
  return (
    <section part="options" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} part="options-title">
        {t('cart.options')}
      </h3>
      <ul part="option-list">
        {result.options.map((option) => (
          <PackageOptionCard key={String(option.id)} result={result} option={option} stay={stay} prices={prices} />
        ))}
      </ul>
    </section>
  );
}

function PackageOptionCard({
  result,
  option,
  stay,
  prices,
}: {
  result: PackageAvailabilityResponse;
  option: PackageOption;
  stay: { checkIn: string; checkOut: string };
  prices: CartPrices;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const add = useSetAtom(addPackageOptionAtom);
  const endpoints = useContext(CartEndpointsContext);
  const { announce } = useContext(CartAnnouncerContext);
  const adding = useAtomValue(pendingCartActionsAtom).has(`add:${String(option.id)}`);
  const error = useAtomValue(cartErrorsAtom)[`option:${String(option.id)}`];
  const details = [option.room?.name, option.board?.name, option.nights === undefined ? undefined : t('cart.nights', { count: option.nights })].filter(
    (detail): detail is string => Boolean(detail),
  );

  const onAdd = async () => {
    // Focus stays on this button (it takes focus back once enabled), ready for another addition; the new line
    // below is said.
    if ((await add(option, stay, endpoints.addPackage)) !== 'ok') return;
    announce(t('cart.added', { name: optionName(option) }));
    void trackAction({ category: 'Shopping Cart', action: 'add_pack', products: [optionProduct(result, option), ...hotelProducts([option.hotel])] });
  };

  return (
    <li part="option" aria-labelledby={titleId}>
      <CartImage image={option.hotel.image} part="option-image" />
      <div part="option-body">
        <h4 id={titleId} part="option-title">
          {optionName(option)}
        </h4>
        <p part="option-hotel">{option.hotel.name}</p>
        {/* Each detail shows where bookcore gives it (docs/bookcore-contract.md "Package availability"). */}
        {details.length > 0 && <p part="option-room">{details.join(' · ')}</p>}
        <p part="option-price">
          <span className="visually-hidden">{t('cart.price')}: </span>
          {prices.format(option.price, result.currency) || t('cart.priceUnavailable')}
        </p>
        <MemberPrice price={option.price} loyaltyPrice={option.loyaltyPrice} currency={result.currency} prices={prices} />
        <Button part="add" disabled={adding} busy={adding} label={t('cart.addLabel', { name: optionName(option) })} onClick={() => void onAdd()}>
          {t('cart.add')}
        </Button>
        {adding && <Loader label={t('cart.adding')} />}
        <CartError part="option-error">
          {error !== undefined && (error ?? t('cart.actionFailed'))}
        </CartError>
      </div>
    </li>
  );
}

/** An option's title: its name, else its room's, else its hotel's (which falls back to the hotel code). */
function optionName(option: PackageOption): string {
  return option.name ?? option.room?.name ?? option.hotel.name;
}
